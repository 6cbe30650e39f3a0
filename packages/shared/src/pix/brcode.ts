import { Decimal, parseDecimal } from '../money';

/**
 * Pix's BR Code (issue 44, docs/store.md "Pix"): the "copia e cola" text a QR code carries, laid out
 * as Banco Central's BR Code manual and its Pix initiation manual say. An EMV MPM payload: fields of
 * a two-digit id, a two-digit length and the value, some of them templates of fields of their own;
 * the last field is the CRC (`6304` and four upper-case hexadecimal digits), a CRC16-CCITT-FALSE
 * over the whole text up to and including `6304`.
 *
 * `staticPix` writes the code our sandbox processor issues (a static code with the amount: the key
 * in 26-01, the amount in 54 with two decimals, the merchant's name up to 25 and city up to 15
 * characters of plain ASCII, the transaction id in 62-05 of letters and digits up to 25). A real
 * processor's dynamic code (its URL in 26-25) is never rebuilt: `decodeBrCode` reads any code back
 * field by field and checks its CRC and structure.
 */

/** The Pix arrangement's identifier in the merchant account template (26-00). */
export const PIX_GUI = 'br.gov.bcb.pix';

/** The most characters of each text field, counted on the final ASCII text. */
export const BR_CODE_LIMITS = { name: 25, city: 15, txid: 25, key: 77, description: 72 } as const;

/** The CRC16-CCITT-FALSE of a text's bytes (polynomial 0x1021, initial 0xFFFF, no reflection, no final xor), four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One field: id, the value's length in two digits, the value (at most 99 characters). */
export function field(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`BR Code: field id ${id} is not two digits`);
  if (value.length > 99) throw new Error(`BR Code: field ${id} holds ${value.length} characters, at most 99`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** A text as plain ASCII: accents taken off, other characters outside printable ASCII dropped, spaces collapsed, cut at `max`. */
export function plainAscii(value: string, max: number): string {
  const plain = value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, max).trimEnd();
}

export interface StaticPixInput {
  /** The receiver's Pix key (CPF, CNPJ, phone +55…, e-mail or random key). */
  key: string;
  /** The merchant's name (plain ASCII, up to 25) and city (upper case, up to 15). */
  name: string;
  city: string;
  /** The amount, in reais (two decimals); none: the payer types it. */
  amount?: string | null;
  /** The transaction id (62-05): letters and digits, up to 25; none: `***`. */
  txid?: string | null;
  /** A message to the payer (26-02). */
  description?: string | null;
}

/** Why a static code cannot be written from what was given. */
export class BrCodeInputError extends Error {}

/** The transaction id as 62-05 takes it: letters and digits only, up to 25 (none: `***`). */
export function pixTxid(value: string | null | undefined): string {
  const id = (value ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, BR_CODE_LIMITS.txid);
  return id || '***';
}

/** A static Pix code (sandbox processor): see the module's comment. */
export function staticPix(input: StaticPixInput): string {
  const key = input.key.trim();
  if (!key || key.length > BR_CODE_LIMITS.key) throw new BrCodeInputError('key');
  const name = plainAscii(input.name, BR_CODE_LIMITS.name);
  const city = plainAscii(input.city, BR_CODE_LIMITS.city).toUpperCase();
  if (!name) throw new BrCodeInputError('name');
  if (!city) throw new BrCodeInputError('city');
  const description = input.description ? plainAscii(input.description, BR_CODE_LIMITS.description) : '';
  let amount = '';
  if (input.amount !== null && input.amount !== undefined && input.amount !== '') {
    const value = parseDecimal(input.amount);
    if (!value || value.lte(0) || value.decimalPlaces() > 2) throw new BrCodeInputError('amount');
    amount = value.toFixed(2);
    if (amount.length > 13) throw new BrCodeInputError('amount');
  }
  const account = field('00', PIX_GUI) + field('01', key) + (description ? field('02', description) : '');
  const body =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (amount ? field('54', amount) : '') +
    field('58', 'BR') +
    field('59', name) +
    field('60', city) +
    field('62', field('05', pixTxid(input.txid))) +
    '6304';
  return body + crc16(body);
}

