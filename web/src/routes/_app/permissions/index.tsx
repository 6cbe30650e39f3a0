import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { searchSchema } from '@/components/list/search-params';
import { PermissionsPage } from '@/features/permissions/components/permissions-page';

const Search = searchSchema(() => z.object({ profile: z.string().max(64).optional().catch(undefined) }));

/** /permissions (spec route table: permissões): the company's profiles and their abilities; the profile chosen in the URL. */
export const Route = createFileRoute('/_app/permissions/')({
  staticData: { action: 'read', subject: 'permissões' },
  validateSearch: (search) => Search.parse(search),
  component: function Permissions() {
    const { profile } = Route.useSearch();
    return <PermissionsPage selected={profile} />;
  },
});
