import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminArea } from '@/features/admin/components/admin-area';

/**
 * /admin (spec section 2, "read auth"; docs/admin.md): the operators' area, its own frame outside
 * the company app. Public to the router: it needs no company session; the operator's own session
 * is the area's (without it, every admin page shows the operator's sign-in).
 */
export const Route = createFileRoute('/admin')({
  staticData: { public: true, namespaces: ['admin'] },
  component: () => (
    <AdminArea>
      <Outlet />
    </AdminArea>
  ),
});
