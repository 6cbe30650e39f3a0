import { Messages } from '@ev/shared/messages';
import type { z } from 'zod';
import { DomainError } from './errors';

/**
 * Domain functions validate their own input (CONVENTIONS 2). Invalid input is the API's 400: every
 * field with its Portuguese reason, as the routes' validator answers it.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.slice(0, 50).map((i) => ({ field: i.path.length ? i.path.join('.') : 'body', message: i.message }));
  const message = fields.length === 1 ? fields[0]!.message : `${Messages.validation} ${fields.map((f) => `${f.field}: ${f.message}`).join(' ')}`.slice(0, 1000);
  throw new DomainError('validation', message, 'validation', { fields });
}
