import { isCalendarDate } from '../calendar';
import { ApiTexts } from '../messages';
import { defineTexts } from '../texts';
import { keyed, z } from '../zod';

/** Messages of the common schemas, keyed `common.<name>` (docs/texts.md). */
export const CommonTexts = defineTexts('common', {
  emailRequired: 'Informe o e-mail.',
  emailTooLong: 'O e-mail deve ter no máximo 254 caracteres.',
  emailInvalid: 'Informe um e-mail válido.',
  dateFormat: 'Informe a data no formato aaaa-mm-dd.',
  dateInvalid: 'Data inválida.',
  limitNumber: 'O limite deve ser um número.',
  limitInteger: 'O limite deve ser um número inteiro.',
  limitRange: 'O limite deve estar entre 1 e 100.',
  cursorInvalid: 'Cursor inválido.',
  searchTooLong: 'A busca deve ter no máximo 100 caracteres.',
  versionRequired: 'Informe a versão do registro.',
  invalid: 'Valor inválido.',
});
const T = CommonTexts;

/** Record identifiers are UUIDs (v7 when we make them); anything else is the spec's message. */
export const Id = z.uuid({ error: keyed(ApiTexts.invalidId()) });
export const IdParams = z.object({ id: Id });

export const Email = z
  .string({ error: keyed(T.emailRequired()) })
  .trim()
  .toLowerCase()
  .max(254, { error: keyed(T.emailTooLong()) })
  .pipe(z.email({ error: keyed(T.emailInvalid()) }));

/** Server timestamps: `yyyy-MM-dd HH:mm:ss` in UTC (spec section 9). */
export const Timestamp = z.string().max(19).regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
/** Business dates: `yyyy-MM-dd`. */
export const DateOnly = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: keyed(T.dateFormat()) })
  .refine(isCalendarDate, {
    error: keyed(T.dateInvalid()),
  });

export const Limit = z.coerce
  .number({ error: keyed(T.limitNumber()) })
  .int({ error: keyed(T.limitInteger()) })
  .min(1, { error: keyed(T.limitRange()) })
  .max(100, { error: keyed(T.limitRange()) })
  .default(20);

export const Cursor = z.string().max(2048, { error: keyed(T.cursorInvalid()) });

export const SearchText = z.string().trim().max(100, { error: keyed(T.searchTooLong()) });

export const ListQuery = z.object({
  q: SearchText.optional(),
  cursor: Cursor.optional(),
  limit: Limit,
});

export const TextParamsSchema = z.record(z.string().max(100), z.union([z.string().max(1000), z.number()]));
/** A text's key and parameters (docs/texts.md): what a client renders in its language. */
export const KeyedText = z.object({ key: z.string().max(200), params: TextParamsSchema.optional() });

export const ErrorEnvelope = z.object({
  status: z.literal('error'),
  code: z.string().max(100),
  message: z.string().max(1000),
  /** The message's key and parameters (docs/texts.md): a client renders its language from them. */
  key: z.string().max(200).optional(),
  params: TextParamsSchema.optional(),
  fields: z.array(z.object({ field: z.string().max(200), message: z.string().max(500) })).max(100).optional(),
  /** The key and parameters of each keyed field reason (by `field`), beside `fields`. */
  fieldTexts: z
    .array(z.object({ field: z.string().max(200), key: z.string().max(200), params: TextParamsSchema.optional() }))
    .max(100)
    .optional(),
  details: z.record(z.string().max(100), z.unknown()).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/**
 * The record scope a scoped list was read in: `own` (a salesman), `team` (a supervisor: `salesmen`
 * counts him and his subordinates, so 1 means no subordinates yet) or `all`.
 */
export const SeenScope = z.object({ kind: z.enum(['own', 'team', 'all']), salesmen: z.number().int().nullable() });
export type SeenScope = z.infer<typeof SeenScope>;

export function page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().max(4096).nullable() });
}

export const Version = z.number({ error: keyed(T.versionRequired()) }).int().min(1);
