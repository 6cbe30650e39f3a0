import { createFileRoute } from '@tanstack/react-router';
import { SaleListPage } from '@/features/sales/components/list-page';
import { SaleListSearch } from '@/features/sales/list-search';

/** /sales: the sales in the user's scope (spec route table: read vendas); the drafts apart; filters and sort in the URL. */
export const Route = createFileRoute('/_app/sales/')({
  staticData: { action: 'read', subject: 'vendas' },
  validateSearch: (search) => SaleListSearch.parse(search),
  component: SaleListPage,
});
