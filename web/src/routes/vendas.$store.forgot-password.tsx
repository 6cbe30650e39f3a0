import { createFileRoute } from '@tanstack/react-router';
import { StoreForgotPage } from '@/features/store/components/store-login';

/** /vendas/<store>/forgot-password (spec section 2): a link to set a new password, asked by e-mail. */
export const Route = createFileRoute('/vendas/$store/forgot-password')({
  component: function StoreForgot() {
    const { store } = Route.useParams();
    return <StoreForgotPage slug={store.toLowerCase()} />;
  },
});
