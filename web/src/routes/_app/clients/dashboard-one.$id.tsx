import { createFileRoute } from '@tanstack/react-router';
import { DashboardOnePage } from '@/features/clients/financial/dashboard-one-page';

/** /clients/dashboard-one/{id}: one client's open and overdue values and payment punctuality (12 months). */
export const Route = createFileRoute('/_app/clients/dashboard-one/$id')({
  staticData: { action: 'read', subject: 'clientes' },
  component: function ClientDashboardOne() {
    const { id } = Route.useParams();
    return <DashboardOnePage key={id} clientId={id} />;
  },
});
