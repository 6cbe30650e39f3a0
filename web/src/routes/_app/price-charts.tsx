import { createFileRoute } from '@tanstack/react-router';
import { ImportDialog } from '@/features/jobs';
import { PriceChartPage, type PriceImportDialog } from '@/features/prices/components/price-chart-page';

/** The prices import (the jobs feature's dialog on the `prices` import): the route composes the two features. */
const importDialog: PriceImportDialog = ({ onDone, ...props }) => <ImportDialog name="prices" {...props} onDone={() => onDone()} />;

/** /price-charts: the price chart (spec route table: vendas). */
export const Route = createFileRoute('/_app/price-charts')({
  staticData: { action: 'read', subject: 'vendas' },
  component: function PriceCharts() {
    return <PriceChartPage importDialog={importDialog} />;
  },
});
