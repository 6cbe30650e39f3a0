import { PRICE_SCALE, parseDecimal } from '../money';
import { defineTexts, plain } from '../texts';
import { addKeyedIssue, keyed, z } from '../zod';
import { fitWhatsapp } from '../whatsapp-link';
import { Cursor, DateOnly, Id, KeyedText, Limit, SearchText, Timestamp } from './common';
import { idList, PRODUCT_STATUSES } from './products';

/**
 * Prices (issue 7, docs/prices.md): one price per table and product, a decimal string of up to 4
 * places, above zero; the price of a product for a client (resolution); the price chart. The API
 * and the web validate with these same schemas.
 */

/** Integer digits a price may have (up to 999.999.999.999,9999). */
export const PRICE_INTEGERS = 12;
/** Products a resolution asks for at once. */
export const MAX_RESOLVE_PRODUCTS = 100;

/** The prices' texts, keyed `prices.<name>` (docs/texts.md), with the import's line reasons. */
export const PriceTexts = defineTexts('prices', {
  required: 'Informe o preço.',
  invalid: 'O preço deve ser um número maior que zero, com até {{scale}} casas decimais (use vírgula ou ponto).',
  tooLarge: 'O preço deve ter no máximo {{integers}} dígitos antes da vírgula.',
  tableMissing: 'A tabela de preço informada não existe.',
  productMissing: 'O produto informado não existe.',
  tooManyProducts: 'Informe no máximo {{max}} produtos.',
  noProducts: 'Informe ao menos um produto.',
  // Reasons a product has no price for a client (shown by the sales screen and the client's prices).
  productNotFound: 'Produto não encontrado.',
  productInactive: 'Produto inativo: não pode ser vendido.',
  noTables: 'Produto sem preço: o cliente, o segmento e a região não indicam tabela de preço e não há tabela padrão.',
  noPrice: 'Produto sem preço para este cliente: {{why}}.',
  // `noPrice` without its tables: where a text names the reason inside another (`reasonKey`).
  noPriceShort: 'Produto sem preço para este cliente.',
  // The parts of `noPrice`'s {{why}}, one a table tried (a client renders each and joins them with '; ').
  whyOutsideWindow: 'a tabela {{source}} "{{table}}" está fora da vigência ({{window}})',
  whyNoPrice: 'a tabela {{source}} "{{table}}" não tem preço para o produto',
  whyNoDefault: 'não há tabela padrão',
  // The {{source}} and {{window}} of those parts (their `sourceKey` and `windowKey`).
  sourceNegotiation: 'negociada',
  sourceClient: 'do cliente',
  sourceSegment: 'do segmento',
  sourceRegion: 'da região',
  sourceDefault: 'padrão',
  windowBetween: 'de {{from}} a {{until}}',
  windowFrom: 'a partir de {{from}}',
  windowUntil: 'até {{until}}',
  windowOpen: 'sem limite',
  // Price chart
  noDefaultTable: 'Nenhuma tabela de preço padrão definida. Cadastre uma tabela de preço ou escolha uma tabela no filtro.',
  emptyChart: 'Nenhum produto encontrado para os filtros escolhidos.',
  outsideWindow: 'Esta tabela está fora da vigência hoje: os preços são mostrados, mas não valem para vendas.',
  // The reasons of a rejected import line (packages/core/src/prices/imports.ts).
  importProductMissing: 'Produto não encontrado: {{ref}}.',
  importTableMissing: 'Tabela de preço não encontrada: {{name}}.',
  importPrice: 'Preço inválido: {{value}}. Informe um número maior que zero, com até 4 casas decimais (vírgula ou ponto).',
  importRepeated: 'O produto {{ref}} já tem preço na tabela {{table}} na linha {{line}} deste arquivo.',
});
const T = PriceTexts;

/** The same texts as Portuguese strings. */
export const PriceMessages = {
  ...plain(T, ['required', 'tableMissing', 'productMissing', 'noProducts', 'productNotFound', 'productInactive', 'noTables', 'noDefaultTable', 'emptyChart', 'outsideWindow']),
  invalid: T.invalid({ scale: PRICE_SCALE }).message,
  tooLarge: T.tooLarge({ integers: PRICE_INTEGERS }).message,
  tooManyProducts: T.tooManyProducts({ max: MAX_RESOLVE_PRODUCTS }).message,
  noPrice: (why: string) => T.noPrice({ why }).message,
};

/**
 * A price as typed or sent, always a string (never a JSON number, a binary float): "12,5", "12.50",
 * "1.234,5678"; above zero, at most 4 places (trailing zeros do not count). Stored as a fixed
 * 4-place string ("12.5000").
 */
