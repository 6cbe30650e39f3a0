import { Messages } from '../messages';
import { z } from '../zod';

/** Record identifiers are UUIDs (v7 when we make them); anything else is the spec's message. */
export const Id = z.uuid({ error: Messages.invalidId });
export const IdParams = z.object({ id: Id });

export const Email = z
  .string({ error: 'Informe o e-mail.' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'O e-mail deve ter no máximo 254 caracteres.' })
  .pipe(z.email({ error: 'Informe um e-mail válido.' }));

/** Server timestamps: `yyyy-MM-dd HH:mm:ss` in UTC (spec section 9). */
export const Timestamp = z.string().max(19).regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
/** Business dates: `yyyy-MM-dd`. */
export const DateOnly = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Informe a data no formato aaaa-mm-dd.' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: 'Data inválida.',
  });

export const Limit = z.coerce
  .number({ error: 'O limite deve ser um número.' })
  .int({ error: 'O limite deve ser um número inteiro.' })
  .min(1, { error: 'O limite deve estar entre 1 e 100.' })
  .max(100, { error: 'O limite deve estar entre 1 e 100.' })
  .default(20);

export const Cursor = z.string().max(2048, { error: 'Cursor inválido.' });

export const SearchText = z.string().trim().max(100, { error: 'A busca deve ter no máximo 100 caracteres.' });

export const ListQuery = z.object({
  q: SearchText.optional(),
  cursor: Cursor.optional(),
  limit: Limit,
});

export const ErrorEnvelope = z.object({
  status: z.literal('error'),
  code: z.string().max(100),
  message: z.string().max(1000),
  fields: z.array(z.object({ field: z.string().max(200), message: z.string().max(500) })).max(100).optional(),
  details: z.record(z.string().max(100), z.unknown()).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export function page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().max(4096).nullable() });
}

export const Version = z.number({ error: 'Informe a versão do registro.' }).int().min(1);
