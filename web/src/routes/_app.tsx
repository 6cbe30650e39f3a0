import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppLayout } from '@/components/layout/app-layout';
import { RootRouteError } from '@/components/pages/route-error';
import { SessionAbility } from '@/components/session-ability';
import { useClientSearchProvider } from '@/features/clients/search-providers';
import { useProductSearchProvider } from '@/features/products/search-providers';
import { useSaleSearchProvider } from '@/features/sales/search-providers';
import { useRegistrySearchProviders } from '@/features/registries/search-providers';

/** The default layout. Every page inside needs a session; home needs only read auth. */
export const Route = createFileRoute('/_app')({
  staticData: { action: 'read', subject: 'auth' },
  component: AppShell,
  // The shell itself failing: no navigation to draw it in (a page's failure shows inside it, the router's default).
  errorComponent: RootRouteError,
});

function AppShell() {
  // The modules' global-search providers live as long as the default layout.
  useClientSearchProvider();
  useProductSearchProvider();
  useSaleSearchProvider();
  useRegistrySearchProviders();
  return (
    <SessionAbility>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </SessionAbility>
  );
}
