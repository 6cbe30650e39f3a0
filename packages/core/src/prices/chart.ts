import { applyConditionRates, toFixed } from '@ev/shared/money';
import { paymentsConditions } from '@ev/shared/registries/payments-conditions';
import { PriceChartQuery, PriceTexts, type ChartCondition, type PriceChartFilter, type PriceChartPage, type PriceChartRow, type PriceChartTable } from '@ev/shared/schemas/prices';
import type { ProductSummary } from '@ev/shared/schemas/products';
import type { z } from 'zod';
import { Clock } from '../clock';
import { authorize } from '../context';
import { textOnly } from '@ev/shared/texts';
import { DomainError, fieldError } from '../errors';
import { Products } from '../products/index';
import type { Page } from '../db/query';
import { parseInput } from '../validation';
import { inWindow, pricingContext } from './index';
import { allRecords, PricesRepository, type PriceTable } from './repository';

/**
 * The price chart (`/price-charts`, subject vendas; docs/prices.md): a page of H1's product listing
 * (`Products.page`: one Query on the partition the groups and companies filter serves) and one
 * BatchGet of the page's prices in the chosen table (the default one when none is chosen). A column
 * per payment condition flagged "show in price tables", its price = the table's price with the
 * condition's discount and surcharge applied, rounded half-up once at the branch's decimals.
 *
 * A page waits on DynamoDB twice after the session's read: the products Query, the default table's
 * pointer, the condition columns and the branch run together; then the prices BatchGet and the
 * table's record (see `priceChart`).
 */

/** The payment conditions shown as columns: flagged "show in price tables", by name. */
export async function chartConditions(): Promise<ChartCondition[]> {
  const all = await allRecords(paymentsConditions, 100);
  return all
    .filter((c) => c.showInPriceTables === true)
    .map((c) => ({ id: c.id, name: String(c.name), discountRate: (c.discountRate as string | null) ?? null, surchargeRate: (c.surchargeRate as string | null) ?? null }));
}

const tableMissing = () => new DomainError('validation', PriceTexts.tableMissing(), 'validation', { fields: [fieldError('tableId', PriceTexts.tableMissing())] });

/** The id of the table the chart shows: the one asked for, else the default's (one GetItem of its pointer), else null. */
function chartTableId(tableId: string | undefined): Promise<string | null> {
  return tableId ? Promise.resolve(tableId) : PricesRepository.defaultTableId();
}

/** The table the chart shows: the one asked for (400 on `tableId` when unknown), else the default, else null. */
export async function chartTable(tableId: string | undefined): Promise<PriceTable | null> {
  const wanted = await chartTableId(tableId);
  const table = wanted ? ((await PricesRepository.table(wanted)) ?? null) : null;
  if (tableId && !table) throw tableMissing();
  return table;
}

/** A product's row: the price rounded at `decimals`, and per condition its price (from the unrounded price, rounded once). */
export function chartRow(p: ProductSummary, price: string | null, conditions: ChartCondition[], decimals: number): PriceChartRow {
  return {
    productId: p.id,
    ref: p.ref,
    name: p.name,
    maker: p.maker,
    package: p.package,
    unit: p.unitName,
    status: p.status,
    price: price === null ? null : toFixed(price, decimals),
    conditionPrices: conditions.map((c) => (price === null ? null : applyConditionRates(price, c, decimals).toFixed(decimals))),
  };
}

export interface ChartSetup {
  table: PriceTable | null;
  conditions: ChartCondition[];
  decimals: number;
  timezone: string;
  today: string;
}

/** What every page of one chart shares (the table, the condition columns, the decimals): read once per request or export. */
export async function chartSetup(filter: Pick<PriceChartFilter, 'tableId'>): Promise<ChartSetup> {
  const [table, conditions, ctx] = await Promise.all([chartTable(filter.tableId), chartConditions(), pricingContext()]);
  return { table, conditions, decimals: ctx.decimals, timezone: ctx.timezone, today: Clock.today(ctx.timezone) };
}

function tableOut(t: PriceTable, today: string): PriceChartTable {
  return { id: t.id, name: t.name, isDefault: t.isDefault, validFrom: t.validFrom, validUntil: t.validUntil, inWindow: inWindow(t, today) };
}

/**
 * A page of the catalogue for the chart. The cursor is bound to the caller's tag and to the table
 * asked for (`default` when none), not to the default's id: the page can then be read at the same
 * time as the default's pointer, and a cursor still never serves another table's chart.
 */
