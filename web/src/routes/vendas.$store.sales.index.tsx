import { createFileRoute, Navigate } from '@tanstack/react-router';
import { StoreOrdersPage } from '@/features/store/components/store-orders';
import { useStoreSession } from '@/features/store/store-session';

/** /vendas/<store>/sales: "Meus pedidos" (spec section 2); without the store's session, its login. */
export const Route = createFileRoute('/vendas/$store/sales/')({
  component: function StoreSales() {
    const { store } = Route.useParams();
    const slug = store.toLowerCase();
    if (!useStoreSession(slug)) return <Navigate to="/vendas/$store" params={{ store }} replace />;
    return <StoreOrdersPage slug={slug} />;
  },
});
