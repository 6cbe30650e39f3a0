import { businessDate, formatCalendarDate, inDateRange } from '@ev/shared/calendar';
import { toFixed } from '@ev/shared/money';
import { regions } from '@ev/shared/registries/regions';
import { segments } from '@ev/shared/registries/segments';
import { ClientPricesQuery, PRICE_SOURCE_LABELS, PriceInput, PriceTexts, type ClientPrices, type NO_PRICE_CODES, type PriceSource, type ProductPrices, type ResolvedPrice, type TablePrice } from '@ev/shared/schemas/prices';
import { textOnly, withKeys, type Said } from '@ev/shared/texts';
import type { z } from 'zod';
import { Clients, type ClientRecord } from '../clients/index';
import { Clock, timestamp } from '../clock';
import { authorize, currentActor } from '../context';
import { DomainError } from '../errors';
import { notFound } from '../db/records';
import { transact } from '../db/tx';
import { Logs } from '../logs';
import { Products } from '../products/index';
import { Registries } from '../registries';
import { Tenants } from '../tenants';
import { parseInput } from '../validation';
import { PricesRepository, type PriceTable } from './repository';

export type { PriceItem, PriceTable } from './repository';

/**
 * Prices (issue 7, docs/prices.md): a price per table and product; a product's prices in every
 * table; the default table's prices (inventory); the price of products for a client (the sales
 * module: client's table, else its segment's, else its region's, else the default, skipping a
 * table without the product or outside its window). Routes check the subject; the service checks
 * it again where a user calls it. `defaultPrices` and `resolve` are for other modules.
 */

/** The company's time zone and the session branch's decimals (the spec's `casasDecimais`, 2 by default): the request's company context. */
export async function pricingContext(): Promise<{ timezone: string; decimals: number }> {
  const { timezone, decimals } = await Tenants.current();
  return { timezone, decimals };
}

/** Whether a business date is inside a table's window (both ends included; an open end has no limit). */
export function inWindow(t: Pick<PriceTable, 'validFrom' | 'validUntil'>, day: string): boolean {
  return inDateRange(day, t.validFrom, t.validUntil);
}

const br = (d: string) => formatCalendarDate(d, 'dd/MM/yyyy');

/** A table's window as a keyed text, its dates its parameters ("de 01/02/2026 a 28/02/2026", "a partir de …", "até …", "sem limite"). */
function windowOf(t: Pick<PriceTable, 'validFrom' | 'validUntil'>): Said {
  const from = t.validFrom ? br(t.validFrom) : '';
  const until = t.validUntil ? br(t.validUntil) : '';
  return from && until ? PriceTexts.windowBetween({ from, until }) : from ? PriceTexts.windowFrom({ from }) : until ? PriceTexts.windowUntil({ until }) : PriceTexts.windowOpen();
}

/** The business date of `on` (a Date: its day in the company's zone; a yyyy-MM-dd string: itself; none: today). */
function dayOf(on: Date | string | undefined, timezone: string): string {
  if (typeof on === 'string') return on;
  return on ? businessDate(timezone, on) : Clock.today(timezone);
}

function tablePrice(t: PriceTable, day: string, price: { price: string; updatedAt: string } | undefined): TablePrice {
  return {
    tableId: t.id,
    tableName: t.name,
    isDefault: t.isDefault,
    validFrom: t.validFrom,
    validUntil: t.validUntil,
    inWindow: inWindow(t, day),
    price: price?.price ?? null,
    updatedAt: price?.updatedAt ?? null,
  };
}

async function productOrNotFound(productId: string) {
  const [product] = await Products.getMany([productId]);
  if (!product) throw notFound();
  return product;
}

/** GET /products/{id}/prices: the product's price in every table of the company (priced or not), default first. */
async function productPrices(productId: string): Promise<ProductPrices> {
  authorize('read', 'produtos');
  await productOrNotFound(productId);
  const [tables, ctx] = await Promise.all([PricesRepository.allTables(), pricingContext()]);
  const prices = await PricesRepository.prices(tables.map((t) => ({ tableId: t.id, productId })));
  const day = dayOf(undefined, ctx.timezone);
  const items = tables
    .map((t) => tablePrice(t, day, prices.get(PricesRepository.pairKey(t.id, productId))))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  return { productId, decimals: ctx.decimals, items };
}

async function tableOrNotFound(tableId: string): Promise<PriceTable> {
  const table = await PricesRepository.table(tableId);
  if (!table) throw new DomainError('not_found', PriceTexts.tableMissing(), 'not_found');
  return table;
}

