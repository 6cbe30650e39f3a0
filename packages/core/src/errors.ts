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
  | 'internal';

export interface FieldError {
  field: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly kind: ErrorKind,
    readonly extra: { fields?: FieldError[]; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
