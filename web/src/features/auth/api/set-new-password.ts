import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PasswordChangeBody } from '@ev/shared/schemas/auth';
import { api } from '@/lib/api';

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
