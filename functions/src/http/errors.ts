import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiTexts } from '@ev/shared/messages';
import type { Said } from '@ev/shared/texts';
import type { ErrorEnvelope } from '@ev/shared/schemas/common';
import { isDomainError, type DomainError, type ErrorKind, type FieldError } from '@ev/core/errors';
import { Logs } from '@ev/core/logs';
import { issueFields, validationText } from '@ev/core/validation';
import type { z } from 'zod';

const STATUS: Record<ErrorKind, ContentfulStatusCode> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  throttled: 429,
  internal: 500,
  unavailable: 503,
};

/**
 * The answer of a refusal: the Portuguese message, with its key and parameters when keyed; each
 * field's reason in `fields` and, for the keyed ones, its key and parameters in `fieldTexts`
 * (docs/texts.md). An error without a key is named by its code.
 */
export function envelope(code: string, message: string | Said, fields?: FieldError[], details?: Record<string, unknown>): ErrorEnvelope {
  const text = typeof message === 'string' ? { message } : message;
  const fieldTexts = (fields ?? []).flatMap((f) => (f.key ? [{ field: f.field, key: f.key, ...(f.params ? { params: f.params } : {}) }] : []));
  return {
    status: 'error',
    code,
    ...text,
    ...(fields?.length ? { fields: fields.map((f) => ({ field: f.field, message: f.message })) } : {}),
    ...(fieldTexts.length ? { fieldTexts } : {}),
    ...(details ? { details } : {}),
  };
}

/** A domain error as its answer's body (the sync's refused items say theirs as their own call would). */
export function domainEnvelope(err: DomainError): ErrorEnvelope {
  const details = err.kind === 'throttled' ? undefined : err.extra.details;
  return envelope(err.code, err.text ? { message: err.message, ...err.text } : err.message, err.extra.fields, details);
}

/** zod issues as the API's 400: every field with its Portuguese reason and key. */
export function validationEnvelope(error: z.ZodError, target: string): ErrorEnvelope {
  const fields = issueFields(error, target);
  return envelope('validation', validationText(fields), fields);
}

/** The request's id (the `X-Request-Id` the answer carries and the error screen shows), for the log entry support looks up. */
const requestIdOf = (c: Context): string | null => (c.get('requestId') as string | undefined) ?? null;

/**
 * The one place errors become HTTP answers (CONVENTIONS 4). Domain errors keep their code and
 * Portuguese message; anything else is logged and answered with a generic text: no stack trace
 * reaches a client.
 */
export function onError(err: Error, c: Context): Response {
  if (isDomainError(err)) {
    const status = STATUS[err.kind];
    if (status === 500) Logs.error(err.message, { code: err.code, path: c.req.path, requestId: requestIdOf(c) });
    const headers: Record<string, string> = {};
    if (err.kind === 'throttled' && typeof err.extra.details?.retryAfter === 'number') {
      headers['Retry-After'] = String(err.extra.details.retryAfter);
    }
    return c.json(domainEnvelope(err), status, headers);
  }
  if (err instanceof HTTPException) {
    if (err.status === 413) return c.json(envelope('payload_too_large', 'O corpo da requisição é grande demais (máximo 1 MB).'), 413);
    if (err.status === 400) return c.json(envelope('invalid_json', 'O corpo da requisição não é um JSON válido.'), 400);
    return c.json(envelope('http_error', err.message), err.status as ContentfulStatusCode);
  }
  Logs.error('unhandled', { path: c.req.path, method: c.req.method, requestId: requestIdOf(c), error: err.message, stack: err.stack?.split('\n').slice(0, 6).join('\n') });
  return c.json(envelope('internal', ApiTexts.internal()), 500);
}
