import { businessDate } from '@ev/shared/calendar';
import { candidatesOf, hasDefaultTable, inWindow, resolvePrice, type PriceCandidate } from '@ev/shared/prices/resolve';
import { regions } from '@ev/shared/registries/regions';
import { segments } from '@ev/shared/registries/segments';
import { ClientPricesQuery, PRICE_SOURCE_LABELS, PriceInput, PriceTexts, type ClientPrices, type PriceSource, type ProductPrices, type ResolvedPrice, type TablePrice } from '@ev/shared/schemas/prices';
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
import { PricesRepository, type PriceItem, type PriceTable } from './repository';

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

export { inWindow };

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

/**
 * The client's tables in order (client, segment, region, default), each once (its first source
 * wins); with a negotiation (the sale's chosen table), that table alone (the shared `candidatesOf`).
 */
async function candidatesFor(client: Pick<ClientRecord, 'priceTableId' | 'segmentId' | 'regionId'>, negotiation: string | null = null): Promise<{ candidates: PriceCandidate[]; hasDefault: boolean }> {
  if (negotiation) return { candidates: candidatesOf([], await PricesRepository.tables([negotiation]), negotiation), hasDefault: true };
  const [sources] = await sourcesOf([client]);
  const tables = await PricesRepository.tables(sources!.map((s) => s.tableId));
  return { candidates: candidatesOf(sources!, tables), hasDefault: hasDefaultTable(sources!, tables) };
}

/**
 * Where each client's prices come from, in the order the resolution tries them (client, segment,
 * region, default): the table ids as the client, its segment and its region name them (one
 * BatchGet of the segments and regions, one read of the default's pointer, whatever the count).
 */
async function sourcesOf(clients: readonly Pick<ClientRecord, 'priceTableId' | 'segmentId' | 'regionId'>[]): Promise<{ source: Exclude<PriceSource, 'negotiation'>; tableId: string }[][]> {
  const [refs, defaultId] = await Promise.all([
    Registries.records(
      clients.flatMap((client) => [
        ...(client.segmentId ? [{ registry: segments.name, id: client.segmentId }] : []),
        ...(client.regionId ? [{ registry: regions.name, id: client.regionId }] : []),
      ]),
    ),
    PricesRepository.defaultTableId(),
  ]);
  const tableOf = (registry: string, id: string | null | undefined) => {
    if (!id) return null;
    const table = refs.get(Registries.ref(registry, id))?.priceTableId;
    return typeof table === 'string' ? table : null;
  };
  return clients.map((client) => {
    const wanted: [Exclude<PriceSource, 'negotiation'>, string | null][] = [
      ['client', typeof client.priceTableId === 'string' ? client.priceTableId : null],
      ['segment', tableOf(segments.name, client.segmentId)],
      ['region', tableOf(regions.name, client.regionId)],
      ['default', defaultId],
    ];
    return wanted.filter((w): w is [Exclude<PriceSource, 'negotiation'>, string] => !!w[1]).map(([source, tableId]) => ({ source, tableId }));
  });
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
  const [{ candidates, hasDefault }, products] = await Promise.all([candidatesFor(client, req.tableId ?? null), Products.getMany(productIds)]);
  const usable = candidates.filter((c) => inWindow(c.table, day));
  const prices = await PricesRepository.prices(usable.flatMap((c) => productIds.map((productId) => ({ tableId: c.table.id, productId }))));
  const byId = new Map(products.map((p) => [p.id, p]));
  const out = new Map<string, ResolvedPrice>();
  for (const productId of productIds) {
    const priceIn = (tableId: string) => prices.get(PricesRepository.pairKey(tableId, productId))?.price;
    out.set(productId, resolvePrice({ productId, product: byId.get(productId), candidates, hasDefault, day, priceIn, decimals: ctx.decimals }));
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

/**
 * For the offline module (docs/offline.md): every price table (few), and the prices of these
 * products in them, so a device resolves a price with the shared `resolvePrice` as the server
 * does. Each table's partition read whole, side by side. No subject check: the caller checks its own.
 */
async function portfolioPrices(productIds: ReadonlySet<string>): Promise<{ tables: PriceTable[]; items: PriceItem[] }> {
  const tables = await PricesRepository.allTables();
  const items: PriceItem[] = [];
  await Promise.all(
    tables.map(async (t) => {
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await PricesRepository.tablePage(t.id, startKey, 1000);
        for (const item of page.items) {
          if (productIds.has(item.productId)) items.push(item);
        }
        startKey = page.next;
      } while (startKey);
    }),
  );
  return { tables, items };
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
  /** Where each client's prices come from, in the resolution's order (the offline module). */
  sourcesOf,
  portfolioPrices,
};
