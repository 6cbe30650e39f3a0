import type { User, UserFlag, UserSummary } from '@ev/shared/schemas/users';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useSaveRecordAt } from '@/lib/record-api';
import { resourceSaved } from '@/lib/queries/resource';
import { userKeys as sharedUserKeys, userOptions } from '@/lib/queries/users';

/** The company's profiles and branches: one definition each, shared with the permissions and company screens. */
export { useBranches } from '@/lib/queries/branches';
export { useProfiles } from '@/lib/queries/profiles';

/** The users list's filters, as the URL keeps them. */
export interface UserFilter {
  q?: string;
  profileId?: string;
  branchId?: string;
  flag?: UserFlag;
  active?: 'true' | 'false';
}

export const PAGE_SIZE = 20;

function query(f: UserFilter) {
  return { q: f.q?.trim() || undefined, profileId: f.profileId, branchId: f.branchId, flag: f.flag, active: f.active };
}

export const userKeys = {
  ...sharedUserKeys,
  list: (f: UserFilter) => [...sharedUserKeys.all, 'list', query(f)] as const,
};

export const useUserList = (f: UserFilter) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: userKeys.list(f),
      initialPageParam: null as string | null,
      queryFn: ({ pageParam, signal }) => api<{ items: UserSummary[]; nextCursor: string | null }>('/users', { query: { ...query(f), cursor: pageParam, limit: PAGE_SIZE }, signal }),
      getNextPageParam: (last) => last.nextCursor ?? null,
    }),
  );

export const useUser = (id: string | null) => useQuery({ ...userOptions(id ?? ''), enabled: !!id });

/** Creates (POST /users) or updates (PUT /users/{id}, with the version read) a user. */
export const useSaveUser = () => useSaveRecordAt<User>('/users', userKeys);

export type UserAction = 'deactivate' | 'reactivate' | 'reset-password';

/**
 * Deactivation (DELETE /users/{id}), reactivation and the password reset (POST
 * /users/{id}/reactivate | reset-password): the answer is the user, kept as the cached record, and
 * the lists read again.
 */
export function useUserAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: UserAction }) =>
      action === 'deactivate' ? api<User>(`/users/${id}`, { method: 'DELETE' }) : api<User>(`/users/${id}/${action}`, { method: 'POST' }),
    onSuccess: (user) => void resourceSaved(qc, userKeys, user),
  });
}
