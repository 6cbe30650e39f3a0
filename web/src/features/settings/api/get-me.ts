import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { session, type SessionBody } from '@/lib/session';

/** GET /api/auth/me: the session's fresh data; what it answers replaces the stored user data. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'me'] as const,
    queryFn: async ({ signal }) => {
      const res = await api<{ status: 'success'; data: SessionBody }>('/auth/me', { signal });
      session.setBody(res.data);
      return res.data;
    },
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