/** A code read back, field by field. */
export interface DecodedBrCode {
  payloadFormat: string;
  /** 11: static (reusable), 12: dynamic (one use); absent on many static codes. */
  pointOfInitiation: string | null;
  gui: string;
  key: string | null;
  description: string | null;
  /** The payload's location of a dynamic code (26-25), without `https://`. */
  url: string | null;
  merchantCategoryCode: string;
  currency: string;
  amount: string | null;
  country: string;
  name: string;
  city: string;
  postalCode: string | null;
  txid: string | null;
  crc: string;
  dynamic: boolean;
  /** Every field as read, in its order: id and value (templates as their text). */
  fields: [string, string][];
}

/** Why a text is no BR Code of Pix. */
export class BrCodeError extends Error {}

function fieldsOf(text: string): [string, string][] {
  const out: [string, string][] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const size = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(size)) throw new BrCodeError(`campo malformado na posição ${at}`);
    const value = text.slice(at + 4, at + 4 + Number(size));
    if (value.length !== Number(size)) throw new BrCodeError(`o campo ${id} é mais curto que o tamanho que declara`);
    out.push([id, value]);
    at += 4 + Number(size);
  }
  return out;
}

/**
 * A BR Code read back (a copy-and-paste text, or what a QR code holds): its CRC checked over the
 * whole text up to `6304`, the fields in their places, the Pix template present. Throws `BrCodeError`.
 */
export function decodeBrCode(text: string): DecodedBrCode {
  if (!/^[\x20-\x7e]+$/.test(text)) throw new BrCodeError('o código tem caracteres fora do ASCII');
  if (text.length < 8 || text.slice(-8, -4) !== '6304') throw new BrCodeError('o código não termina com o CRC (6304)');
  const crc = text.slice(-4);
  if (crc16(text.slice(0, -4)) !== crc) throw new BrCodeError('o CRC não confere');
  const top = fieldsOf(text.slice(0, -8));
  // A Map, not an object: ids like '26' would be ordered before '00' as an object's keys.
  const fields = new Map(top);
  if (top[0]?.[0] !== '00' || fields.get('00') !== '01') throw new BrCodeError('o código não começa pelo indicador de formato 01');
  const accountText = top.find(([id, v]) => Number(id) >= 26 && Number(id) <= 51 && v.toLowerCase().includes(PIX_GUI))?.[1];
  if (!accountText) throw new BrCodeError('o código não tem a conta do Pix (br.gov.bcb.pix)');
  const account = new Map(fieldsOf(accountText));
  if ((account.get('00') ?? '').toLowerCase() !== PIX_GUI) throw new BrCodeError('o identificador do arranjo não é br.gov.bcb.pix');
  const additional = new Map(fields.get('62') ? fieldsOf(fields.get('62')!) : []);
  for (const id of ['52', '53', '58', '59', '60']) if (!fields.get(id)) throw new BrCodeError(`falta o campo ${id}`);
  const url = account.get('25') ?? null;
  if (!url && !account.get('01')) throw new BrCodeError('o código não tem chave nem URL');
  return {
    payloadFormat: '01',
    pointOfInitiation: fields.get('01') ?? null,
    gui: account.get('00')!,
    key: account.get('01') ?? null,
    description: account.get('02') ?? null,
    url,
    merchantCategoryCode: fields.get('52')!,
    currency: fields.get('53')!,
    amount: fields.get('54') ?? null,
    country: fields.get('58')!,
    name: fields.get('59')!,
    city: fields.get('60')!,
    postalCode: fields.get('61') ?? null,
    txid: additional.get('05') ?? null,
    crc,
    dynamic: !!url,
    fields: top,
  };
}

/** What a Pix charges for an order's total: the total at cents, half-up (a branch with 4 places charges "10.13" for "10.1250"). */
export function pixAmount(total: string): string {
  return new Decimal(total).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
