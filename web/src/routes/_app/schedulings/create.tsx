import { createFileRoute } from '@tanstack/react-router';
import { SchedulingCreatePage } from '@/features/schedulings/components/scheduling-form';

/** /schedulings/create: a new scheduling (spec route table: create agendamentos). */
export const Route = createFileRoute('/_app/schedulings/create')({
  staticData: { action: 'create', subject: 'agendamentos' },
  component: SchedulingCreatePage,
});
