import { decimalText, maskCep, maskDocument, maskPhone } from './masks';

/**
 * A form's field map: for each field of an entity's schema, how the form holds it and how it goes
 * back into the API's body (the registry form reads its declaration the same way). A feature
 * declares its map once, checked against the shared zod schema's fields (`satisfies
 * SchemaFieldMap<...>`: a field missing from the map, or one the schema lacks, fails the type
 * check); the form's values type, its initial values and its body all come from it.
 *
 * Kinds: `text` an optional text ('' ↔ null), `text!` a required text (sent as typed), `decimal`
 * typed with a comma, `int` digits, `date` yyyy-MM-dd, `option` a select ('' ↔ absent: the
 * schema's default), `ref`/`ref!` an optional/required reference (null ↔ null / ''), `refs` a list
 * of references, `bool`, `number` (null for none), `id` kept when present, `phone`, `document`,
 * `cep` with their masks, `names` a map of texts (blank ones left out); `{ object }` and `{ list }`
 * nest a map.
 */
export type FieldKind = 'text' | 'text!' | 'decimal' | 'int' | 'date' | 'option' | 'ref' | 'ref!' | 'refs' | 'bool' | 'number' | 'id' | 'phone' | 'document' | 'cep' | 'names';
export type FieldMapEntry = FieldKind | { object: FieldMap } | { list: FieldMap };
export type FieldMap = { readonly [name: string]: FieldMapEntry };

/** A map with exactly the schema's fields (its `z.input` type). */
export type SchemaFieldMap<Input> = { readonly [K in keyof Required<Input>]: FieldMapEntry };

type ValueOf<E> = E extends 'bool'
  ? boolean
  : E extends 'ref' | 'ref!'
    ? string | null
    : E extends 'refs'
      ? string[]
      : E extends 'number'
        ? number | null
        : E extends 'id'
          ? string | undefined
          : E extends 'names'
            ? Record<string, string>
            : E extends { object: infer M extends FieldMap }
              ? FormValues<M>
              : E extends { list: infer M extends FieldMap }
                ? FormValues<M>[]
                : string;

/** What a form holds for a map: texts as typed, flags, ids, lists. */
export type FormValues<M extends FieldMap> = { -readonly [N in keyof M]: ValueOf<M[N]> };

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const orNull = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

function formValue(entry: FieldMapEntry, v: unknown): unknown {
  if (typeof entry === 'object') {
    if ('object' in entry) return toFormValues(entry.object, (v ?? {}) as Record<string, unknown>);
    return Array.isArray(v) ? v.map((item) => toFormValues(entry.list, item as Record<string, unknown>)) : [];
  }
  switch (entry) {
    case 'bool':
      return v === true;
    case 'ref':
    case 'ref!':
      return typeof v === 'string' && v ? v : null;
    case 'refs':
      return Array.isArray(v) ? [...(v as string[])] : [];
    case 'number':
      return typeof v === 'number' ? v : null;
    case 'id':
      return typeof v === 'string' ? v : undefined;
    case 'names':
      return { ...((v ?? {}) as Record<string, string>) };
    case 'decimal':
      return decimalText(v);
    case 'phone':
      return v ? maskPhone(String(v)) : '';
    case 'document':
      return v ? maskDocument(String(v)) : '';
    case 'cep':
      return v ? maskCep(String(v)) : '';
    default:
      return text(v);
  }
}

function bodyValue(entry: FieldMapEntry, v: unknown): unknown {
  if (typeof entry === 'object') {
    if ('object' in entry) return toBody(entry.object, v as FormValues<FieldMap>);
    return ((v ?? []) as FormValues<FieldMap>[]).map((item) => toBody(entry.list, item));
  }
  switch (entry) {
    case 'text!':
      return v ?? '';
    case 'option':
      return v || undefined;
    case 'ref':
      return v || null;
    case 'ref!':
      return v || '';
    case 'int':
      return orNull(v) === null ? null : Number(orNull(v));
    case 'bool':
    case 'refs':
    case 'number':
      return v;
    case 'names':
      return Object.fromEntries(
        Object.entries((v ?? {}) as Record<string, unknown>)
          .filter(([, value]) => typeof value === 'string' && value.trim())
          .map(([k, value]) => [k, (value as string).trim()]),
      );
    default:
      return orNull(v);
  }
}

/** The form's values for a record (or a new one: `record` holds the defaults). */
export function toFormValues<M extends FieldMap>(map: M, record: Record<string, unknown> | null | undefined): FormValues<M> {
  const r = record ?? {};
  return Object.fromEntries(Object.entries(map).map(([name, entry]) => [name, formValue(entry, r[name])])) as FormValues<M>;
}

/** The API's body for what the form holds (the schema then validates it, in the form and in the API); an absent `id` is left out. */
export function toBody<M extends FieldMap>(map: M, values: FormValues<M>): Record<string, unknown> {
  const v = values as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(map)) {
    if (entry === 'id' && !v[name]) continue;
    out[name] = bodyValue(entry, v[name]);
  }
  return out;
}
