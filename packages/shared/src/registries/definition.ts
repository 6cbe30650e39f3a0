import { fold } from '../text';
import type { Subject } from '../permissions';
import { Id, ListQuery, SearchText, Timestamp, Version } from '../schemas/common';
import { defineTexts, say, type Said, type Templates } from '../texts';
import { addKeyedIssue, keyed, z } from '../zod';
import { isEntityTarget, text, textarea, type EntityTarget, type Field, type FieldSpec, type Option } from './fields';

/**
 * A registry (Cadastros Gerais) is declared once: its fields (each a field type with its rules), its
 * subject, its natural key, how it is listed, filtered, sorted, laid out in a form and exported, and
 * the references it makes. The API's generic repository, service and router and the web's generic
 * list and detail pages serve any declaration; a registry has no route, handler or page of its own.
 */

export type SortValue = 'name' | '-name' | 'newest';
export interface SortOption {
  value: SortValue;
  label: string;
}

export interface Column {
  field: string;
  label: string;
  /** The label's key (docs/texts.md). */
  key: string;
}

/** A list filter on a field: its label's and options' keys are the field's (`fields[field]`). */
export interface FilterSpec {
  field: 'status';
  label: string;
  options: readonly Option[];
}

export interface FormSection {
  title?: string;
  titleKey?: string;
  /** Each row holds the fields shown side by side. */
  rows: string[][];
}

export interface CsvColumn {
  field: string;
  header: string;
}

/** A yes/no field that at most (or exactly) one record holds (see `FieldSpec.exclusive`). */
export interface ExclusiveSpec {
  field: string;
  label: string;
  /** `one`: exactly one once there are records. */
  exactlyOne: boolean;
  /** Answered when the holder is saved without the flag (`one`). */
  keepMessage: string;
  keep: Said;
  /** Answered when the holder is deleted while other records exist (`one`). */
  deleteMessage: string;
  delete: Said;
}

export interface ReferenceSpec {
  /** The field of this registry holding the id (a `references` field: the ids). */
  field: string;
  /** The registry pointed to. */
  registry: string;
  /** A `references` field: several ids, each a reference of its own. */
  many: boolean;
}

/** A `references` field to records of a module (`ENTITY_TARGETS`): checked to exist at a save, not counted. */
export interface EntityReferenceSpec {
  field: string;
  entity: EntityTarget;
}

type Fields = Record<string, Field>;
type InputShape<F extends Fields> = { [K in keyof F]: F[K]['input'] };
type OutputShape<F extends Fields> = { [K in keyof F]: F[K]['output'] };

export interface Declaration<F extends Fields, D extends Fields> {
  /** The web route and API path segment: /bearers, /api/bearers. */
  name: string;
  /** The CASL subject guarding the registry (spec section 2). */
  subject: Subject;
  /** The subject guarding the detail, when the spec says another (units: clientes). */
  detailSubject?: Subject;
  /** Portuguese: the list's title ("Portadores") and one record ("Portador"), with its gender for messages. */
  title: string;
  singular: string;
  gender: 'm' | 'f';
  /** The fields a user fills, in the order of the form. */
  fields: F;
  /** Fields computed from the others, read-only. */
  derived?: D;
  derive?: (values: z.output<z.ZodObject<InputShape<F>>>) => z.output<z.ZodObject<OutputShape<D>>>;
  /** Unique per company, case and accent insensitive. Default: the name. */
  naturalKey?: { field: keyof F & string; phrase: string };
  /** Fields whose words a search finds (by the beginning of any word). Default: the name (and the natural key). */
  search?: (keyof F & string)[];
  columns?: (keyof F | keyof D)[];
  form?: { title?: string; rows: (keyof F | keyof D)[][] }[];
  csv?: (keyof F | keyof D)[];
  /** Rules across fields (a period's end after its start): each failure names its field and message. */
  checks?: (values: z.output<z.ZodObject<InputShape<F>>>) => { field: keyof F & string; message: Said | string }[];
}

