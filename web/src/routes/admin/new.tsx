import { createFileRoute } from '@tanstack/react-router';
import { NewCompanyPage } from '@/features/admin/components/new-company-page';

/** /admin/new: a new company with its first branch and administrator. */
export const Route = createFileRoute('/admin/new')({
  component: NewCompanyPage,
});
