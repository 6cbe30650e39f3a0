import { createFileRoute, redirect } from '@tanstack/react-router';
import { TemplatePage } from '@/features/messages/components/template-page';
import { session } from '@/lib/session';

/** /messages/templates/{id} (view and edit; spec section 2) and /messages/templates/new (needs create on mensagens too). */
export const Route = createFileRoute('/_app/messages/templates/$id')({
  staticData: { action: 'read', subject: 'mensagens' },
  beforeLoad: async ({ params }) => {
    if (params.id !== 'new') return;
    const { abilityFrom } = await import('@/lib/ability');
    if (!abilityFrom(session.get().data?.abilities).can('create', 'mensagens')) throw redirect({ to: '/403' });
  },
  component: function MessageTemplate() {
    const { id } = Route.useParams();
    return <TemplatePage key={id} id={id} />;
  },
});
