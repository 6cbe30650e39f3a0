import { createFileRoute } from '@tanstack/react-router';
import { ManagementDashboardPage } from '@/features/management-dashboard/management-dashboard-page';

/** /management/dashboard (spec section 2: dashboard gerenciais): the company's sales by period, branch, salesman and the clients' places, and the salesmen's coverage. */
export const Route = createFileRoute('/_app/management/dashboard')({
  staticData: { action: 'dashboard', subject: 'gerenciais' },
  component: ManagementDashboardPage,
});
