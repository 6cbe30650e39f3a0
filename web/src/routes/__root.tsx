import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { LoadingBar } from '@/components/chrome/loading-bar';
import { PreferencesSync } from '@/components/chrome/preferences-sync';
import { PwaUpdatePrompt } from '@/components/chrome/pwa-update-prompt';
import { NotFoundPage } from '@/components/pages/not-found';
import { RootRouteError } from '@/components/pages/route-error';
import { guard } from '@/lib/guard';
import { attachNotices } from '@/lib/notices';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location, matches }) => guard({ location, matches }),
  component: Root,
  notFoundComponent: NotFoundPage,
  errorComponent: RootRouteError,
});

function Root() {
  useEffect(
    () =>
      attachNotices((n) => {
        if (n.kind === 'warning') toast.warning(n.text);
        else if (n.kind === 'error') toast.error(n.text);
        else if (n.kind === 'success') toast.success(n.text);
        else toast.info(n.text);
      }),
    [],
  );
  return (
    <>
      <LoadingBar />
      <PreferencesSync />
      <Outlet />
      <PwaUpdatePrompt />
      {/* Spec section 9: toasts 5000 ms, at most 20, top-right. */}
      <Toaster position="top-right" duration={5000} visibleToasts={20} richColors closeButton />
    </>
  );
}
