import { createFileRoute } from '@tanstack/react-router';
import { PermissionsTabs } from '@/features/permissions/components/permissions-tabs';
import { UsersPage } from '@/features/users/components/users-page';
import { UserListSearch } from '@/features/users/list-search';

/**
 * /permissions/users: the tab "Usuários" of the permissions area (issue 14 item 2; the spec names
 * no users route): the company's users, their creation and edit, deactivation, reactivation and
 * password reset. Whoever may update `usuarios`.
 */
export const Route = createFileRoute('/_app/permissions/users')({
  staticData: { action: 'update', subject: 'usuarios' },
  validateSearch: (search) => UserListSearch.parse(search),
  component: function Users() {
    return (
      <div className="flex flex-col gap-4">
        <PermissionsTabs />
        <UsersPage />
      </div>
    );
  },
});
