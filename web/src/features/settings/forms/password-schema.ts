import { z } from 'zod';

/** The password change (spec section 5): the current password, the new one and its confirmation. */
export const passwordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: 'validation.currentRequired' }).max(128, { error: 'validation.tooLong' }),
    newPassword: z.string().min(8, { error: 'validation.newTooShort' }).max(128, { error: 'validation.tooLong' }),
    confirmation: z.string().min(1, { error: 'validation.confirmationRequired' }).max(128, { error: 'validation.tooLong' }),
  })
  .refine((v) => v.newPassword === v.confirmation, { path: ['confirmation'], error: 'validation.mismatch' })
  .refine((v) => !v.newPassword || v.newPassword !== v.currentPassword, { path: ['newPassword'], error: 'validation.same' });
export type PasswordValues = z.input<typeof passwordSchema>;
