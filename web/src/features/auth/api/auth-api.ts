import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoginBody, SessionData, ForgotPasswordBody, PasswordChangeBody } from '@ev/shared/schemas/auth';
import { api } from '@/lib/api';

/** The auth feature's requests (docs/web-layout.md, "API files"): login, forgot password, the forced new password. */

/** POST /api/login: the whole session, or a 401 (wrong credentials, inactive) or 429 (throttled). */
export async function login(body: z.input<typeof LoginBody>): Promise<SessionData> {
  const res = await api<{ status: 'success'; data: SessionData }>('/login', { method: 'POST', body, anonymous: true });
  return res.data;
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}

/** POST /api/auth/forgot-password: the same neutral answer whether the e-mail exists or not. */
export async function forgotPassword(body: z.input<typeof ForgotPasswordBody>): Promise<string> {
  const res = await api<{ status: 'success'; message: string }>('/auth/forgot-password', { method: 'POST', body, anonymous: true });
  return res.message;
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}

interface SetNewPasswordInput {
  /** The access token of the session opened with the temporary password (kept in memory only). */
  token: string;
  body: z.input<typeof PasswordChangeBody>;
}

/**
 * The forced step after a login with a temporary password: POST /api/auth/password with that
 * session's token and the temporary password as the current one. Every session of the user ends.
 */
export async function setNewPassword({ token, body }: SetNewPasswordInput): Promise<string> {
  const res = await api<{ status: 'success'; message: string }>('/auth/password', { method: 'POST', body, token });
  return res.message;
}

export function useSetNewPasswordMutation() {
  return useMutation({ mutationFn: setNewPassword });
}

/** Leaving the forced step: the temporary session is ended (best effort). */
export async function endTemporarySession(token: string): Promise<void> {
  await api('/auth/logout', { method: 'POST', body: {}, token }).catch(() => undefined);
}
