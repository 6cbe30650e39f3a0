import type { RegistryDefinition } from '@ev/shared/registries/definition';
import type { Option } from '@ev/shared/registries/fields';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A registry declaration with its title, labels, options, hints and section titles in the current
 * language, from the keys `defineRegistry` gave them (docs/texts.md). The pages read this copy.
 */
export function localRegistry(def: RegistryDefinition, t: TFunction): RegistryDefinition {
  const tr = (key: string | undefined, pt: string) => (key ? t(key, { ns: 'messages' }) : pt);
  const options = (list: readonly Option[]) => list.map((o) => ({ ...o, label: tr(o.key, o.label) }));
  const fields = Object.fromEntries(
    Object.entries(def.fields).map(([name, f]) => [
      name,
      {
        ...f,
        label: tr(f.key, f.label),
        ...(f.hint ? { hint: tr(f.hintKey, f.hint) } : {}),
        ...(f.placeholder ? { placeholder: tr(f.placeholderKey, f.placeholder) } : {}),
        ...(f.options ? { options: options(f.options) } : {}),
      },
    ]),
  );
  return {
    ...def,
    title: tr(def.titleKey, def.title),
    singular: tr(def.singularKey, def.singular),
    fields,
    columns: def.columns.map((c) => ({ ...c, label: tr(c.key, c.label) })),
    filters: def.filters.map((f) => ({ ...f, label: fields[f.field]?.label ?? f.label, options: fields[f.field]?.options ?? f.options })),
    form: def.form.map((s) => (s.title ? { ...s, title: tr(s.titleKey, s.title) } : s)),
    naturalKey: { ...def.naturalKey, label: fields[def.naturalKey.field]?.label ?? def.naturalKey.label },
  };
}

export function useLocalRegistry(def: RegistryDefinition): RegistryDefinition {
  // `t` changes with the language, so the copy follows it.
  const { t } = useTranslation('messages');
  return useMemo(() => localRegistry(def, t), [def, t]);
}