/** PUT /products/{id}/prices/{tableId}: sets the product's price in the table (administrators). */
async function setPrice(productId: string, tableId: string, raw: unknown): Promise<TablePrice> {
  authorize('update', 'produtos');
  const { price } = parseInput(PriceInput, raw);
  const [, table, ctx] = await Promise.all([productOrNotFound(productId), tableOrNotFound(tableId), pricingContext()]);
  const before = (await PricesRepository.prices([{ tableId, productId }])).get(PricesRepository.pairKey(tableId, productId));
  const updatedAt = timestamp();
  await transact(PricesRepository.setSteps({ tableId, productId, price, updatedAt, updatedBy: currentActor().userId ?? null }));
  Logs.audit('prices.set', { productId, tableId, price, before: before?.price ?? null });
  return tablePrice(table, dayOf(undefined, ctx.timezone), { price, updatedAt });
}

/** DELETE /products/{id}/prices/{tableId}: the table no longer prices the product (404 when it did not). */
async function removePrice(productId: string, tableId: string): Promise<TablePrice> {
  authorize('update', 'produtos');
  const [, table, ctx] = await Promise.all([productOrNotFound(productId), tableOrNotFound(tableId), pricingContext()]);
  const before = (await PricesRepository.prices([{ tableId, productId }])).get(PricesRepository.pairKey(tableId, productId));
  await transact([PricesRepository.removeStep(tableId, productId)]);
  Logs.audit('prices.remove', { productId, tableId, before: before?.price ?? null });
  return tablePrice(table, dayOf(undefined, ctx.timezone), undefined);
}

/**
 * The default table's stored prices (4 places) of the products that have one, for other modules
 * (the inventory's sale price). The window is not applied: like the price chart, it shows what the
 * table says. One GetItem (the default's pointer) and one BatchGet per 100 products. No subject check.
 * The ids may come as a promise (a page still being read): the pointer is then read meanwhile.
 */
async function defaultPrices(productIds: string[] | Promise<string[]>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const pointer = PricesRepository.defaultTableId();
  pointer.catch(() => undefined);
  const ids = [...new Set(await productIds)];
  if (ids.length === 0) return out;
  const tableId = await pointer;
  if (!tableId) return out;
  const prices = await PricesRepository.prices(ids.map((productId) => ({ tableId, productId })));
  for (const p of prices.values()) out.set(p.productId, p.price);
  return out;
}

interface Candidate {
  source: PriceSource;
  table: PriceTable;
  inWindow: boolean;
}

const SOURCE_TEXTS = { negotiation: PriceTexts.sourceNegotiation, client: PriceTexts.sourceClient, segment: PriceTexts.sourceSegment, region: PriceTexts.sourceRegion, default: PriceTexts.sourceDefault } satisfies Record<PriceSource, () => Said>;

/** Why a product has no price, keyed (`text`: what a client renders) with its Portuguese `reason`. */
function noPrice(productId: string, code: (typeof NO_PRICE_CODES)[number], said: Said, why?: Said[]): ResolvedPrice {
  return { productId, price: null, code, reason: said.message, text: { ...textOnly(said), ...(why?.length ? { why: why.map(textOnly) } : {}) } };
}

/**
 * The client's tables in order (client, segment, region, default), each once (its first source
 * wins); with a negotiation (the sale's chosen table), that table alone.
 */
async function candidatesOf(client: Pick<ClientRecord, 'priceTableId' | 'segmentId' | 'regionId'>, day: string, negotiation: string | null = null): Promise<{ candidates: Candidate[]; hasDefault: boolean }> {
  if (negotiation) {
    const table = (await PricesRepository.tables([negotiation])).get(negotiation);
    return { candidates: table ? [{ source: 'negotiation', table, inWindow: inWindow(table, day) }] : [], hasDefault: true };
  }
  const [refs, defaultId] = await Promise.all([
    Registries.records([
      ...(client.segmentId ? [{ registry: segments.name, id: client.segmentId }] : []),
      ...(client.regionId ? [{ registry: regions.name, id: client.regionId }] : []),
    ]),
    PricesRepository.defaultTableId(),
  ]);
  const tableOf = (registry: string, id: string | null | undefined) => {
    if (!id) return null;
    const table = refs.get(Registries.ref(registry, id))?.priceTableId;
    return typeof table === 'string' ? table : null;
  };
  const wanted: [PriceSource, string | null][] = [
    ['client', typeof client.priceTableId === 'string' ? client.priceTableId : null],
    ['segment', tableOf(segments.name, client.segmentId)],
    ['region', tableOf(regions.name, client.regionId)],
    ['default', defaultId],
  ];
  const ids = wanted.map(([, id]) => id).filter((id): id is string => !!id);
  const tables = await PricesRepository.tables(ids);
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const [source, id] of wanted) {
    const table = id ? tables.get(id) : undefined;
    if (!table || seen.has(table.id)) continue;
    seen.add(table.id);
    candidates.push({ source, table, inWindow: inWindow(table, day) });
  }
  return { candidates, hasDefault: !!defaultId && tables.has(defaultId) };
}

