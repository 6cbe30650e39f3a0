import { labelOfName, labelOfPath } from './field-labels';
import { defineTexts, type Said } from './texts';

/**
 * Our Brazilian Portuguese for every issue zod raises without a message of the schema's own
 * (docs/texts.md), keyed `zod.<name>`: each names the field by its label (`labels.<field>`). The
 * web renders the same keys in the user's language (`web/src/locales/en/messages.json`).
 */
export const ZodTexts = defineTexts('zod', {
  required: 'O campo {{label}} é obrigatório.',
  typeString: 'O campo {{label}} deve ser um texto.',
  typeNumber: 'O campo {{label}} deve ser um número.',
  typeInteger: 'O campo {{label}} deve ser um número inteiro.',
  typeBoolean: 'O campo {{label}} deve ser sim ou não.',
  typeDate: 'O campo {{label}} deve ser uma data válida.',
  typeList: 'O campo {{label}} deve ser uma lista.',
  typeObject: 'O campo {{label}} deve ser um objeto (campos e valores).',
  typeFile: 'O campo {{label}} deve ser um arquivo.',
  typeNull: 'O campo {{label}} deve ficar vazio.',
  typeAbsent: 'O campo {{label}} não deve ser informado.',
  typeOther: 'O campo {{label}} tem um valor de tipo inválido.',

  maxChars: 'O campo {{label}} deve ter no máximo {{maximum}} caracteres.',
  maxOneChar: 'O campo {{label}} deve ter no máximo 1 caractere.',
  minChars: 'O campo {{label}} deve ter pelo menos {{minimum}} caracteres.',
  exactChars: 'O campo {{label}} deve ter exatamente {{length}} caracteres.',
  maxItems: 'O campo {{label}} deve ter no máximo {{maximum}} itens.',
  maxOneItem: 'O campo {{label}} deve ter no máximo 1 item.',
  minItems: 'O campo {{label}} deve ter pelo menos {{minimum}} itens.',
  minOneItem: 'O campo {{label}} deve ter pelo menos 1 item.',
  exactItems: 'O campo {{label}} deve ter exatamente {{length}} itens.',
  maxBytes: 'O arquivo do campo {{label}} deve ter no máximo {{maximum}} bytes.',
  minBytes: 'O arquivo do campo {{label}} deve ter pelo menos {{minimum}} bytes.',
  exactBytes: 'O arquivo do campo {{label}} deve ter exatamente {{length}} bytes.',
  maxNumber: 'O campo {{label}} deve ser no máximo {{maximum}}.',
  lessNumber: 'O campo {{label}} deve ser menor que {{maximum}}.',
  minNumber: 'O campo {{label}} deve ser no mínimo {{minimum}}.',
  moreNumber: 'O campo {{label}} deve ser maior que {{minimum}}.',
  maxDate: 'O campo {{label}} deve ser uma data até {{maximum}}.',
  beforeDate: 'O campo {{label}} deve ser uma data anterior a {{maximum}}.',
  minDate: 'O campo {{label}} deve ser uma data a partir de {{minimum}}.',
  afterDate: 'O campo {{label}} deve ser uma data posterior a {{minimum}}.',

  formatEmail: 'O campo {{label}} deve ser um e-mail válido.',
  formatUrl: 'O campo {{label}} deve ser um endereço (URL) válido.',
  formatId: 'O campo {{label}} deve ser um identificador válido.',
  formatDate: 'O campo {{label}} deve ser uma data válida no formato aaaa-mm-dd.',
  formatDateTime: 'O campo {{label}} deve ser uma data e hora válidas (aaaa-mm-ddThh:mm:ss).',
  formatTime: 'O campo {{label}} deve ser um horário válido (hh:mm).',
  formatDuration: 'O campo {{label}} deve ser uma duração válida.',
  formatAddress: 'O campo {{label}} deve ser um endereço de rede válido.',
  formatBase64: 'O campo {{label}} deve estar codificado em base64.',
  formatToken: 'O campo {{label}} deve ser um token válido.',
  formatJson: 'O campo {{label}} deve ser um JSON válido.',
  formatPhone: 'O campo {{label}} deve ser um telefone no formato internacional (+5531991230076).',
  formatLowercase: 'O campo {{label}} deve estar em letras minúsculas.',
  formatUppercase: 'O campo {{label}} deve estar em letras maiúsculas.',
  formatStartsWith: 'O campo {{label}} deve começar com "{{prefix}}".',
  formatEndsWith: 'O campo {{label}} deve terminar com "{{suffix}}".',
  formatIncludes: 'O campo {{label}} deve conter "{{includes}}".',
  formatOther: 'O campo {{label}} está em um formato inválido.',

  decimals: 'O campo {{label}} deve ter no máximo {{decimals}} casas decimais.',
  oneDecimal: 'O campo {{label}} deve ter no máximo 1 casa decimal.',
  multipleOf: 'O campo {{label}} deve ser múltiplo de {{divisor}}.',
  unknownKey: 'O campo {{label}} não é permitido aqui.',
  unknownKeys: 'Os campos {{labels}} não são permitidos aqui.',
  union: 'O campo {{label}} não está em nenhum dos formatos aceitos.',
  unionOptions: 'O campo {{label}} deve ser um destes: {{options}}.',
  unionAmbiguous: 'O campo {{label}} corresponde a mais de um dos formatos aceitos.',
  invalidKey: 'O campo {{label}} tem uma chave inválida.',
  invalidElement: 'O campo {{label}} tem um item inválido.',
  value: 'O campo {{label}} deve ser {{value}}.',
  option: 'Escolha uma opção válida para o campo {{label}}: {{values}}.',
  custom: 'O campo {{label}} é inválido.',
});
const T = ZodTexts;

