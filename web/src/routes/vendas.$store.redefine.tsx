import { createFileRoute } from '@tanstack/react-router';
import { StoreRedefinePage } from '@/features/store/components/store-login';

/** /vendas/<store>/redefine#<token>: the e-mail's link (an invitation or a forgotten password) to set the password. */
export const Route = createFileRoute('/vendas/$store/redefine')({
  component: function StoreRedefine() {
    const { store } = Route.useParams();
    return <StoreRedefinePage slug={store.toLowerCase()} />;
  },
});
