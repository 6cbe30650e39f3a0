import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@ev/shared/schemas/users';
import { api } from '@/lib/api';

/** GET /api/users/{id}: the user's own record (every preset reads itself). */
export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['users', id] as const,
    queryFn: ({ signal }) => api<User>(`/users/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
