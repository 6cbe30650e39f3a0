import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User, UserSelfUpdate } from '@ev/shared/schemas/users';
import type { z } from 'zod';
import type { PasswordChangeBody, SessionInfo } from '@ev/shared/schemas/auth';
import { api } from '@/lib/api';
import { resourceSaved } from '@/lib/queries/resource';
import { userKeys, userOptions } from '@/lib/queries/users';
import { session } from '@/lib/session';
import { meQueryOptions } from '@/lib/session-data';

export { meQueryOptions };

/** The settings feature's requests (docs/web-layout.md, "API files"): the session's data, the user's record, the password change. */

export function useMe() {
  return useQuery(meQueryOptions());
}

/** GET /api/users/{id}: the user's own record (every preset reads itself), the users' screen's cache entry too. */
export function useUser(id: string) {
  return useQuery(userOptions(id));
}

/** After the user's own record was saved: it is the cached record, and the users' lists read again. */
export function useOwnRecordSaved() {
  const queryClient = useQueryClient();
  return (user: User) => resourceSaved(queryClient, userKeys, user);
}

/** The user's own record read again (after a conflict). */
export function useReloadOwnRecord() {
  const queryClient = useQueryClient();
  return (id: string) => queryClient.invalidateQueries({ queryKey: userKeys.record(id), exact: true });
}

/** POST /api/auth/password: on success every session of the user ends (this one included). */
export async function changePassword(body: z.input<typeof PasswordChangeBody>): Promise<string> {
  const res = await api<{ status: 'success'; message: string }>('/auth/password', { method: 'POST', body });
  return res.message;
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}

/** GET /api/auth/sessions: the user's own sessions, this one first. */
export function useSessions() {
  return useQuery({
    queryKey: ['auth', 'sessions'] as const,
    queryFn: ({ signal }) => api<{ items: SessionInfo[] }>('/auth/sessions', { signal }).then((r) => r.items),
  });
}

/** POST /api/auth/sessions/end-others: every other session of the user ends; answers how many. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ended: number }>('/auth/sessions/end-others', { method: 'POST' }).then((r) => r.ended),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['auth', 'sessions'] }),
  });
}

/** PUT /api/auth/me/profile: the user's own nickname, phones, photo, time zone and date format, over its version. */
export const saveOwnProfile = (body: UserSelfUpdate) => session.ownWrite(() => api<User>('/auth/me/profile', { method: 'PUT', body }));

/** POST /api/auth/me/avatar: the user's photo (a data URL), over the version read. */
export const uploadOwnAvatar = (image: string, version: number) => session.ownWrite(() => api<User>('/auth/me/avatar', { method: 'POST', body: { image, version } }));
