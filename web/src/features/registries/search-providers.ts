import { REGISTRY_INDEX } from '@ev/shared/registries/names';
import { useEffect } from 'react';
import { registerSearchProvider } from '@/lib/search-registry';
import { searchRegistry } from './api/registry-api';

/**
 * One global-search provider per registry: terms of 2+ characters search the API (5 matches, the
 * request aborted when the term changes) and a result opens the record. The dialog asks only the
 * providers whose subject the user may read. Registered from the registries' light index; the
 * declarations (how a record's natural key is shown) load with the first search that reaches one.
 */
export function useRegistrySearchProviders(): void {
  useEffect(() => {
    const removers = REGISTRY_INDEX.map(({ name, subject }) =>
      registerSearchProvider({
        id: `registry:${name}`,
        labelKey: `layout:menu.registries.${name}`,
        subject,
        action: 'read',
        async search(term, signal) {
          if (term.trim().length < 2) return [];
          const [items, { displayValue }, { registry }] = await Promise.all([searchRegistry(name, term.trim(), signal, 5), import('@ev/shared/registries/format'), import('@ev/shared/registries/index')]);
          const def = registry(name)!;
          const key = def.naturalKey.field;
          return items.map((r) => {
            const keyText = displayValue(def.fields[key], r[key]);
            const title = typeof r.name === 'string' ? r.name : keyText;
            return { id: r.id, title, subtitle: key !== 'name' && keyText !== title ? `${def.singular} · ${keyText}` : def.singular, to: `/${name}/${r.id}` };
          });
        },
      }),
    );
    return () => removers.forEach((remove) => remove());
  }, []);
}