export const PriceValue = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? keyed(T.required())(iss) : keyed(T.invalid({ scale: PRICE_SCALE }))(iss)) })
  .max(40, { error: keyed(T.invalid({ scale: PRICE_SCALE })) })
  .transform((v, ctx) => {
    if (!v.trim()) {
      addKeyedIssue(ctx, [], T.required());
      return z.NEVER;
    }
    const d = parseDecimal(v);
    if (!d || d.lte(0) || d.decimalPlaces() > PRICE_SCALE) {
      addKeyedIssue(ctx, [], T.invalid({ scale: PRICE_SCALE }));
      return z.NEVER;
    }
    if (d.trunc().toFixed(0).length > PRICE_INTEGERS) {
      addKeyedIssue(ctx, [], T.tooLarge({ integers: PRICE_INTEGERS }));
      return z.NEVER;
    }
    return d.toFixed(PRICE_SCALE);
  });

export const PriceInput = z.object({ price: PriceValue });
export type PriceInput = z.input<typeof PriceInput>;

export const ProductPriceParams = z.object({ id: Id, tableId: Id });

/** A product's price in one table (GET /products/{id}/prices lists every table, priced or not). */
export const TablePrice = z.object({
  tableId: Id,
  tableName: z.string().max(120),
  isDefault: z.boolean(),
  validFrom: z.string().max(10).nullable(),
  validUntil: z.string().max(10).nullable(),
  /** Whether today (company time zone) is inside the table's window. */
  inWindow: z.boolean(),
  /** The stored price, 4 places, or null when the table has none for the product. */
  price: z.string().max(20).nullable(),
  updatedAt: Timestamp.nullable(),
});
export type TablePrice = z.infer<typeof TablePrice>;

export const ProductPrices = z.object({
  productId: Id,
  /** The session branch's `casasDecimais`: how many places the web shows. */
  decimals: z.number().int().min(0).max(6),
  items: z.array(TablePrice),
});
export type ProductPrices = z.infer<typeof ProductPrices>;

export const StoredPrice = z.object({ tableId: Id, productId: Id, price: z.string().max(20), updatedAt: Timestamp });
export type StoredPrice = z.infer<typeof StoredPrice>;

/** Where a price came from: the sale's negotiated table (when the order names one), else the client's chain. */
export const PRICE_SOURCES = ['negotiation', 'client', 'segment', 'region', 'default'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];
export const PRICE_SOURCE_LABELS: Record<PriceSource, string> = {
  negotiation: 'tabela negociada',
  client: 'tabela do cliente',
  segment: 'tabela do segmento',
  region: 'tabela da região',
  default: 'tabela padrão',
};

export const NO_PRICE_CODES = ['product_not_found', 'product_inactive', 'no_price'] as const;

/**
 * Why a product cannot be sold to a client, as a client renders it in its language (docs/texts.md):
 * the text's key and parameters and, for `prices.noPrice`, each table tried (`why`, its {{why}}
 * joined with '; '). `reason` beside it is the same in Portuguese.
 */
export const NoPriceText = KeyedText.extend({ why: z.array(KeyedText).max(10).optional() });
export type NoPriceText = z.infer<typeof NoPriceText>;

/** The price of a product for a client, or why it has none (then it cannot be sold). */
export const ResolvedPrice = z.union([
  z.object({
    productId: Id,
    /** Stored price, 4 places: what a sale line multiplies (rounded once, per line). */
    price: z.string().max(20),
    /** The price rounded half-up at the branch's decimals, as shown. */
    rounded: z.string().max(20),
    tableId: Id,
    tableName: z.string().max(120),
    source: z.enum(PRICE_SOURCES),
  }),
  z.object({
    productId: Id,
    price: z.null(),
    code: z.enum(NO_PRICE_CODES),
    reason: z.string().max(1000),
    text: NoPriceText,
  }),
]);
export type ResolvedPrice = z.infer<typeof ResolvedPrice>;

export const ClientPricesQuery = z.object({
  productIds: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter(Boolean)),
    z.array(Id).min(1, { error: keyed(T.noProducts()) }).max(MAX_RESOLVE_PRODUCTS, { error: keyed(T.tooManyProducts({ max: MAX_RESOLVE_PRODUCTS })) }),
  ),
  /** The business date the prices are for (default: today in the company's time zone). */
  on: DateOnly.optional(),
  /** A negotiation: the sale's chosen price table, the only one read (no fallback to the client's tables). */
  tableId: Id.optional(),
});
export type ClientPricesQuery = z.input<typeof ClientPricesQuery>;

export const ClientPrices = z.object({
  clientId: Id,
  on: z.string().max(10),
  decimals: z.number().int().min(0).max(6),
  items: z.array(ResolvedPrice),
});
export type ClientPrices = z.infer<typeof ClientPrices>;

// ---------------------------------------------------------------------------------------------
// Price chart (/price-charts, subject vendas)

export const PriceChartQuery = z.object({
  q: SearchText.optional(),
  groupIds: idList().optional(),
  productCompanyIds: idList().optional(),
  /** The table shown; absent: the default table. */
  tableId: Id.optional(),
  cursor: Cursor.optional(),
  limit: Limit,
});
export type PriceChartQuery = z.input<typeof PriceChartQuery>;
export type PriceChartFilter = Omit<z.output<typeof PriceChartQuery>, 'cursor' | 'limit'>;

