import { createFileRoute, Navigate } from '@tanstack/react-router';
import { StoreOrderPage } from '@/features/store/components/store-orders';
import { useStoreSession } from '@/features/store/store-session';

/** /vendas/<store>/sales/<id>: one of the client's orders (spec section 2); without the store's session, its login. */
export const Route = createFileRoute('/vendas/$store/sales/$id')({
  component: function StoreSale() {
    const { store, id } = Route.useParams();
    const slug = store.toLowerCase();
    if (!useStoreSession(slug)) return <Navigate to="/vendas/$store" params={{ store }} replace />;
    return <StoreOrderPage slug={slug} id={id} />;
  },
});
