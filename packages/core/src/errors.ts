import type { FieldIssue, Said, Text } from '@ev/shared/texts';

/**
 * One error class with a stable code (CONVENTIONS 4). Services and repositories throw it; only the
 * HTTP edge maps it to a status and the error envelope. The code doubles as the web's i18n key.
 */
export type ErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'throttled'
  /** An outside provider (WhatsApp) did not answer: the same request may succeed later. */
  | 'unavailable'
  | 'internal';

/** A field's reason: the Portuguese text, with its key and parameters when keyed (docs/texts.md). */
export type FieldError = FieldIssue;

/**
 * The message is a keyed text (`ApiTexts.notFound()`): the API answers its Portuguese wording with
 * the key and parameters. A plain string is for errors no user reads (internal ones).
 */
export class DomainError extends Error {
  readonly text?: Text;
  constructor(
    readonly code: string,
    message: Said | string,
    readonly kind: ErrorKind,
    readonly extra: { fields?: FieldError[]; details?: Record<string, unknown> } = {},
  ) {
    super(typeof message === 'string' ? message : message.message);
    this.name = 'DomainError';
    if (typeof message !== 'string') this.text = message.params ? { key: message.key, params: message.params } : { key: message.key };
  }
}

/** A field error from a keyed text. */
export const fieldError = (field: string, said: Said): FieldError => ({ field, ...said });

/** A field error's reason as a message: keyed when it is. */
export const fieldSaid = (f: FieldError): Said | string => (f.key ? { key: f.key, ...(f.params ? { params: f.params } : {}), message: f.message } : f.message);

/** A domain error's message with its key, when keyed (an import line's reason). */
export const saidOf = (e: DomainError): Said | string => (e.text ? { ...e.text, message: e.message } : e.message);

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

/** What an unknown thrown value says: an error's message (its name when empty), anything else as text. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  return String(e);
}
