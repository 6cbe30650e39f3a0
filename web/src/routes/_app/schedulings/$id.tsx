import { createFileRoute } from '@tanstack/react-router';
import { SchedulingDetailPage } from '@/features/schedulings/components/detail-page';

/** /schedulings/{id}: a scheduling, its check-ins and the moves its status allows (read agendamentos). */
export const Route = createFileRoute('/_app/schedulings/$id')({
  staticData: { action: 'read', subject: 'agendamentos' },
  component: function SchedulingDetail() {
    const { id } = Route.useParams();
    return <SchedulingDetailPage key={id} id={id} />;
  },
});
