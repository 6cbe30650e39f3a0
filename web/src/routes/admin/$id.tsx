import { createFileRoute } from '@tanstack/react-router';
import { CompanyDetailsPage } from '@/features/admin/components/company-details-page';

/** /admin/{id}: a company's platform record, its edit, suspension and reactivation. */
export const Route = createFileRoute('/admin/$id')({
  staticData: { namespaces: ['company'] },
  component: function AdminCompany() {
    const { id } = Route.useParams();
    return <CompanyDetailsPage key={id} id={id} />;
  },
});
