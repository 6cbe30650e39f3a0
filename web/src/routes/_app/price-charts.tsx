import { createFileRoute } from '@tanstack/react-router';
import { PriceChartPage } from '@/features/prices/components/price-chart-page';

/** /price-charts: the price chart (spec route table: vendas). */
export const Route = createFileRoute('/_app/price-charts')({
  staticData: { action: 'read', subject: 'vendas' },
  component: PriceChartPage,
});
