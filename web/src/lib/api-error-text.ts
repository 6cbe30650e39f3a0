import { Messages } from '@ev/shared/messages';
import { ApiError } from './api';
import { i18n, resolveLanguage } from './i18n';

const byText = new Map<string, string>(Object.entries(Messages).map(([key, text]) => [text, key]));

/**
 * A Portuguese text the server sent (a refresh failure, the no-branch notice, an API message) in
 * the current language: Portuguese shows it as sent; other languages look the text up in the
 * `errors:messages` catalogue and keep the server's text when it is not there.
 */
export function serverText(text: string): string {
  if (resolveLanguage(i18n.language) === 'pt') return text;
  const key = byText.get(text);
  return key ? i18n.t(`errors:messages.${key}`, { defaultValue: text, keySeparator: false }) : text;
}

// The `errors` catalogue is flat: its keys are the API's codes as they are (`auth.throttled`).

/**
 * What to tell the user about a failed call. An API error shows the server's message in
 * Portuguese and its code's translation (`errors:<code>`) in other languages. Anything else (no
 * connection, an unreadable answer) shows `fallback`, the screen's own generic text.
 */
export function apiErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status >= 500) return fallback;
  if (resolveLanguage(i18n.language) === 'pt') return error.message || fallback;
  return i18n.t(`errors:${error.code}`, { defaultValue: serverText(error.message || fallback), keySeparator: false });
}

/** The field messages of an API error (400 with `fields`), translated like `apiErrorText`. */
export function apiFieldErrors(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  const pt = resolveLanguage(i18n.language) === 'pt';
  return error.fields.map((f) => ({
    field: f.field,
    message: pt ? f.message : error.fields.length === 1 ? i18n.t(`errors:${error.code}`, { defaultValue: serverText(f.message), keySeparator: false }) : serverText(f.message),
  }));
}
