import { createFileRoute } from '@tanstack/react-router';
import { SchedulingEditPage } from '@/features/schedulings/components/edit-page';

/** /schedulings/{id}/edit: a pending scheduling in the creation's form, filled with it (update agendamentos). */
export const Route = createFileRoute('/_app/schedulings/$id_/edit')({
  staticData: { action: 'update', subject: 'agendamentos' },
  component: function SchedulingEdit() {
    const { id } = Route.useParams();
    return <SchedulingEditPage key={id} id={id} />;
  },
});
