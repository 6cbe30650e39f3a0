import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PasswordChangeBody } from '@ev/shared/schemas/auth';
import { api } from '@/lib/api';

/** POST /api/auth/password: on success every session of the user ends (this one included). */
export async function changePassword(body: z.input<typeof PasswordChangeBody>): Promise<string> {
  const res = await api<{ status: 'success'; message: string }>('/auth/password', { method: 'POST', body });
  return res.message;
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
