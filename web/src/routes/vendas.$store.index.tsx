import { createFileRoute, Navigate } from '@tanstack/react-router';
import { StoreLoginPage } from '@/features/store/components/store-login';
import { useStoreSession } from '@/features/store/store-session';

/** /vendas/<store>: the store's login (a login-like page, spec section 2); signed in, "Meus pedidos". */
export const Route = createFileRoute('/vendas/$store/')({
  component: function StoreIndex() {
    const { store } = Route.useParams();
    const slug = store.toLowerCase();
    const session = useStoreSession(slug);
    if (session) return <Navigate to="/vendas/$store/sales" params={{ store }} replace />;
    return <StoreLoginPage slug={slug} />;
  },
});
