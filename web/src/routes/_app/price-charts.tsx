import { createFileRoute } from '@tanstack/react-router';
import { PriceChartPage } from '@/features/prices/components/price-chart-page';
import { PriceChartSearch } from '@/features/prices/list-search';

/** /price-charts: the price chart (spec route table: vendas); filters and sort in the URL. */
export const Route = createFileRoute('/_app/price-charts')({
  staticData: { action: 'read', subject: 'vendas' },
  validateSearch: (search) => PriceChartSearch.parse(search),
  component: PriceChartPage,
});
