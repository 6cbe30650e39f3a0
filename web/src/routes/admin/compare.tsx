import { createFileRoute } from '@tanstack/react-router';
import { ComparePage } from '@/features/admin/components/compare-page';
import { AdminCompareSearch } from '@/features/admin/list-search';

/** /admin/compare: two companies' setups side by side, and the chosen items copied from one to the other. */
export const Route = createFileRoute('/admin/compare')({
  staticData: { namespaces: ['company'] },
  validateSearch: (search) => AdminCompareSearch.parse(search),
  component: ComparePage,
});