/** The raw issue zod hands an error map (before its message), as far as the texts read it. */
export interface RawIssue {
  code?: string;
  path?: PropertyKey[];
  input?: unknown;
  expected?: string;
  origin?: string;
  maximum?: unknown;
  minimum?: unknown;
  inclusive?: boolean;
  exact?: boolean;
  format?: string;
  prefix?: string;
  suffix?: string;
  includes?: string;
  divisor?: number | bigint;
  keys?: string[];
  values?: unknown[];
  options?: unknown[];
  discriminator?: string;
  matches?: number[];
}

// Made on first use: a first number format loads the locale's data (about 25 ms of a phone's start, 100 ms on a slow one), and most loads format no bound.
let numbers: Intl.NumberFormat | undefined;

/** A bound as the Portuguese writes it: `1.000`, `0,01`, a date as dd/mm/aaaa. */
function figure(value: unknown, origin?: string): string {
  if (value instanceof Date || (origin === 'date' && typeof value === 'number')) {
    const d = new Date(value as Date | number);
    return Number.isNaN(d.getTime()) ? String(value) : d.toISOString().slice(0, 10).split('-').reverse().join('/');
  }
  if (typeof value === 'number' || typeof value === 'bigint') return (numbers ??= new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 10 })).format(value);
  return String(value);
}

/** A value the schema accepts, as the caller would type it (`"pending"`, `10`, `null`). */
function shown(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : typeof value === 'bigint' ? `${value}` : JSON.stringify(value) ?? String(value);
}

function list(values: readonly unknown[] | undefined): string {
  const all = (values ?? []).map(shown).join(', ');
  return all.length > 300 ? `${all.slice(0, 297)}...` : all;
}

const SIZED: Record<string, 'chars' | 'items' | 'bytes'> = { string: 'chars', array: 'items', set: 'items', map: 'items', record: 'items', file: 'bytes' };

function tooBig(iss: RawIssue, label: { label: string }): Said {
  const maximum = figure(iss.maximum, iss.origin);
  const sized = SIZED[iss.origin ?? ''];
  if (iss.origin === 'date') return iss.inclusive === false ? T.beforeDate({ ...label, maximum }) : T.maxDate({ ...label, maximum });
  if (!sized) return iss.inclusive === false ? T.lessNumber({ ...label, maximum }) : T.maxNumber({ ...label, maximum });
  // Sizes are only ever bounded inclusively (zod has no exclusive length).
  if (iss.exact) return exact(sized, label, maximum);
  if (Number(iss.maximum) === 1 && sized !== 'bytes') return sized === 'chars' ? T.maxOneChar(label) : T.maxOneItem(label);
  return sized === 'chars' ? T.maxChars({ ...label, maximum }) : sized === 'items' ? T.maxItems({ ...label, maximum }) : T.maxBytes({ ...label, maximum });
}

function tooSmall(iss: RawIssue, label: { label: string }): Said {
  const minimum = figure(iss.minimum, iss.origin);
  const sized = SIZED[iss.origin ?? ''];
  if (iss.origin === 'date') return iss.inclusive === false ? T.afterDate({ ...label, minimum }) : T.minDate({ ...label, minimum });
  if (!sized) return iss.inclusive === false ? T.moreNumber({ ...label, minimum }) : T.minNumber({ ...label, minimum });
  if (iss.exact) return exact(sized, label, minimum);
  // At least one character is what a required text asks; at least one item, one line at least.
  if (Number(iss.minimum) === 1 && sized !== 'bytes') return sized === 'chars' ? T.required(label) : T.minOneItem(label);
  return sized === 'chars' ? T.minChars({ ...label, minimum }) : sized === 'items' ? T.minItems({ ...label, minimum }) : T.minBytes({ ...label, minimum });
}

function exact(sized: 'chars' | 'items' | 'bytes', label: { label: string }, length: string): Said {
  return sized === 'chars' ? T.exactChars({ ...label, length }) : sized === 'items' ? T.exactItems({ ...label, length }) : T.exactBytes({ ...label, length });
}

const TYPES: Record<string, (l: { label: string }) => Said> = {
  string: T.typeString,
  number: T.typeNumber,
  int: T.typeInteger,
  bigint: T.typeInteger,
  nan: T.typeNumber,
  boolean: T.typeBoolean,
  date: T.typeDate,
  array: T.typeList,
  tuple: T.typeList,
  set: T.typeList,
  object: T.typeObject,
  record: T.typeObject,
  map: T.typeObject,
  file: T.typeFile,
  null: T.typeNull,
  undefined: T.typeAbsent,
  void: T.typeAbsent,
  never: T.typeAbsent,
  nonoptional: T.required,
};

