import { createFileRoute } from '@tanstack/react-router';
import { ClientListPage } from '@/features/clients/components/list-page';
import { ClientListSearch } from '@/features/clients/list-search';
import { useScheduleVisitsSelection } from '@/features/schedulings/components/create-many-dialog';

/**
 * /clients: the clients in the user's scope (spec route table: read clientes); search, filters and
 * sort in the URL. Who may create schedulings chooses clients on it and schedules visits to them
 * ("Agendar visitas", from the schedulings feature: features do not import each other, the route
 * composes them).
 */
export const Route = createFileRoute('/_app/clients/')({
  staticData: { action: 'read', subject: 'clientes' },
  validateSearch: (search) => ClientListSearch.parse(search),
  component: function ClientList() {
    const scheduleVisits = useScheduleVisitsSelection();
    return <ClientListPage selection={scheduleVisits ?? undefined} />;
  },
});
