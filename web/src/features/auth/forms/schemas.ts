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

export const loginSchema = z.object({
  email,
  password: z.string().min(1, { error: 'validation.passwordRequired' }).max(128, { error: 'validation.passwordTooLong' }),
});
export type LoginValues = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

export const newPasswordSchema = z
  .object({
    newPassword: z.string().min(8, { error: 'validation.newPasswordTooShort' }).max(128, { error: 'validation.passwordTooLong' }),
    confirmation: z.string().min(1, { error: 'validation.confirmationRequired' }).max(128, { error: 'validation.passwordTooLong' }),
  })
  .refine((v) => v.newPassword === v.confirmation, { path: ['confirmation'], error: 'validation.passwordMismatch' });
export type NewPasswordValues = z.input<typeof newPasswordSchema>;

/** Only a path of this site (`/…`, not `//host` nor `/\host`) may be a redirect after login. */
export function isSafeRedirect(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  return ![...value].some((c) => c.charCodeAt(0) < 32 || c === '\u007f');
}

/** The login page's search: where to go after login, and why the user was sent here. */
export const loginSearchSchema = z.object({
  redirect: z
    .string()
    .max(2000)
    .optional()
    .catch(undefined)
    .transform((v) => (v && isSafeRedirect(v) ? v : undefined)),
  expired: z.literal(1).optional().catch(undefined),
  message: z.string().max(200).optional().catch(undefined),
});
export type LoginSearch = z.output<typeof loginSearchSchema>;