export interface ResolveRequest {
  clientId: string;
  productIds: string[];
  /** The day the prices are for: a Date (its day in the company's time zone) or a yyyy-MM-dd business date. Default today. */
  on?: Date | string;
  /** A negotiation: the sale's chosen price table, the only one read. */
  tableId?: string | null;
}

/**
 * The price of each product for a client (the sales module, GET /clients/{id}/prices): the
 * client's table, else its segment's, else its region's, else the default, skipping a table that
 * lacks the product or is outside its window on the day. No price: not sellable, with the reason in
 * Portuguese. The client is read in the caller's scope (a salesman: only his own; 404 otherwise).
 * `price` is the stored price (4 places), `rounded` the price at the branch's decimals (half-up).
 */
async function resolve(req: ResolveRequest): Promise<Map<string, ResolvedPrice>> {
  return resolveIn(req, await pricingContext());
}

/** `resolve` with the pricing context already read (GET /clients/{id}/prices answers its decimals too). */
async function resolveIn(req: ResolveRequest, ctx: { timezone: string; decimals: number }): Promise<Map<string, ResolvedPrice>> {
  const client = await Clients.find(req.clientId);
  const productIds = [...new Set(req.productIds)];
  const day = dayOf(req.on, ctx.timezone);
  const [{ candidates, hasDefault }, products] = await Promise.all([candidatesOf(client, day, req.tableId ?? null), Products.getMany(productIds)]);
  const usable = candidates.filter((c) => c.inWindow);
  const prices = await PricesRepository.prices(usable.flatMap((c) => productIds.map((productId) => ({ tableId: c.table.id, productId }))));
  const byId = new Map(products.map((p) => [p.id, p]));
  const out = new Map<string, ResolvedPrice>();
  for (const productId of productIds) {
    const product = byId.get(productId);
    if (!product) {
      out.set(productId, noPrice(productId, 'product_not_found', PriceTexts.productNotFound()));
      continue;
    }
    if (product.status !== 'active') {
      out.set(productId, noPrice(productId, 'product_inactive', PriceTexts.productInactive()));
      continue;
    }
    const why: Said[] = [];
    let found: ResolvedPrice | null = null;
    for (const c of candidates) {
      // The table's source and window travel with their keys too (`withKeys`), for a client to say them in its language.
      const source = SOURCE_TEXTS[c.source]();
      const table = { source: source.message, table: c.table.name };
      if (!c.inWindow) {
        const window = windowOf(c.table);
        why.push(withKeys(PriceTexts.whyOutsideWindow({ ...table, window: window.message, ...window.params }), { source: source.key, window: window.key }));
        continue;
      }
      const item = prices.get(PricesRepository.pairKey(c.table.id, productId));
      if (!item) {
        why.push(withKeys(PriceTexts.whyNoPrice(table), { source: source.key }));
        continue;
      }
      found = { productId, price: item.price, rounded: toFixed(item.price, ctx.decimals), tableId: c.table.id, tableName: c.table.name, source: c.source };
      break;
    }
    if (found) out.set(productId, found);
    else if (candidates.length === 0) out.set(productId, noPrice(productId, 'no_price', PriceTexts.noTables()));
    else {
      if (!hasDefault) why.push(PriceTexts.whyNoDefault());
      out.set(productId, noPrice(productId, 'no_price', PriceTexts.noPrice({ why: why.map((w) => w.message).join('; ') }), why));
    }
  }
  return out;
}

/** GET /clients/{id}/prices?productIds=…&on=…: the resolution, in the order asked, with the branch's decimals. */
async function clientPrices(clientId: string, raw: z.input<typeof ClientPricesQuery>): Promise<ClientPrices> {
  authorize('read', 'clientes');
  const q = parseInput(ClientPricesQuery, raw);
  const ctx = await pricingContext();
  const resolved = await resolveIn({ clientId, productIds: q.productIds, on: q.on, tableId: q.tableId ?? null }, ctx);
  const ids = [...new Set(q.productIds)];
  return { clientId, on: dayOf(q.on, ctx.timezone), decimals: ctx.decimals, items: ids.map((id) => resolved.get(id)!) };
}

export { PRICE_SOURCE_LABELS };

export const Prices = {
  productPrices,
  setPrice,
  removePrice,
  defaultPrices,
  resolve,
  clientPrices,
  context: pricingContext,
};