function productsPage(filter: PriceChartFilter, cursor: string | undefined, limit: number, queryTag: string) {
  return Products.page({ q: filter.q, groupIds: filter.groupIds, productCompanyIds: filter.productCompanyIds }, cursor, limit, `${queryTag}|${filter.tableId ?? 'default'}`);
}

/** The page's rows: its products with their prices in the table (one BatchGet per 100 products, in parallel). */
async function rowsOf(page: Page<ProductSummary>, tableId: string, setup: Pick<ChartSetup, 'conditions' | 'decimals'>) {
  const prices = await PricesRepository.prices(page.items.map((p) => ({ tableId, productId: p.id })));
  const items = page.items.map((p) => chartRow(p, prices.get(PricesRepository.pairKey(tableId, p.id))?.price ?? null, setup.conditions, setup.decimals));
  return { items, nextCursor: page.nextCursor, scanned: page.scanned };
}

/**
 * Every row of a filter, a page at a time (the exports): while a page's prices are read, the next
 * page of products is already being read (its cursor is known as soon as the products are).
 */
export async function* chartAllRows(filter: PriceChartFilter, setup: ChartSetup, limit: number, queryTag: string): AsyncGenerator<PriceChartRow[]> {
  if (!setup.table) return;
  const tableId = setup.table.id;
  let page: Promise<Page<ProductSummary>> | null = productsPage(filter, undefined, limit, queryTag);
  while (page) {
    const current: Page<ProductSummary> = await page;
    page = current.nextCursor ? productsPage(filter, current.nextCursor, limit, queryTag) : null;
    // The prefetch's failure surfaces when it is awaited; until then it must not count as unhandled.
    page?.catch(() => undefined);
    yield (await rowsOf(current, tableId, setup)).items;
  }
}

/**
 * Every promise settled; the first failure in the order given (not in time) is thrown, so a request
 * with an unknown table and a bad cursor always answers the same error.
 */
async function inOrder<T extends readonly unknown[]>(promises: readonly [...{ [K in keyof T]: Promise<T[K]> }]): Promise<T> {
  const settled = await Promise.allSettled(promises);
  for (const r of settled) if (r.status === 'rejected') throw r.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/**
 * GET /price-chart: a page of the chart. The reads that do not depend on each other run together:
 * the products page, the table's id (the default's pointer when none is asked), the condition
 * columns and the pricing context; then one BatchGet of the table's record and the page's prices
 * (it needs the table's id and the page). A table asked for that does not exist is still a 400.
 */
export async function priceChart(raw: z.input<typeof PriceChartQuery>): Promise<PriceChartPage> {
  authorize('read', 'vendas');
  const { cursor, limit, ...filter } = parseInput(PriceChartQuery, raw);
  const tableId = chartTableId(filter.tableId);
  const products = productsPage(filter, cursor, limit, 'price-chart');
  // The table's record and the page's prices, read together.
  const read = Promise.all([tableId, products]).then(([id, page]) => (id ? PricesRepository.tableWithPrices(id, page.items.map((p) => p.id)) : null));
  read.catch(() => undefined);
  const [found, conditions, ctx, productPage] = await inOrder([read, chartConditions(), pricingContext(), products]);
  const chosen = found?.table ?? null;
  if (filter.tableId && !chosen) throw tableMissing();
  const priceMap = found?.prices;
  const setup: ChartSetup = { table: chosen, conditions, decimals: ctx.decimals, timezone: ctx.timezone, today: Clock.today(ctx.timezone) };
  // The table's record decides: no table (no default), no rows.
  const page =
    chosen && priceMap
      ? {
          items: productPage.items.map((p) => chartRow(p, priceMap.get(PricesRepository.pairKey(chosen.id, p.id))?.price ?? null, conditions, setup.decimals)),
          nextCursor: productPage.nextCursor,
        }
      : { items: [] as PriceChartRow[], nextCursor: null };
  const table = setup.table ? tableOut(setup.table, setup.today) : null;
  const notice = !table ? PriceTexts.noDefaultTable() : table.inWindow ? null : PriceTexts.outsideWindow();
  const message = notice?.message ?? null;
  return { table, conditions: setup.conditions, decimals: setup.decimals, items: page.items, nextCursor: page.nextCursor, message, messageText: notice ? textOnly(notice) : null };
}
