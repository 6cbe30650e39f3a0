import { bankName, normalizeBankCode } from '../banks';
import { cfopType, formatCpfOrCnpj, isChassis, isCpfOrCnpj, isPlate, isRenavam, normalizeCfop, normalizeChassis, normalizePlate, normalizeRenavam } from '../br';
import { ApiTexts } from '../messages';
import { defineTexts, type Said } from '../texts';
import { DateOnly, Id } from '../schemas/common';
import { addKeyedIssue, keyed, z } from '../zod';

/**
 * Field types of the registries. Each builder returns the field's description for the web (label,
 * type, mask, options: enough to render a form, a list cell and a CSV cell generically), the zod
 * schema that validates and normalises what a user sends (the API and the web form use the same
 * one), and the schema of the stored value (the API document). A special rule of the spec is a field
 * type here, so a registry that needs it only names it.
 */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'switch',
  'select',
  'terms',
  'bank-code',
  'decimal',
  'date',
  'document',
  'plate',
  'renavam',
  'chassis',
  'cfop',
  'reference',
  'references',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface Option {
  value: string;
  label: string;
  /** The label's key (set by `defineRegistry`: `registry.<name>.options.<field>.<value>`). */
  key?: string;
}

export interface FieldSpec {
  label: string;
  /** Keys of the label, hint and placeholder (set by `defineRegistry`: `registry.<name>.fields.<field>`). */
  key?: string;
  hintKey?: string;
  placeholderKey?: string;
  type: FieldType;
  required: boolean;
  /** Longest text accepted (what the input's maxlength should be). */
  maxLength?: number;
  /** select: the values stored and the labels shown. */
  options?: readonly Option[];
  /** A select's or switch's value for a new record. */
  defaultValue?: string | boolean;
  /** decimal: digits after the point (2 for money, 4 for rates). */
  scale?: number;
  /** Computed from other fields (shown, never typed). */
  readOnly?: boolean;
  /** Input mask (maska: # digit, @ letter, * alphanumeric); several when the value may take more than one shape. */
  mask?: string | readonly string[];
  placeholder?: string;
  hint?: string;
  /**
   * reference, references: the registry whose record the field points to, or one of the
   * `ENTITY_TARGETS` (records of a module that are never deleted, only deactivated).
   */
  registry?: string;
  /** references: the most ids the field holds. */
  maxItems?: number;
  /**
   * switch: at most one record of the company holds the flag (`at-most-one`), or exactly one once
   * there are records (`one`: the first record takes it, the holder cannot drop it nor be deleted
   * while another record exists). Setting it on a record clears it on the previous holder in the
   * same transaction (the engine keeps a pointer item to the holder).
   */
  exclusive?: 'one' | 'at-most-one';
}

export interface Field<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  spec: FieldSpec;
  input: I;
  output: O;
}

/** The registries' field messages (docs/texts.md); `{{label}}` is the field's label. */
export const FieldTexts = defineTexts('field', {
  required: 'O campo {{label}} é obrigatório.',
  notText: 'O campo {{label}} deve ser um texto.',
  tooLong: 'O campo {{label}} deve ter no máximo {{max}} caracteres.',
  notBoolean: 'O campo {{label}} deve ser sim ou não.',
  option: 'Escolha uma opção válida para o campo {{label}}.',
  decimal: 'O campo {{label}} deve ser um número com até {{scale}} casas decimais.',
  decimalRange: 'O campo {{label}} deve estar entre 0 e {{max}}.',
  termsRequired: 'Informe ao menos um prazo.',
  termsTooMany: 'Informe no máximo 48 prazos.',
  document: 'Informe um CPF ou CNPJ válido.',
  plate: 'Informe a placa no formato antigo (AAA9999) ou Mercosul (AAA9A99).',
  renavam: 'O RENAVAM informado é inválido. Confira os 11 dígitos.',
  chassis: 'O chassi deve ter 17 caracteres, letras e números, sem I, O e Q.',
  cfop: 'O CFOP deve ter 4 dígitos: o primeiro de 1 a 3 para entradas ou de 5 a 7 para saídas.',
  referencesTooMany: 'Escolha no máximo {{max}} itens no campo {{label}}.',
  referencesInvalid: 'O campo {{label}} deve ser uma lista de registros.',
});
const F = FieldTexts;

