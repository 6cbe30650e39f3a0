import { createFileRoute } from '@tanstack/react-router';
import { SaleEntryPage } from '@/features/sales/entry/entry-page';

/**
 * /sales/{id}/edit: a pending sale corrected on the order entry's own screen (update vendas;
 * docs/sales.md "Correcting a pending sale"): saved whole, once, by the user.
 */
export const Route = createFileRoute('/_app/sales/$id_/edit')({
  staticData: { action: 'update', subject: 'vendas', namespaces: ['sales'] },
  component: function SaleEdit() {
    const { id } = Route.useParams();
    return <SaleEntryPage key={id} id={id} mode="edit" />;
  },
});
