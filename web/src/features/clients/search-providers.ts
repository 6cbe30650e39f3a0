import { useEffect } from 'react';
import { registerSearchProvider } from '@/lib/search-registry';
import { searchClients } from '@/lib/queries/clients';
import { phoneText } from './format';

/**
 * The clients' global-search provider: terms of 2+ characters search the API (name words,
 * CPF/CNPJ or phone; 5 matches in the user's scope, aborted when the term changes); a result opens
 * the client.
 */
export function useClientSearchProvider(): void {
  useEffect(
    () =>
      registerSearchProvider({
        id: 'clients',
        labelKey: 'layout:menu.items.clients',
        subject: 'clientes',
        action: 'read',
        async search(term, signal) {
          if (term.trim().length < 2) return [];
          const items = await searchClients(term.trim(), signal, 5);
          return items.map((c) => ({
            id: c.id,
            title: c.name,
            subtitle: [c.nickname, c.document, phoneText(c.phone1), c.city && c.state ? `${c.city}/${c.state}` : c.city].filter(Boolean).join(' · ') || undefined,
            to: `/clients/${c.id}`,
          }));
        },
      }),
    [],
  );
}