/** The field messages as Portuguese strings. */
export const fieldMessages = {
  required: (label: string) => F.required({ label }).message,
  notText: (label: string) => F.notText({ label }).message,
  tooLong: (label: string, max: number) => F.tooLong({ label, max }).message,
  notBoolean: (label: string) => F.notBoolean({ label }).message,
  option: (label: string) => F.option({ label }).message,
  decimal: (label: string, scale: number) => F.decimal({ label, scale }).message,
  decimalRange: (label: string, max: string) => F.decimalRange({ label, max: max.replace('.', ',') }).message,
  termsRequired: F.termsRequired().message,
  termsTooMany: F.termsTooMany().message,
  document: F.document().message,
  plate: F.plate().message,
  renavam: F.renavam().message,
  chassis: F.chassis().message,
  cfop: F.cfop().message,
};

/** A string from the client, trimmed, with the field's messages for a wrong type and too long. */
function baseString(label: string, max: number, required: boolean) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? keyed(F.required({ label }))(iss) : keyed(F.notText({ label }))(iss)) })
    .trim()
    .max(max, { error: keyed(F.tooLong({ label, max })) })
    .refine((v) => !required || v.length > 0, { error: keyed(F.required({ label })) });
}

/** An optional string: absent, null and '' are stored as null. */
function optionalString(label: string, max: number) {
  return baseString(label, max, false)
    .nullish()
    .transform((v) => (v ? v : null));
}

interface TextOptions {
  max?: number;
  required?: boolean;
  hint?: string;
  placeholder?: string;
  mask?: string;
  /** A shape the (trimmed) text must have, with its message. */
  pattern?: { regex: RegExp; message: Said };
  upperCase?: boolean;
}

/** A required text's input: a trimmed string, never null. */
const requiredTextInput = (label: string, max: number, shape: (v: string) => string, check: (v: string | null) => boolean, o: TextOptions) =>
  baseString(label, max, true).transform(shape).refine(check, { error: o.pattern ? keyed(o.pattern.message) : '' });
/** An optional text's input: absent, null and '' are null. */
const optionalTextInput = (label: string, max: number, shape: (v: string) => string, check: (v: string | null) => boolean, o: TextOptions) =>
  optionalString(label, max)
    .transform((v) => (v === null ? null : shape(v)))
    .refine(check, { error: o.pattern ? keyed(o.pattern.message) : '' });
/** The input of a text field: `required: true` types it as a string, otherwise as a string or null. */
type TextInput<R extends boolean> = R extends true ? ReturnType<typeof requiredTextInput> : ReturnType<typeof optionalTextInput>;

function textField<R extends boolean = false>(type: 'text' | 'textarea', label: string, o: TextOptions & { required?: R }) {
  const max = o.max ?? (type === 'text' ? 120 : 1000);
  const required = o.required ?? false;
  const shape = (v: string) => (o.upperCase ? v.toUpperCase() : v);
  const check = (v: string | null) => v === null || !o.pattern || o.pattern.regex.test(v);
  const input = (required ? requiredTextInput(label, max, shape, check, o) : optionalTextInput(label, max, shape, check, o)) as TextInput<R>;
  const output = required ? z.string().max(max) : z.string().max(max).nullable();
  const spec: FieldSpec = { label, type, required, maxLength: max, hint: o.hint, placeholder: o.placeholder, mask: o.mask };
  return { spec, input, output };
}

export const text = <R extends boolean = false>(label: string, o: TextOptions & { required?: R } = {}) => textField('text', label, o);
export const textarea = <R extends boolean = false>(label: string, o: TextOptions & { required?: R } = {}) => textField('textarea', label, o);

/** A yes/no flag (a switch in the form, Sim/Não in lists and CSV). */
export function yesNo(label: string, o: { defaultValue?: boolean; hint?: string; exclusive?: FieldSpec['exclusive'] } = {}) {
  const defaultValue = o.defaultValue ?? false;
  return {
    spec: { label, type: 'switch', required: false, defaultValue, hint: o.hint, ...(o.exclusive ? { exclusive: o.exclusive } : {}) } satisfies FieldSpec,
    input: z.boolean({ error: keyed(F.notBoolean({ label })) }).default(defaultValue),
    output: z.boolean(),
  };
}

