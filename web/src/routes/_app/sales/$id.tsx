import { createFileRoute } from '@tanstack/react-router';
import { SaleDetailPage } from '@/features/sales/components/detail-page';

/** /sales/{id}: a sale or a draft, its items, totals, installments, history and status moves (read vendas). */
export const Route = createFileRoute('/_app/sales/$id')({
  staticData: { action: 'read', subject: 'vendas' },
  component: function SaleDetail() {
    const { id } = Route.useParams();
    return <SaleDetailPage key={id} id={id} />;
  },
});
