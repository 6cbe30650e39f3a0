import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { Messages } from '@ev/shared/messages';
import type { ErrorEnvelope } from '@ev/shared/schemas/common';
import { isDomainError, type ErrorKind, type FieldError } from '@ev/core/errors';
import { Logs } from '@ev/core/logs';
import type { z } from 'zod';

const STATUS: Record<ErrorKind, ContentfulStatusCode> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  throttled: 429,
  internal: 500,
};

export function envelope(code: string, message: string, fields?: FieldError[], details?: Record<string, unknown>): ErrorEnvelope {
  return { status: 'error', code, message, ...(fields?.length ? { fields } : {}), ...(details ? { details } : {}) };
}

/** zod issues as the API's 400: every field with its Portuguese reason. */
export function validationEnvelope(error: z.ZodError, target: string): ErrorEnvelope {
  const fields = error.issues.slice(0, 50).map((i) => ({
    field: i.path.length ? i.path.join('.') : target,
    message: i.message,
  }));
  const message = fields.length === 1 ? fields[0]!.message : `${Messages.validation} ${fields.map((f) => `${f.field}: ${f.message}`).join(' ')}`.slice(0, 1000);
  return envelope('validation', message, fields);
}

/**
 * The one place errors become HTTP answers (CONVENTIONS 4). Domain errors keep their code and
 * Portuguese message; anything else is logged and answered with a generic text: no stack trace
 * reaches a client.
 */
export function onError(err: Error, c: Context): Response {
  if (isDomainError(err)) {
    const status = STATUS[err.kind];
    if (status === 500) Logs.error(err.message, { code: err.code, path: c.req.path });
    const headers: Record<string, string> = {};
    if (err.kind === 'throttled' && typeof err.extra.details?.retryAfter === 'number') {
      headers['Retry-After'] = String(err.extra.details.retryAfter);
    }
    const details = err.kind === 'throttled' ? undefined : err.extra.details;
    return c.json(envelope(err.code, err.message, err.extra.fields, details), status, headers);
  }
  if (err instanceof HTTPException) {
    if (err.status === 413) return c.json(envelope('payload_too_large', 'O corpo da requisição é grande demais (máximo 1 MB).'), 413);
    if (err.status === 400) return c.json(envelope('invalid_json', 'O corpo da requisição não é um JSON válido.'), 400);
    return c.json(envelope('http_error', err.message), err.status as ContentfulStatusCode);
  }
  Logs.error('unhandled', { path: c.req.path, method: c.req.method, error: err.message, stack: err.stack?.split('\n').slice(0, 6).join('\n') });
  return c.json(envelope('internal', Messages.internal), 500);
}
