import { createFileRoute } from '@tanstack/react-router';
import { ForbiddenPage } from '@/components/pages/forbidden';

export const Route = createFileRoute('/_blank/403')({
  staticData: { public: true },
  component: ForbiddenPage,
});
