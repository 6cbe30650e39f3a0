import { createFileRoute } from '@tanstack/react-router';
import { SaleEntryPage } from '@/features/sales/entry/entry-page';

/**
 * /sales/create/{id?}: the order entry (spec route table: create vendas); with an id it opens that
 * draft. One route for both, so the first save (which gives the draft its id and puts it in the URL)
 * keeps the screen as it is, focus and all.
 */
export const Route = createFileRoute('/_app/sales/create/{-$id}')({
  staticData: { action: 'create', subject: 'vendas', namespaces: ['sales'] },
  component: function SaleEntry() {
    const { id } = Route.useParams();
    return <SaleEntryPage id={id ?? null} />;
  },
});
