import { createFileRoute } from '@tanstack/react-router';
import { SalesDashboardPage } from '@/features/sales-dashboard/sales-dashboard-page';

/** /sales/dashboard (spec section 2: dashboard vendas): the sales of the user's scope in figures and charts over a period. */
export const Route = createFileRoute('/_app/sales/dashboard')({
  staticData: { action: 'dashboard', subject: 'vendas' },
  component: SalesDashboardPage,
});
