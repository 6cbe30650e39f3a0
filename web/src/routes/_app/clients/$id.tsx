import { createFileRoute, redirect } from '@tanstack/react-router';
import { ClientDetailPage } from '@/features/clients/components/detail-page';
import { session } from '@/lib/session';

/** /clients/{id} (view and edit) and /clients/new (create: needs create on clientes too). */
export const Route = createFileRoute('/_app/clients/$id')({
  staticData: { action: 'read', subject: 'clientes' },
  beforeLoad: async ({ params }) => {
    if (params.id !== 'new') return;
    const { abilityFrom } = await import('@/lib/ability');
    if (!abilityFrom(session.get().data?.abilities).can('create', 'clientes')) throw redirect({ to: '/403' });
  },
  component: function ClientDetail() {
    const { id } = Route.useParams();
    return <ClientDetailPage key={id} id={id} />;
  },
});
