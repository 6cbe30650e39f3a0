import { createFileRoute } from '@tanstack/react-router';
import { RepliesPage } from '@/features/messages/components/replies-page';
import { RepliesSearch } from '@/features/messages/list-search';

/** /messages/replies (read mensagens; spec section 2): the clients' replies by number, and the answers. */
export const Route = createFileRoute('/_app/messages/replies')({
  staticData: { action: 'read', subject: 'mensagens' },
  validateSearch: (search) => RepliesSearch.parse(search),
  component: RepliesPage,
});
