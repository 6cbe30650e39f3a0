import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppLayout } from '@/components/layout/app-layout';

/** The default layout. Every page inside needs a session; home needs only read auth. */
export const Route = createFileRoute('/_app')({
  staticData: { action: 'read', subject: 'auth' },
  component: () => (
    <AppLayout>
      <Outlet />
    </AppLayout>
  ),
});
