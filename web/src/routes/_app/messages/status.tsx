import { createFileRoute } from '@tanstack/react-router';
import { StatusPage } from '@/features/messages/components/status-page';
import { StatusSearch } from '@/features/messages/list-search';

/** /messages/status (read mensagens; spec section 2): a send's messages and their statuses. */
export const Route = createFileRoute('/_app/messages/status')({
  staticData: { action: 'read', subject: 'mensagens' },
  validateSearch: (search) => StatusSearch.parse(search),
  component: StatusPage,
});
