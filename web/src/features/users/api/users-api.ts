import type { Branch } from '@ev/shared/schemas/company';
import type { Profile } from '@ev/shared/schemas/profiles';
import type { User, UserFlag, UserSummary } from '@ev/shared/schemas/users';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { recordOptions, useSaveRecordAt } from '@/lib/record-api';

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
  all: ['users'] as const,
  list: (f: UserFilter) => ['users', 'list', query(f)] as const,
  record: (id: string) => ['users', 'record', id] as const,
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

export const useUser = (id: string | null) => useQuery({ ...recordOptions<User>('/users', userKeys, id ?? ''), enabled: !!id });

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
    onSuccess: (user) => {
      qc.setQueryData(userKeys.record(user.id), user);
      void qc.invalidateQueries({ queryKey: [...userKeys.all, 'list'] });
      void qc.invalidateQueries({ queryKey: [...userKeys.record(user.id), 'history'] });
    },
  });
}

/** The company's profiles (a handful), by name: the filter and the form's select. */
export const useProfiles = () =>
  useQuery({
    queryKey: ['users', 'profiles'],
    queryFn: ({ signal }) => api<{ items: Profile[] }>('/profiles', { query: { limit: 100 }, signal }).then((p) => p.items),
    staleTime: 60_000,
  });

/** The company's branches (result centers), by name: the filter, the allowed branches and the default one. */
export const useBranches = () =>
  useQuery({
    queryKey: ['users', 'branches'],
    queryFn: ({ signal }) => api<{ items: Branch[] }>('/branches', { query: { limit: 100 }, signal }).then((p) => p.items),
    staleTime: 60_000,
  });
