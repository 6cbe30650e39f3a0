import { createFileRoute } from '@tanstack/react-router';
import { SchedulingListPage } from '@/features/schedulings/components/list-page';
import { SchedulingListSearch } from '@/features/schedulings/list-search';

/** /schedulings/pending: the pending and active schedulings in the user's scope (spec route table: read agendamentos). */
export const Route = createFileRoute('/_app/schedulings/pending')({
  staticData: { action: 'read', subject: 'agendamentos' },
  validateSearch: (search) => SchedulingListSearch.parse(search),
  component: function PendingSchedulings() {
    return <SchedulingListPage list="pending" search={Route.useSearch()} />;
  },
});
