import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SaleEntryPage } from '@/features/sales/entry/entry-page';

/** `offline`: the key of an order the server refused after it was queued offline, opened for correction (docs/offline.md "Orders offline"). */
const EntrySearch = z.object({ offline: z.string().max(100).optional().catch(undefined) });

/**
 * /sales/create/{id?}: the order entry (spec route table: create vendas); with an id it opens that
 * draft. One route for both, so the first save (which gives the draft its id and puts it in the URL)
 * keeps the screen as it is, focus and all.
 */
export const Route = createFileRoute('/_app/sales/create/{-$id}')({
  staticData: { action: 'create', subject: 'vendas', namespaces: ['sales'] },
  validateSearch: (search) => EntrySearch.parse(search),
  component: function SaleEntry() {
    const { id } = Route.useParams();
    const { offline } = Route.useSearch();
    return <SaleEntryPage id={id ?? null} review={offline ?? null} />;
  },
});
