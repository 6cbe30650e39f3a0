import type { MessageKey } from '@ev/shared/messages';
import type { FieldIssue, Text, TextParams } from '@ev/shared/texts';
import { ApiError } from './api';
import { i18n, resolveLanguage } from './i18n';

/**
 * The API's and the shared schemas' texts in the current language, from their key and parameters
 * (docs/texts.md): never from the Portuguese wording. A parameter that is itself a keyed text
 * (`status` with `statusKey`, `label` with `labelKey`) is rendered from its key in this language.
 * `label` names the field in this language (the text's own `label` parameter is the Portuguese
 * one), before its `labelKey`.
 */
export function textOf(text: Text, label?: string): string {
  const params: TextParams = { ...text.params };
  for (const [name, key] of Object.entries(text.params ?? {})) {
    // Rendered with the text's own parameters (a window's `windowKey` takes its `from` and `until`).
    if (name.endsWith('Key') && name.length > 3 && typeof key === 'string' && i18n.exists(`messages:${key}`)) params[name.slice(0, -3)] = i18n.t(`messages:${key}`, text.params);
  }
  if (label) params.label = label;
  return i18n.t(`messages:${text.key}`, params);
}

/** A text whose {{why}} is a list of texts (a product's no-price reason: each table tried), each rendered and joined with '; '. */
export function listedTextOf(text: Text & { why?: Text[] }): string {
  return text.why?.length ? textOf({ key: text.key, params: { ...text.params, why: text.why.map((w) => textOf(w)).join('; ') } }) : textOf(text);
}

const known = (text: Text | undefined): text is Text => !!text && i18n.exists(`messages:${text.key}`);

/** One of the API's own texts (`ApiTexts`) by name, for the answers whose meaning the endpoint fixes. */
export function apiText(name: MessageKey): string {
  return i18n.t(`messages:api.${name}`);
}

/**
 * The spec's refresh failures travel as their Portuguese text in `status` and in the login page's
 * `message` (spec section 8): the protocol's five values, each with its key.
 */
const REFRESH_FAILURES: Record<string, MessageKey> = {
  'Empresa não encontrada.': 'companyNotFound',
  'Token inválido.': 'tokenInvalid',
  'Perfil não encontrado.': 'profileNotFound',
  'Perfil inativo.': 'profileInactive',
  'Perfil sem acesso ao sistema.': 'profileNoAccess',
};

/** A refresh failure's `status` in the current language (null for a value outside the protocol). */
export function refreshFailureText(status: string): string | null {
  const name = REFRESH_FAILURES[status];
  return name ? apiText(name) : null;
}

// The `errors` catalogue is flat: its keys are the API's codes as they are (`auth.throttled`).

/**
 * What to tell the user about a failed call: the error's key and parameters in the current
 * language; without a key, its code's text (`errors:<code>`, the API's message in Portuguese).
 * Anything else (no connection, an unreadable answer, a server failure) shows `fallback`, the
 * screen's own generic text.
 */
export function apiErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status >= 500) return fallback;
  if (known(error.text)) return textOf(error.text);
  if (resolveLanguage(i18n.language) === 'pt') return error.message || fallback;
  return i18n.t(`errors:${error.code}`, { defaultValue: fallback, keySeparator: false });
}

/** A field's reason from the API in the current language; `labelOf` names a field in this language. */
export function fieldIssueText(issue: FieldIssue, fallback: string, labelOf?: (field: string) => string | undefined): string {
  const text = issue.key ? { key: issue.key, ...(issue.params ? { params: issue.params } : {}) } : undefined;
  if (known(text)) return textOf(text, issue.params && 'label' in issue.params ? labelOf?.(issue.field) : undefined);
  return resolveLanguage(i18n.language) === 'pt' ? issue.message : fallback;
}

/** The field messages of an API error (400 or 409 with `fields`), translated like `apiErrorText`. */
export function apiFieldErrors(error: unknown, labelOf?: (field: string) => string | undefined): { field: string; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  const general = i18n.t(`errors:${error.code}`, { defaultValue: i18n.t('errors:validation', { keySeparator: false }), keySeparator: false });
  return error.fields.map((f) => ({ field: f.field, message: fieldIssueText(f, general, labelOf) }));
}

export type { TextParams };
