import { createFileRoute } from '@tanstack/react-router';
import { SchedulingListPage } from '@/features/schedulings/components/list-page';
import { SchedulingListSearch } from '@/features/schedulings/list-search';

/** /schedulings/completed: the completed and cancelled schedulings in the user's scope (spec route table: read agendamentos). */
export const Route = createFileRoute('/_app/schedulings/completed')({
  staticData: { action: 'read', subject: 'agendamentos' },
  validateSearch: (search) => SchedulingListSearch.parse(search),
  component: function CompletedSchedulings() {
    return <SchedulingListPage list="completed" search={Route.useSearch()} />;
  },
});
