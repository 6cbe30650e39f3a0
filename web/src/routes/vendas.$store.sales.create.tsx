import { createFileRoute, Navigate } from '@tanstack/react-router';
import { StorePurchasePage } from '@/features/store/components/store-purchase';
import { useStoreSession } from '@/features/store/store-session';

/** /vendas/<store>/sales/create: the client's new purchase (spec section 2); without the store's session, its login. */
export const Route = createFileRoute('/vendas/$store/sales/create')({
  component: function StorePurchase() {
    const { store } = Route.useParams();
    const slug = store.toLowerCase();
    const session = useStoreSession(slug);
    if (!session) return <Navigate to="/vendas/$store" params={{ store }} replace />;
    return <StorePurchasePage key={`${slug}:${session.client.id}`} slug={slug} clientId={session.client.id} canBuy={session.client.canBuy} />;
  },
});