export interface RegistryDefinition<S extends z.core.$ZodShape = z.core.$ZodShape> {
  name: string;
  subject: Subject;
  detailSubject: Subject;
  title: string;
  singular: string;
  /** The keys of the title and of one record (`registry.<name>.title`, `.singular`). */
  titleKey: string;
  singularKey: string;
  gender: 'm' | 'f';
  /** Every field the web shows (typed ones, then derived ones), by name. */
  fields: Record<string, FieldSpec>;
  /** The body of a create. */
  input: z.ZodObject<S>;
  /** The body of an update: the input plus the version read. */
  update: z.ZodObject;
  /** A record as the API answers it. */
  record: z.ZodObject;
  /** The list's query: q, sort, status (when the record has one), cursor, limit. */
  listQuery: z.ZodObject;
  /** The CSV export's query: the list's filter without paging. */
  exportQuery: z.ZodObject;
  /** The CSV export's name on the job engine: POST /api/exports/{exportName} (docs/jobs.md). */
  exportName: string;
  derive(values: Record<string, unknown>): Record<string, unknown>;
  naturalKey: { field: string; label: string; message: string; text: Said; normalize(value: string): string };
  search: string[];
  columns: Column[];
  filters: FilterSpec[];
  sorts: SortOption[];
  form: FormSection[];
  csv: CsvColumn[];
  references: ReferenceSpec[];
  entityReferences: EntityReferenceSpec[];
  /** Yes/no fields held by at most (or exactly) one record of the company. */
  exclusive: ExclusiveSpec[];
  /** Whether the record has a status (active/inactive): per-status lists and the status filter. */
  hasStatus: boolean;
  /** Every label, title, option, hint and message of the declaration: key → Portuguese (docs/texts.md). */
  texts: Templates;
}

/** Names the engine keeps for itself (the record's bookkeeping and the stored item's attributes). */
const RESERVED = ['id', 'createdAt', 'updatedAt', 'version', 'pk', 'sk', 'itemType', 'registry', 'ix', 'refCount', 'keyValue'];

/** Messages of the registries' engine (keys `registry.<name>`). */
export const RegistryTexts = defineTexts('registry', {
  sortInvalid: 'Ordene por name, -name ou newest.',
  statusInvalid: 'Use {{values}} no filtro de situação.',
});

export const SORTS: SortOption[] = [
  { value: 'name', label: 'Nome (A a Z)' },
  { value: '-name', label: 'Nome (Z a A)' },
  { value: 'newest', label: 'Mais recentes' },
];

export const STATUS_OPTIONS = [
  { value: 'active', label: 'Ativo' },
  { value: 'inactive', label: 'Inativo' },
] as const satisfies readonly [Option, ...Option[]];

/** Natural keys compare case and accent insensitive, with spaces collapsed: "São  Paulo" = "sao paulo". */
export function naturalKeyValue(value: string): string {
  return fold(value).trim().replace(/\s+/g, ' ');
}

/** The name and observations every plain registry has (spec section 3: "name and observations"). */
export const nameField = () => text('Nome', { required: true, max: 120 });
export const observationsField = () => textarea('Observações', { max: 1000 });

