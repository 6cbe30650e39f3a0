import { displayValue } from '@ev/shared/registries/format';
import { REGISTRIES } from '@ev/shared/registries/index';
import { useEffect } from 'react';
import { registerSearchProvider } from '@/lib/search-registry';
import { searchRegistry } from './api/registry-api';

/**
 * One global-search provider per registry: terms of 2+ characters search the API (5 matches, the
 * request aborted when the term changes) and a result opens the record. The dialog asks only the
 * providers whose subject the user may read.
 */
export function useRegistrySearchProviders(): void {
  useEffect(() => {
    const removers = REGISTRIES.map((def) =>
      registerSearchProvider({
        id: `registry:${def.name}`,
        labelKey: `layout:menu.registries.${def.name}`,
        subject: def.subject,
        action: 'read',
        async search(term, signal) {
          if (term.trim().length < 2) return [];
          const items = await searchRegistry(def.name, term.trim(), signal, 5);
          const key = def.naturalKey.field;
          return items.map((r) => {
            const keyText = displayValue(def.fields[key], r[key]);
            const name = typeof r.name === 'string' ? r.name : keyText;
            return { id: r.id, title: name, subtitle: key !== 'name' && keyText !== name ? `${def.singular} · ${keyText}` : def.singular, to: `/${def.name}/${r.id}` };
          });
        },
      }),
    );
    return () => removers.forEach((remove) => remove());
  }, []);
}
