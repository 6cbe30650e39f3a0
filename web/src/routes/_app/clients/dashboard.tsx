import { createFileRoute } from '@tanstack/react-router';
import { ClientsDashboardPage } from '@/features/clients-dashboard/clients-dashboard-page';

/** /clients/dashboard (spec section 2: dashboard clientes): the clients of the user's scope in figures and charts. */
export const Route = createFileRoute('/_app/clients/dashboard')({
  staticData: { action: 'dashboard', subject: 'clientes' },
  component: ClientsDashboardPage,
});
