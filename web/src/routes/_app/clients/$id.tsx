import { createFileRoute, redirect } from '@tanstack/react-router';
import type { ClientViewTab } from '@/features/clients/components/client-view';
import { ClientDetailPage } from '@/features/clients/components/detail-page';
import { ClientSalesTab } from '@/features/sales/client-sales-tab';
import { useAbility } from '@/lib/ability';
import { session } from '@/lib/session';

/**
 * The tabs other features add to a saved client (features do not import each other: the route
 * composes them): "Vendas", for those who may read `vendas`.
 */
const SALES_TAB: ClientViewTab = { id: 'sales', labelKey: 'sales:clientTab.title', when: (c) => !!c.client, render: (c) => <ClientSalesTab clientId={c.client!.id} /> };

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
    const sales = useAbility().can('read', 'vendas');
    return <ClientDetailPage key={id} id={id} tabs={sales ? [SALES_TAB] : []} />;
  },
});
