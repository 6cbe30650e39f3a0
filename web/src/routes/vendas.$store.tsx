import { createFileRoute, Outlet } from '@tanstack/react-router';
import { StoreArea } from '@/features/store/components/store-area';

/**
 * /vendas/<store> (spec section 2, the self-checkout; docs/store.md): a company's store, its own
 * frame outside the company app. Public to the router: it needs no company session; the store's
 * client has its own (features/store/store-session.ts).
 */
export const Route = createFileRoute('/vendas/$store')({
  staticData: { public: true, namespaces: ['store'] },
  component: function StoreRoute() {
    const { store } = Route.useParams();
    const slug = store.toLowerCase();
    return (
      <StoreArea slug={slug}>
        <Outlet />
      </StoreArea>
    );
  },
});