/** One of fixed options. */
export function select<const V extends readonly [Option, ...Option[]]>(label: string, options: V, o: { defaultValue?: V[number]['value']; hint?: string } = {}) {
  const values = options.map((x) => x.value) as [V[number]['value'], ...V[number]['value'][]];
  const base = z.enum(values, { error: keyed(F.option({ label })) });
  return {
    spec: { label, type: 'select', required: true, options, defaultValue: o.defaultValue, hint: o.hint } satisfies FieldSpec,
    input: o.defaultValue === undefined ? base : base.default(o.defaultValue as never),
    output: z.enum(values),
  };
}

/** A business date (yyyy-MM-dd), optional. */
export function date(label: string, o: { hint?: string; required?: boolean } = {}) {
  const required = o.required ?? false;
  return {
    spec: { label, type: 'date', required, maxLength: 10, hint: o.hint } satisfies FieldSpec,
    // A form's empty field ('') is no date: the required message, or none.
    input: z
      .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), DateOnly.nullish())
      .transform((v) => v ?? null)
      .refine((v) => !required || v !== null, { error: keyed(F.required({ label })) }),
    output: z.string().max(10).nullable(),
  };
}

/** A decimal as a string of fixed scale ("10,5" → "10.5000" at scale 4): never a binary float. */
export function decimal(label: string, o: { scale: number; integers?: number; max?: string; hint?: string }) {
  const integers = o.integers ?? 13;
  const format = new RegExp(`^\\d{1,${integers}}(?:[.,]\\d{1,${o.scale}})?$`);
  const input = z
    .string({ error: keyed(F.decimal({ label, scale: o.scale })) })
    .trim()
    .max(integers + o.scale + 1, { error: keyed(F.decimal({ label, scale: o.scale })) })
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || format.test(v), { error: keyed(F.decimal({ label, scale: o.scale })) })
    .transform((v) => (v === null ? null : fixedScale(v, o.scale)))
    .refine((v) => v === null || o.max === undefined || Number(v) <= Number(o.max), { error: keyed(F.decimalRange({ label, max: (o.max ?? '').replace('.', ',') })) });
  return {
    spec: { label, type: 'decimal', required: false, scale: o.scale, maxLength: integers + o.scale + 1, hint: o.hint } satisfies FieldSpec,
    input,
    output: z.string().max(integers + o.scale + 1).nullable(),
  };
}

/** "007,5" at scale 2 → "7.50". The input has already matched the decimal format. */
export function fixedScale(value: string, scale: number): string {
  const [int = '0', frac = ''] = value.replace(',', '.').split('.');
  const whole = int.replace(/^0+(?=\d)/, '');
  return scale > 0 ? `${whole}.${frac.padEnd(scale, '0')}` : whole;
}

/** A payment term typed as 1 to 3 digits (or a number): its days, or null when outside 0 to 365. */
export function termDays(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 365 ? n : null;
}

/** Payment terms (spec section 5): each 0 to 365 days, 0 ("000") is cash; duplicates removed; sorted. */
export function normalizeTerms(values: readonly unknown[]): number[] {
  const days = values.map(termDays).filter((d): d is number => d !== null);
  return [...new Set(days)].sort((a, b) => a - b);
}

/** "000", "030": how a term is shown. */
export const formatTerm = (days: number) => String(days).padStart(3, '0');

export function terms(label: string, o: { hint?: string } = {}) {
  const input = z
    .array(z.union([z.number(), z.string().max(10)], { error: keyed(ApiTexts.termInvalid()) }), { error: keyed(F.termsRequired()) })
    .max(48, { error: keyed(F.termsTooMany()) })
    .superRefine((values, ctx) => {
      // One message for the field, whichever term was wrong (the web removes it and shows the same text).
      if (values.some((v) => termDays(v) === null)) addKeyedIssue(ctx, [], ApiTexts.termInvalid());
    })
    .transform(normalizeTerms)
    .refine((v) => v.length > 0, { error: keyed(F.termsRequired()) });
  return {
    spec: { label, type: 'terms', required: true, mask: '###', hint: o.hint } satisfies FieldSpec,
    input,
    output: z.array(z.number().int().min(0).max(365)).max(48),
  };
}

/** A bank's COMPE code: empty allowed (a bearer with no bank), otherwise a known bank. */
export function bankCode(label: string, o: { hint?: string } = {}) {
  const input = optionalString(label, 10)
    .transform((v) => (v === null ? null : normalizeBankCode(v)))
    .refine((v) => v === null || bankName(v) !== null, { error: keyed(ApiTexts.bankUnknown()) });
  return {
    spec: { label, type: 'bank-code', required: false, maxLength: 3, mask: '###', hint: o.hint } satisfies FieldSpec,
    input,
    output: z.string().max(3).nullable(),
  };
}

