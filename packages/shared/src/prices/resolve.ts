import { formatCalendarDate, inDateRange } from '../calendar';
import { toFixed } from '../money';
import { PriceTexts, type NO_PRICE_CODES, type PriceSource, type ResolvedPrice } from '../schemas/prices';
import { textOnly, withKeys, type Said } from '../texts';

/**
 * The price of a product for a client (docs/prices.md "Resolution"), one function for the server
 * and for a device without signal (docs/offline.md): the client's tables in order (client,
 * segment, region, default; or the negotiation's table alone), the first in its window on the day
 * that prices the product wins. No price: not sellable, with the reason (each table's why, keyed).
 */

/** A price table as the resolution reads it. */
export interface ResolutionTable {
  id: string;
  name: string;
  validFrom: string | null;
  validUntil: string | null;
}

export interface PriceCandidate {
  source: PriceSource;
  table: ResolutionTable;
}

/** Whether a business date is inside a table's window (both ends included; an open end has no limit). */
export function inWindow(t: Pick<ResolutionTable, 'validFrom' | 'validUntil'>, day: string): boolean {
  return inDateRange(day, t.validFrom, t.validUntil);
}

const br = (d: string) => formatCalendarDate(d, 'dd/MM/yyyy');

/** A table's window as a keyed text, its dates its parameters ("de 01/02/2026 a 28/02/2026", "a partir de …", "até …", "sem limite"). */
function windowOf(t: Pick<ResolutionTable, 'validFrom' | 'validUntil'>): Said {
  const from = t.validFrom ? br(t.validFrom) : '';
  const until = t.validUntil ? br(t.validUntil) : '';
  return from && until ? PriceTexts.windowBetween({ from, until }) : from ? PriceTexts.windowFrom({ from }) : until ? PriceTexts.windowUntil({ until }) : PriceTexts.windowOpen();
}

const SOURCE_TEXTS = { negotiation: PriceTexts.sourceNegotiation, client: PriceTexts.sourceClient, segment: PriceTexts.sourceSegment, region: PriceTexts.sourceRegion, default: PriceTexts.sourceDefault } satisfies Record<PriceSource, () => Said>;

/** Why a product has no price, keyed (`text`: what a client renders) with its Portuguese `reason`. */
function noPrice(productId: string, code: (typeof NO_PRICE_CODES)[number], said: Said, why?: Said[]): ResolvedPrice {
  return { productId, price: null, code, reason: said.message, text: { ...textOnly(said), ...(why?.length ? { why: why.map(textOnly) } : {}) } };
}

/**
 * The tables a client's prices come from, in order, each once (its first source wins): its own
 * table's, its segment's, its region's, the default's (`sources`, ids that may be missing or
 * repeated); with a negotiation (the order's chosen table), that table alone.
 */
export function candidatesOf(sources: readonly { source: PriceSource; tableId: string | null }[], tables: ReadonlyMap<string, ResolutionTable>, negotiation: string | null = null): PriceCandidate[] {
  if (negotiation) {
    const table = tables.get(negotiation);
    return table ? [{ source: 'negotiation', table }] : [];
  }
  const seen = new Set<string>();
  const out: PriceCandidate[] = [];
  for (const { source, tableId } of sources) {
    const table = tableId ? tables.get(tableId) : undefined;
    if (!table || seen.has(table.id)) continue;
    seen.add(table.id);
    out.push({ source, table });
  }
  return out;
}

/** Whether a default table stands behind the client's prices (a negotiation counts as having one): said in the reason when nothing prices a product. */
export function hasDefaultTable(sources: readonly { source: PriceSource; tableId: string | null }[], tables: ReadonlyMap<string, ResolutionTable>, negotiation: string | null = null): boolean {
  return !!negotiation || sources.some((s) => s.source === 'default' && !!s.tableId && tables.has(s.tableId));
}

export interface ResolveInput {
  productId: string;
  /** The product as stored (undefined: none with this id). */
  product: { status: string } | undefined;
  candidates: readonly PriceCandidate[];
  /** Whether the company has a default table (a negotiation counts as having one): said in the reason when nothing prices the product. */
  hasDefault: boolean;
  /** The business day the price is for (yyyy-MM-dd, the company's time zone). */
  day: string;
  /** The stored price (4 places) of the product in a table, if any. */
  priceIn: (tableId: string) => string | undefined;
  /** The session branch's decimals: `rounded` is the price at them, half-up. */
  decimals: number;
}

export function resolvePrice({ productId, product, candidates, hasDefault, day, priceIn, decimals }: ResolveInput): ResolvedPrice {
  if (!product) return noPrice(productId, 'product_not_found', PriceTexts.productNotFound());
  if (product.status !== 'active') return noPrice(productId, 'product_inactive', PriceTexts.productInactive());
  const why: Said[] = [];
  for (const c of candidates) {
    // The table's source and window travel with their keys too (`withKeys`), for a client to say them in its language.
    const source = SOURCE_TEXTS[c.source]();
    const table = { source: source.message, table: c.table.name };
    if (!inWindow(c.table, day)) {
      const window = windowOf(c.table);
      why.push(withKeys(PriceTexts.whyOutsideWindow({ ...table, window: window.message, ...window.params }), { source: source.key, window: window.key }));
      continue;
    }
    const price = priceIn(c.table.id);
    if (price === undefined) {
      why.push(withKeys(PriceTexts.whyNoPrice(table), { source: source.key }));
      continue;
    }
    return { productId, price, rounded: toFixed(price, decimals), tableId: c.table.id, tableName: c.table.name, source: c.source };
  }
  if (candidates.length === 0) return noPrice(productId, 'no_price', PriceTexts.noTables());
  if (!hasDefault) why.push(PriceTexts.whyNoDefault());
  return noPrice(productId, 'no_price', PriceTexts.noPrice({ why: why.map((w) => w.message).join('; ') }), why);
}
