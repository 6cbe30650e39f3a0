import { createFileRoute } from '@tanstack/react-router';
import { AccessControlPage } from '@/features/access/components/access-control-page';

/** /access-control (spec: read AclDemo): what the current user may do. Administrators only, by preset. */
export const Route = createFileRoute('/_app/access-control')({
  staticData: { action: 'read', subject: 'AclDemo' },
  component: AccessControlPage,
});