function invalidType(iss: RawIssue, label: { label: string }): Said {
  // A missing field (or one sent empty) is a required one, whatever type it should have.
  if ((iss.input === undefined || iss.input === null) && !['undefined', 'void', 'never', 'null'].includes(iss.expected ?? '')) return T.required(label);
  return (TYPES[iss.expected ?? ''] ?? T.typeOther)(label);
}

const FORMATS: Record<string, (l: { label: string }) => Said> = {
  email: T.formatEmail,
  url: T.formatUrl,
  hostname: T.formatUrl,
  uuid: T.formatId,
  uuidv4: T.formatId,
  uuidv6: T.formatId,
  uuidv7: T.formatId,
  guid: T.formatId,
  nanoid: T.formatId,
  cuid: T.formatId,
  cuid2: T.formatId,
  ulid: T.formatId,
  xid: T.formatId,
  ksuid: T.formatId,
  date: T.formatDate,
  datetime: T.formatDateTime,
  time: T.formatTime,
  duration: T.formatDuration,
  ipv4: T.formatAddress,
  ipv6: T.formatAddress,
  cidrv4: T.formatAddress,
  cidrv6: T.formatAddress,
  mac: T.formatAddress,
  base64: T.formatBase64,
  base64url: T.formatBase64,
  jwt: T.formatToken,
  json_string: T.formatJson,
  e164: T.formatPhone,
  lowercase: T.formatLowercase,
  uppercase: T.formatUppercase,
};

function invalidFormat(iss: RawIssue, label: { label: string }): Said {
  if (iss.format === 'starts_with') return T.formatStartsWith({ ...label, prefix: iss.prefix ?? '' });
  if (iss.format === 'ends_with') return T.formatEndsWith({ ...label, suffix: iss.suffix ?? '' });
  if (iss.format === 'includes') return T.formatIncludes({ ...label, includes: iss.includes ?? '' });
  return (FORMATS[iss.format ?? ''] ?? T.formatOther)(label);
}

function multipleOf(iss: RawIssue, label: { label: string }): Said {
  if (typeof iss.divisor === 'bigint') return iss.divisor === 1n ? T.typeInteger(label) : T.multipleOf({ ...label, divisor: figure(iss.divisor) });
  const divisor = iss.divisor ?? 1;
  const places = Math.round(-Math.log10(divisor));
  if (places >= 1 && Math.abs(10 ** -places - divisor) < 1e-15) return places === 1 ? T.oneDecimal(label) : T.decimals({ ...label, decimals: places });
  if (divisor === 1) return T.typeInteger(label);
  return T.multipleOf({ ...label, divisor: figure(divisor) });
}

/** The names of unknown keys: each by its label when it has one, else as sent. */
function unknownKeys(iss: RawIssue): Said {
  const keys = iss.keys ?? [];
  if (keys.length === 1) return T.unknownKey(labelOfName(keys[0]!));
  const labels = keys.map((k) => labelOfName(k).label).join(', ');
  return T.unknownKeys({ labels: labels.length > 300 ? `${labels.slice(0, 297)}...` : labels });
}

/**
 * The text of an issue zod raised without a message of the schema's own: our Brazilian
 * Portuguese, naming the field by its label, with its key and parameters.
 */
export function zodIssueText(iss: RawIssue): Said {
  // A bad key is the record's (or the map's) fault: named by the field that holds it.
  const label = labelOfPath(iss.code === 'invalid_key' && iss.origin === 'record' ? (iss.path ?? []).slice(0, -1) : (iss.path ?? []));
  // A choice or a union left out is a required field, as a missing text is.
  if (iss.input === undefined && (iss.code === 'invalid_value' || (iss.code === 'invalid_union' && !iss.matches?.length))) return T.required(label);
  switch (iss.code) {
    case 'invalid_type':
      return invalidType(iss, label);
    case 'too_big':
      return tooBig(iss, label);
    case 'too_small':
      return tooSmall(iss, label);
    case 'invalid_format':
      return invalidFormat(iss, label);
    case 'not_multiple_of':
      return multipleOf(iss, label);
    case 'unrecognized_keys':
      return unknownKeys(iss);
    case 'invalid_union':
      if (iss.matches?.length) return T.unionAmbiguous(label);
      return iss.options?.length ? T.unionOptions({ ...label, options: list(iss.options) }) : T.union(label);
    case 'invalid_key':
      return T.invalidKey(label);
    case 'invalid_element':
      return T.invalidElement(label);
    case 'invalid_value':
      return iss.values?.length === 1 ? T.value({ ...label, value: shown(iss.values[0]) }) : T.option({ ...label, values: list(iss.values) });
    default:
      return T.custom(label);
  }
}

/** An unknown key's own text (one field per key in the API's answer). */
export function unknownKeyText(key: string): Said {
  return T.unknownKey(labelOfName(key));
}
