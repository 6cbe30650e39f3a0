import { createFileRoute } from '@tanstack/react-router';
import { ClientListPage } from '@/features/clients/components/list-page';

/** /clients: the clients in the user's scope (spec route table: read clientes). */
export const Route = createFileRoute('/_app/clients/')({
  staticData: { action: 'read', subject: 'clientes' },
  component: ClientListPage,
});
