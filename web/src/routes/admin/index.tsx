import { createFileRoute } from '@tanstack/react-router';
import { AdminHome } from '@/features/admin/components/admin-home';
import { AdminCompaniesSearch } from '@/features/admin/list-search';

/** /admin: the server data card and the service's companies. */
export const Route = createFileRoute('/admin/')({
  validateSearch: (search) => AdminCompaniesSearch.parse(search),
  component: AdminHome,
});
