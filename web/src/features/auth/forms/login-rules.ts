/**
 * The login page's own rules, without a schema library: the login route is the first page most
 * visits load, so it carries no form or schema library (see `npm run bench`). Messages are keys of
 * the `auth` catalogue; the limits are the API's (packages/shared/src/schemas/auth.ts).
 */
export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function loginErrors(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'validation.emailRequired';
  else if (email.length > 254) errors.email = 'validation.emailTooLong';
  else if (!EMAIL.test(email)) errors.email = 'validation.emailInvalid';
  if (!values.password) errors.password = 'validation.passwordRequired';
  else if (values.password.length > 128) errors.password = 'validation.passwordTooLong';
  return errors;
}

/** Only a path of this site (`/…`, not `//host` nor `/\host`) may be a redirect after login. */
export function isSafeRedirect(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  return ![...value].some((c) => c.charCodeAt(0) < 32 || c === '\u007f');
}

/** The login page's search: where to go after login, and why the user was sent here. */
export interface LoginSearch {
  redirect?: string | undefined;
  expired?: 1 | undefined;
  message?: string | undefined;
}

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  // Every key is answered, undefined when refused: the router keeps a raw value otherwise.
  const out: LoginSearch = { redirect: undefined, expired: undefined, message: undefined };
  const { redirect, expired, message } = search;
  if (typeof redirect === 'string' && redirect.length <= 2000 && isSafeRedirect(redirect)) out.redirect = redirect;
  if (expired === 1 || expired === '1') out.expired = 1;
  if (typeof message === 'string' && message.length <= 200) out.message = message;
  return out;
}
