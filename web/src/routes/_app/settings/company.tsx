import { createFileRoute } from '@tanstack/react-router';
import { CompanyPage } from '@/features/company/components/company-page';

/** /settings/company (read admin; issue 14 item 3): the company's data, settings and branches. */
export const Route = createFileRoute('/_app/settings/company')({
  staticData: { action: 'read', subject: 'admin' },
  component: CompanyPage,
});