/** CPF or CNPJ (the alphanumeric CNPJ included), stored with its mask. */
export function document(label: string, o: { hint?: string } = {}) {
  const input = optionalString(label, 18)
    .transform((v) => (v === null ? null : formatCpfOrCnpj(v)))
    .refine((v) => v === null || isCpfOrCnpj(v), { error: keyed(F.document()) });
  return {
    spec: { label, type: 'document', required: false, maxLength: 18, mask: ['###.###.###-##', '**.***.***/****-##'], hint: o.hint } satisfies FieldSpec,
    input,
    output: z.string().max(18).nullable(),
  };
}

/** A vehicle plate, old (AAA9999) or Mercosul (AAA9A99), stored in upper case without the dash. */
export function plate(label: string) {
  const input = baseString(label, 8, true)
    .transform(normalizePlate)
    .refine(isPlate, { error: keyed(F.plate()) });
  return {
    spec: { label, type: 'plate', required: true, maxLength: 8, mask: '@@@-#*##' } satisfies FieldSpec,
    input,
    output: z.string().max(7),
  };
}

export function renavam(label: string) {
  const input = optionalString(label, 13)
    .transform((v) => (v === null ? null : normalizeRenavam(v)))
    .refine((v) => v === null || isRenavam(v), { error: keyed(F.renavam()) });
  return {
    spec: { label, type: 'renavam', required: false, maxLength: 11, mask: '###########' } satisfies FieldSpec,
    input,
    output: z.string().max(11).nullable(),
  };
}

export function chassis(label: string) {
  const input = optionalString(label, 25)
    .transform((v) => (v === null ? null : normalizeChassis(v)))
    .refine((v) => v === null || isChassis(v), { error: keyed(F.chassis()) });
  return {
    spec: { label, type: 'chassis', required: false, maxLength: 17, mask: '*****************' } satisfies FieldSpec,
    input,
    output: z.string().max(17).nullable(),
  };
}

export function cfop(label: string) {
  const input = baseString(label, 5, true)
    .transform(normalizeCfop)
    .refine((v) => cfopType(v) !== null, { error: keyed(F.cfop()) });
  return {
    spec: { label, type: 'cfop', required: true, maxLength: 5, mask: '#.###' } satisfies FieldSpec,
    input,
    output: z.string().max(4),
  };
}

/** The id of a record of another registry; the engine records the reference (invariant 6). */
export function reference(label: string, registry: string, o: { required?: boolean } = {}) {
  const required = o.required ?? false;
  return {
    spec: { label, type: 'reference', required, registry } satisfies FieldSpec,
    input: required ? Id : Id.nullish().transform((v) => v ?? null),
    output: required ? Id : Id.nullable(),
  };
}

/**
 * What a `references` field may point to besides a registry: records of a module that are never
 * deleted (a product, a branch is deactivated instead), so the engine checks they exist at a save
 * and counts no reference. Their lookups are handed to the engine at start (core's wiring).
 */
export const ENTITY_TARGETS = ['products', 'branches'] as const;
export type EntityTarget = (typeof ENTITY_TARGETS)[number];
export const isEntityTarget = (target: string): target is EntityTarget => (ENTITY_TARGETS as readonly string[]).includes(target);

/**
 * Several ids, each of a registry's record (a counted reference each: a record in use cannot be
 * deleted) or of an `ENTITY_TARGETS` record (checked to exist). Empty is none; repeated ids are kept
 * once, in the order chosen.
 */
export function references(label: string, target: string, o: { max: number; hint?: string }) {
  const input = z
    .array(Id, { error: keyed(F.referencesInvalid({ label })) })
    .nullish()
    .transform((v) => [...new Set(v ?? [])])
    .refine((v) => v.length <= o.max, { error: keyed(F.referencesTooMany({ label, max: o.max })) });
  return {
    spec: { label, type: 'references', required: false, registry: target, maxItems: o.max, hint: o.hint } satisfies FieldSpec,
    input,
    output: z.array(Id).max(o.max),
  };
}

/** A field computed from the others (the bank's name, the installment count, the nature's type). */
export function derived<O extends z.ZodType>(label: string, type: FieldType, output: O, o: { options?: readonly Option[] } = {}) {
  return {
    spec: { label, type, required: false, readOnly: true, options: o.options } satisfies FieldSpec,
    input: output,
    output,
  };
}
