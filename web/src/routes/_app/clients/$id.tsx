import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
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

/**
 * A WhatsApp contact made a client from the AI area (`/clients/new?contact=<number>&name=…`): the
 * form starts with its name and number, and the saved client is linked to the contact.
 */
const ClientSearch = z.object({
  name: z.string().max(120).optional().catch(undefined),
  contact: z.string().regex(/^\d{10,15}$/).optional().catch(undefined),
});

/** /clients/{id} (view and edit) and /clients/new (create: needs create on clientes too). */
export const Route = createFileRoute('/_app/clients/$id')({
  staticData: { action: 'read', subject: 'clientes' },
  validateSearch: (search) => ClientSearch.parse(search),
  beforeLoad: async ({ params }) => {
    if (params.id !== 'new') return;
    const { abilityFrom } = await import('@/lib/ability');
    if (!abilityFrom(session.get().data?.abilities).can('create', 'clientes')) throw redirect({ to: '/403' });
  },
  component: function ClientDetail() {
    const { id } = Route.useParams();
    const { name, contact } = Route.useSearch();
    const sales = useAbility().can('read', 'vendas');
    return <ClientDetailPage key={id} id={id} tabs={sales ? [SALES_TAB] : []} prefill={id === 'new' && contact ? { name, contact } : undefined} />;
  },
});
