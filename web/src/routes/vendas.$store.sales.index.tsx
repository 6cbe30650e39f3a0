import { createFileRoute, Navigate } from '@tanstack/react-router';
import { z } from 'zod';
import { StoreOrdersPage } from '@/features/store/components/store-orders';
import { StoreProfilePage } from '@/features/store/components/store-profile';
import { useStoreSession } from '@/features/store/store-session';

/**
 * /vendas/<store>/sales (spec section 2): the self-checkout's tabs, "Meus pedidos" and, with
 * `?tab=dados`, "Meus dados"; without the store's session, its login.
 */
export const Route = createFileRoute('/vendas/$store/sales/')({
  validateSearch: z.object({ tab: z.enum(['pedidos', 'dados']).optional().catch(undefined) }),
  component: function StoreSales() {
    const { store } = Route.useParams();
    const { tab } = Route.useSearch();
    const slug = store.toLowerCase();
    if (!useStoreSession(slug)) return <Navigate to="/vendas/$store" params={{ store }} replace />;
    return tab === 'dados' ? <StoreProfilePage slug={slug} /> : <StoreOrdersPage slug={slug} />;
  },
});
