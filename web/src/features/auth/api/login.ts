import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoginBody, SessionData } from '@ev/shared/schemas/auth';
import { api } from '@/lib/api';

/** POST /api/login: the whole session, or a 401 (wrong credentials, inactive) or 429 (throttled). */
export async function login(body: z.input<typeof LoginBody>): Promise<SessionData> {
  const res = await api<{ status: 'success'; data: SessionData }>('/login', { method: 'POST', body, anonymous: true });
  return res.data;
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
