import { ApiTexts } from '@ev/shared/messages';
import type { FieldIssue, Said } from '@ev/shared/texts';
import { issueText } from '@ev/shared/zod';
import { unknownKeyText } from '@ev/shared/zod-issues';
import type { z } from 'zod';
import { DomainError } from './errors';

/**
 * zod issues as field errors: the Portuguese reason, with the key and parameters the schema (or our
 * texts for zod's own issues, `@ev/shared/zod-issues`) gave it. Unknown keys are a field each, named
 * by their own path, so a caller sees which key to drop.
 */
export function issueFields(error: z.ZodError, target: string): FieldIssue[] {
  const fieldOf = (path: PropertyKey[]) => (path.length ? path.map(String).join('.').slice(0, 200) : target);
  return error.issues
    .flatMap((i): FieldIssue[] =>
      i.code === 'unrecognized_keys' && issueText(i)?.key.startsWith('zod.')
        ? i.keys.map((key) => {
            const said = unknownKeyText(key);
            return { field: fieldOf([...i.path, key]), message: said.message, key: said.key, ...(said.params ? { params: said.params } : {}) };
          })
        : [{ field: fieldOf(i.path), message: i.message, ...issueText(i) }],
    )
    .slice(0, 50);
}

/** The 400's own text: the one field's reason, or the general text followed by every field's. */
export function validationText(fields: FieldIssue[]): Said {
  const [only] = fields;
  if (fields.length === 1 && only) return { message: only.message, key: only.key ?? ApiTexts.validation().key, ...(only.params ? { params: only.params } : {}) };
  const general = ApiTexts.validation();
  return { ...general, message: `${general.message} ${fields.map((f) => `${f.field}: ${f.message}`).join(' ')}`.slice(0, 1000) };
}

/**
 * Domain functions validate their own input (CONVENTIONS 2). Invalid input is the API's 400: every
 * field with its Portuguese reason, as the routes' validator answers it.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = issueFields(parsed.error, 'body');
  throw new DomainError('validation', validationText(fields), 'validation', { fields });
}
