import type { FieldIssue } from '@ev/shared/texts';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { fieldIssueText } from './api-error-text';
import { keyedResolver } from './field-message';
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
 * `cep` with their masks, `names` a map of texts (blank ones left out), `float` a number typed
 * with a comma (a coordinate: '' ↔ null, a text that is not a number goes as typed, for the schema
 * to name it), `words` a list of names typed separated by commas; `{ object }` and `{ list }` nest a map.
 */
export type FieldKind = 'text' | 'text!' | 'decimal' | 'int' | 'float' | 'words' | 'date' | 'option' | 'ref' | 'ref!' | 'refs' | 'bool' | 'number' | 'id' | 'phone' | 'document' | 'cep' | 'names';
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
    case 'float':
      return decimalText(v);
    case 'words':
      return Array.isArray(v) ? v.join(', ') : '';
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
    case 'float': {
      const typed = orNull(v);
      return typed === null ? null : /^-?\d+(?:[.,]\d+)?$/.test(typed) ? Number(typed.replace(',', '.')) : typed;
    }
    case 'words':
      return String(v ?? '')
        .split(',')
        .map((w) => w.trim())
        .filter(Boolean);
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

/**
 * A resolver that validates the body the form would send with the entity's shared schema, so the
 * form and the API refuse the same things, each message in the user's language from its key
 * (docs/texts.md; `labelOf` names a field for the messages that name it). `updating` adds a version
 * (the schema of an update asks for one); `more` adds issues the schema cannot see (fields the
 * company's settings require), each kept only where the schema found nothing.
 */
export function schemaResolver<V extends FieldValues>(
  schema: z.ZodType,
  body: (values: V) => Record<string, unknown>,
  updating: boolean,
  options: { more?: (body: Record<string, unknown>) => FieldIssue[]; labelOf?: (path: string) => string | undefined } = {},
): Resolver<V> {
  const zod = keyedResolver<Record<string, unknown>>(schema, options.labelOf);
  return async (values, context, resolverOptions) => {
    const sent = { ...body(values), ...(updating ? { version: 1 } : {}) };
    const result = await zod(sent, context, resolverOptions as never);
    const errors = { ...(result.errors as Record<string, unknown>) };
    for (const issue of options.more?.(sent) ?? []) {
      if (!getPath(errors, issue.field)) setPath(errors, issue.field, { type: 'required', message: fieldIssueText(issue, issue.message, options.labelOf) });
    }
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<V> } : { values, errors: {} };
  };
}

/** Nested error objects by dotted path ('addresses.0.cep'), as react-hook-form keeps them. */
function getPath(obj: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}
function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let o = obj;
  for (const k of keys.slice(0, -1)) {
    if (!o[k] || typeof o[k] !== 'object') o[k] = {};
    o = o[k] as Record<string, unknown>;
  }
  o[keys.at(-1)!] = value;
}

/** The props of a record's form: the record (null for a new one), whether it is read only, the save and what follows it. */
export interface RecordFormProps<T> {
  record: T | null;
  readOnly: boolean;
  save(body: Record<string, unknown>): Promise<T>;
  onSaved(record: T): void;
  onCancel(): void;
}
