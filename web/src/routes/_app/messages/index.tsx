import { createFileRoute } from '@tanstack/react-router';
import { BatchesPage } from '@/features/messages/components/batches-page';
import { BatchListSearch } from '@/features/messages/list-search';

/** /messages (read mensagens; spec section 2): the sends, pending and sent, with their progress. */
export const Route = createFileRoute('/_app/messages/')({
  staticData: { action: 'read', subject: 'mensagens' },
  validateSearch: (search) => BatchListSearch.parse(search),
  component: BatchesPage,
});
