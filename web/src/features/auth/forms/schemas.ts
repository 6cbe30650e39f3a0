import { z } from 'zod';

/**
 * The auth forms' rules. Messages are keys of the `auth` catalogue (`validation.*`), so they show
 * in the language chosen when they appear; the limits are the API's (packages/shared schemas).
 */
const email = z
  .string()
  .trim()
  .min(1, { error: 'validation.emailRequired' })
  .max(254, { error: 'validation.emailTooLong' })
  .pipe(z.email({ error: 'validation.emailInvalid' }));

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

export const newPasswordSchema = z
  .object({
    newPassword: z.string().min(8, { error: 'validation.newPasswordTooShort' }).max(128, { error: 'validation.passwordTooLong' }),
    confirmation: z.string().min(1, { error: 'validation.confirmationRequired' }).max(128, { error: 'validation.passwordTooLong' }),
  })
  .refine((v) => v.newPassword === v.confirmation, { path: ['confirmation'], error: 'validation.passwordMismatch' });
export type NewPasswordValues = z.input<typeof newPasswordSchema>;