export function defineRegistry<F extends Fields, D extends Fields = Record<never, Field>>(d: Declaration<F, D>): RegistryDefinition<InputShape<F>> {
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(d.name)) throw new Error(`Registry name ${d.name}: lower case letters, digits and dashes`);
  const derivedFields = (d.derived ?? {}) as D;
  // Every text of the declaration gets a key under `registry.<name>`; the Portuguese is the declaration's.
  const texts: Record<string, string> = {};
  const keyOf = (path: string, pt: string) => {
    const key = `registry.${d.name}.${path}`;
    texts[key] = pt;
    return key;
  };
  const message = (path: string, pt: string) => say(keyOf(path, pt), pt);
  const keyedSpec = (field: string, spec: FieldSpec): FieldSpec => ({
    ...spec,
    key: keyOf(`fields.${field}`, spec.label),
    ...(spec.hint ? { hintKey: keyOf(`hints.${field}`, spec.hint) } : {}),
    ...(spec.placeholder ? { placeholderKey: keyOf(`placeholders.${field}`, spec.placeholder) } : {}),
    ...(spec.options ? { options: spec.options.map((o) => ({ ...o, key: keyOf(`options.${field}.${o.value}`, o.label) })) } : {}),
  });
  const specs: Record<string, FieldSpec> = {};
  for (const [k, f] of Object.entries(d.fields)) specs[k] = keyedSpec(k, f.spec);
  for (const [k, f] of Object.entries(derivedFields)) specs[k] = keyedSpec(k, { ...f.spec, readOnly: true });
  const titleKey = keyOf('title', d.title);
  const singularKey = keyOf('singular', d.singular);
  const label = (field: string) => {
    const spec = specs[field];
    if (!spec) throw new Error(`Registry ${d.name}: unknown field ${field}`);
    return spec.label;
  };

  for (const field of Object.keys(specs)) {
    if (RESERVED.includes(field)) throw new Error(`Registry ${d.name}: the field name ${field} is reserved`);
  }
  const inputShape = Object.fromEntries(Object.entries(d.fields).map(([k, f]) => [k, f.input])) as InputShape<F>;
  const outputShape = Object.fromEntries(
    [...Object.entries(d.fields), ...Object.entries(derivedFields)].map(([k, f]) => [k, f.output]),
  ) as z.core.$ZodShape;
  // Rules across fields, on the create and the update alike (the web's form resolver uses the same).
  const crossChecks = <T extends z.ZodObject>(schema: T): T =>
    d.checks
      ? (schema.superRefine((values, ctx) => {
          for (const { field, message } of d.checks!(values as never)) {
            if (typeof message === 'string') ctx.addIssue({ code: 'custom', path: [field], message });
            else addKeyedIssue(ctx, [field], message);
          }
        }) as T)
      : schema;
  const baseInput = z.object(inputShape);
  const input = crossChecks(baseInput);
  const record = z.object({ id: Id, ...outputShape, createdAt: Timestamp, updatedAt: Timestamp, version: z.number().int() });

  const hasStatus = specs.status?.type === 'select';
  const statusOptions = (d.fields.status?.spec.options ?? []) as readonly Option[];
  const statusValues = statusOptions.map((o) => o.value) as [string, ...string[]];
  const sortValues = SORTS.map((s) => s.value) as [SortValue, ...SortValue[]];
  const filterShape = {
    q: SearchText.optional(),
    sort: z.enum(sortValues, { error: keyed(RegistryTexts.sortInvalid()) }).default('name'),
    ...(hasStatus ? { status: z.enum(statusValues, { error: keyed(RegistryTexts.statusInvalid({ values: statusValues.join(' ou ') })) }).optional() } : {}),
  };

  for (const section of d.form ?? []) for (const row of section.rows) for (const f of row) label(String(f));
  const keyField = d.naturalKey?.field ?? 'name';
  const keyPhrase = d.naturalKey?.phrase ?? 'este nome';
  const fieldNames = Object.keys(specs);
  const pointers = Object.entries(d.fields).filter(([, f]) => (f.spec.type === 'reference' || f.spec.type === 'references') && f.spec.registry);
  const references = pointers
    .filter(([, f]) => !isEntityTarget(f.spec.registry!))
    .map(([field, f]) => ({ field, registry: f.spec.registry!, many: f.spec.type === 'references' }));
  const entityReferences = pointers.flatMap(([field, f]) => {
    const target = f.spec.registry!;
    if (!isEntityTarget(target)) return [];
    if (f.spec.type !== 'references') throw new Error(`Registry ${d.name}: ${field} points to ${target}: only a references field may`);
    return [{ field, entity: target }];
  });
  const fem = d.gender === 'f';
  const one = d.singular.toLowerCase();
  const exclusive = Object.entries(d.fields)
    .filter(([, x]) => x.spec.type === 'switch' && x.spec.exclusive)
    .map(([field, x]) => {
      const keep = message(`exclusive.${field}.keep`, `Marque ${fem ? 'outra' : 'outro'} ${one} como "${x.spec.label}" para trocar.`);
      const remove = message(
        `exclusive.${field}.delete`,
        `${fem ? 'A' : 'O'} ${one} marcad${fem ? 'a' : 'o'} como "${x.spec.label}" não pode ser removid${fem ? 'a' : 'o'}. Marque ${fem ? 'outra' : 'outro'} como "${x.spec.label}" antes.`,
      );
      return { field, label: x.spec.label, exactlyOne: x.spec.exclusive === 'one', keepMessage: keep.message, keep, deleteMessage: remove.message, delete: remove };
    });
  const duplicate = message('duplicate', `Já existe ${d.gender === 'f' ? 'uma' : 'um'} ${d.singular.toLowerCase()} com ${keyPhrase}.`);
  const sections = (d.form ?? []).map((sec, i) => ({ title: sec.title, titleKey: sec.title ? keyOf(`sections.${i}`, sec.title) : undefined, rows: sec.rows.map((r) => r.map(String)) }));

  return {
    name: d.name,
    subject: d.subject,
    detailSubject: d.detailSubject ?? d.subject,
    title: d.title,
    singular: d.singular,
    titleKey,
    singularKey,
    gender: d.gender,
    fields: specs,
    input,
    update: crossChecks(baseInput.extend({ version: Version })),
    record,
    listQuery: ListQuery.extend(filterShape),
    exportQuery: z.object(filterShape),
    exportName: `registry-${d.name}`,
    derive: (values) => (d.derive ? (d.derive(values as never) as Record<string, unknown>) : {}),
    naturalKey: {
      field: keyField,
      label: label(keyField),
      message: duplicate.message,
      text: duplicate,
      normalize: naturalKeyValue,
    },
    search: d.search ?? [...new Set(['name', keyField])].filter((f) => f in d.fields),
    columns: ((d.columns as string[] | undefined) ?? fieldNames.filter((f) => f === 'name' || f === 'observations')).map((field) => ({ field, label: label(field), key: specs[field]!.key! })),
    filters: hasStatus ? [{ field: 'status', label: label('status'), options: statusOptions }] : [],
    sorts: SORTS,
    form: d.form ? sections : [{ rows: fieldNames.map((f) => [f]) }],
    csv: ((d.csv as string[] | undefined) ?? fieldNames).map((field) => ({ field, header: label(field) })),
    references,
    entityReferences,
    exclusive,
    hasStatus,
    texts,
  };
}