/** A payment condition flagged "show in price tables": a column of the chart. */
export const ChartCondition = z.object({
  id: Id,
  name: z.string().max(120),
  discountRate: z.string().max(20).nullable(),
  surchargeRate: z.string().max(20).nullable(),
});
export type ChartCondition = z.infer<typeof ChartCondition>;

export const PriceChartRow = z.object({
  productId: Id,
  ref: z.string().max(30),
  name: z.string().max(120),
  maker: z.string().max(60).nullable(),
  package: z.string().max(30).nullable(),
  unit: z.string().max(120).nullable(),
  status: z.enum(PRODUCT_STATUSES),
  /** The table's price rounded at the branch's decimals; null: the table has no price for the product. */
  price: z.string().max(20).nullable(),
  /** Per condition (same order as `conditions`): the price with its discount or surcharge, rounded once. */
  conditionPrices: z.array(z.string().max(20).nullable()).max(100),
});
export type PriceChartRow = z.infer<typeof PriceChartRow>;

export const PriceChartTable = z.object({
  id: Id,
  name: z.string().max(120),
  isDefault: z.boolean(),
  validFrom: z.string().max(10).nullable(),
  validUntil: z.string().max(10).nullable(),
  inWindow: z.boolean(),
});
export type PriceChartTable = z.infer<typeof PriceChartTable>;

export const PriceChartPage = z.object({
  /** Null when the company has no table yet (then `items` is empty and `message` says why). */
  table: PriceChartTable.nullable(),
  conditions: z.array(ChartCondition).max(100),
  decimals: z.number().int().min(0).max(6),
  items: z.array(PriceChartRow),
  nextCursor: z.string().max(4096).nullable(),
  message: z.string().max(500).nullable(),
  /** The message's key (docs/texts.md). */
  messageText: KeyedText.nullable().optional(),
});
export type PriceChartPage = z.infer<typeof PriceChartPage>;

// ---------------------------------------------------------------------------------------------
// The chart as WhatsApp text (a wa.me link)

export interface ChartShareInput {
  /** "Tabela de preços". */
  title: string;
  table: Pick<PriceChartTable, 'name' | 'isDefault'>;
  /** Lines under the title (company, date, filters). */
  header: string[];
  conditions: ChartCondition[];
  rows: PriceChartRow[];
  /** Whether the chart has rows beyond `rows` (not loaded). */
  more: boolean;
  /** Formats a decimal string at the branch's decimals ("R$ 1.234,50"). */
  money(value: string): string;
  maxUrl?: number;
}

export interface ChartShareText {
  text: string;
  url: string;
  /** Rows in the text. */
  shown: number;
  /** Whether rows were left out (the text says so at its end). */
  cut: boolean;
}

const rateText = (c: ChartCondition) => {
  const pct = (v: string) => `${v.replace(/\.?0+$/, '').replace('.', ',')}%`;
  const parts = [c.discountRate && Number(c.discountRate) ? `-${pct(c.discountRate)}` : '', c.surchargeRate && Number(c.surchargeRate) ? `+${pct(c.surchargeRate)}` : ''].filter(Boolean);
  return `${c.name}${parts.length ? ` (${parts.join(' ')})` : ''}`;
};

/**
 * The chart as a WhatsApp message: a bold title, the header lines, the conditions, then one line per
 * product ("ref name (package): price | condition price …"), as many whole lines as fit the link's
 * cap; when rows are left out, the last line says how many were shown.
 */
export function chartShareText(input: ChartShareInput): ChartShareText {
  const head = [`*${input.title}: ${input.table.name}${input.table.isDefault ? ' (padrão)' : ''}*`, ...input.header];
  if (input.conditions.length) head.push(`Condições: ${input.conditions.map(rateText).join('; ')}`);
  const line = (r: PriceChartRow) => {
    const base = `${r.ref} ${r.name}${r.package ? ` (${r.package})` : ''}: ${r.price === null ? 'sem preço' : input.money(r.price)}`;
    const extra = input.conditions.map((c, i) => (r.conditionPrices[i] === null || r.conditionPrices[i] === undefined ? '' : `${c.name} ${input.money(r.conditionPrices[i]!)}`)).filter(Boolean);
    return extra.length ? `${base} | ${extra.join(' | ')}` : base;
  };
  const cutNote = (shown: number) => `… lista cortada: ${shown} ${shown === 1 ? 'produto' : 'produtos'} de ${input.more ? 'mais de ' : ''}${input.rows.length}. Exporte o PDF para a tabela completa.`;
  return fitWhatsapp({ head: [...head, ''], lines: input.rows.map(line), cutNote, more: input.more, ...(input.maxUrl ? { maxUrl: input.maxUrl } : {}) });
}
