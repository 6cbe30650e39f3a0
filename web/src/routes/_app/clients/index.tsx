import { createFileRoute } from '@tanstack/react-router';
import { ClientListPage } from '@/features/clients/components/list-page';
import { ClientListSearch } from '@/features/clients/list-search';

/** /clients: the clients in the user's scope (spec route table: read clientes); search, filters and sort in the URL. */
export const Route = createFileRoute('/_app/clients/')({
  staticData: { action: 'read', subject: 'clientes' },
  validateSearch: (search) => ClientListSearch.parse(search),
  component: ClientListPage,
});
