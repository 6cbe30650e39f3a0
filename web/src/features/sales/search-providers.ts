import { useEffect } from 'react';
import { useFormat } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { registerSearchProvider } from '@/lib/search-registry';
import { searchSales } from './api/sales-api';

/**
 * The sales' global-search provider: terms of 1+ characters (a number) or words of the client's name
 * search the closed sales in the user's scope (5 matches, aborted when the term changes); a result
 * opens the sale.
 */
export function useSaleSearchProvider(): void {
  const format = useFormat();
  useEffect(
    () =>
      registerSearchProvider({
        id: 'sales',
        labelKey: 'layout:menu.items.sales',
        subject: 'vendas',
        action: 'read',
        async search(term, signal) {
          const q = term.trim();
          if (!q || (q.length < 2 && !/^\d+$/.test(q))) return [];
          const items = await searchSales(q, signal, 5);
          return items.map((s) => ({
            id: s.id,
            title: `${i18n.t('sales:number', { number: s.number ?? '' })} · ${s.clientName ?? ''}`,
            subtitle: [format.date(s.orderDate), i18n.t(`sales:status.${s.status}`), format.money(s.total)].join(' · '),
            to: `/sales/${s.id}`,
          }));
        },
      }),
    [format],
  );
}
