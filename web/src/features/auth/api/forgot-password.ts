import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ForgotPasswordBody } from '@ev/shared/schemas/auth';
import { api } from '@/lib/api';

/** POST /api/auth/forgot-password: the same neutral answer whether the e-mail exists or not. */
export async function forgotPassword(body: z.input<typeof ForgotPasswordBody>): Promise<string> {
  const res = await api<{ status: 'success'; message: string }>('/auth/forgot-password', { method: 'POST', body, anonymous: true });
  return res.message;
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}
