import { Messages } from '@ev/shared/messages';
import { applyConditionRates, toFixed } from '@ev/shared/money';
import { paymentsConditions } from '@ev/shared/registries/payments-conditions';
import {
  PriceChartQuery,
  PriceMessages,
  type ChartCondition,
  type PriceChartFilter,
  type PriceChartPage,
  type PriceChartRow,
  type PriceChartTable,
} from '@ev/shared/schemas/prices';
import type { ProductSummary } from '@ev/shared/schemas/products';
import type { z } from 'zod';
import { businessDate } from '../clients/dates';
import { currentActor } from '../context';
import { DomainError } from '../errors';
import { Products } from '../products/index';
import { parseInput } from '../validation';
import { inWindow, pricingContext } from './index';
import { allRecords, PricesRepository, type PriceTable } from './repository';

/**
 * The price chart (`/price-charts`, subject vendas; docs/prices.md): a page of H1's product listing
 * (`Products.page`: one Query on the partition the groups and companies filter serves) and one
 * BatchGet of the page's prices in the chosen table (the default one when none is chosen). A column
 * per payment condition flagged "show in price tables", its price = the table's price with the
 * condition's discount and surcharge applied, rounded half-up once at the branch's decimals.
 */

/** The payment conditions shown as columns: flagged "show in price tables", by name. */
export async function chartConditions(): Promise<ChartCondition[]> {
  const all = await allRecords(paymentsConditions, 100);
  return all
    .filter((c) => c.showInPriceTables === true)
    .map((c) => ({ id: c.id, name: String(c.name), discountRate: (c.discountRate as string | null) ?? null, surchargeRate: (c.surchargeRate as string | null) ?? null }));
}

/** The table the chart shows: the one asked for (400 on `tableId` when unknown), else the default, else null. */
export async function chartTable(tableId: string | undefined): Promise<PriceTable | null> {
  if (tableId) {
    const table = await PricesRepository.table(tableId);
    if (!table) throw new DomainError('validation', PriceMessages.tableMissing, 'validation', { fields: [{ field: 'tableId', message: PriceMessages.tableMissing }] });
    return table;
  }
  const defaultId = await PricesRepository.defaultTableId();
  return defaultId ? ((await PricesRepository.table(defaultId)) ?? null) : null;
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
  return { table, conditions, decimals: ctx.decimals, timezone: ctx.timezone, today: businessDate(ctx.timezone) };
}

function tableOut(t: PriceTable, today: string): PriceChartTable {
  return { id: t.id, name: t.name, isDefault: t.isDefault, validFrom: t.validFrom, validUntil: t.validUntil, inWindow: inWindow(t, today) };
}

/** One page of rows for a filter, given its setup (the route's page, the export's pages). */
export async function chartRows(filter: PriceChartFilter, setup: ChartSetup, cursor: string | undefined, limit: number, queryTag: string) {
  if (!setup.table) return { items: [] as PriceChartRow[], nextCursor: null, scanned: 0 };
  const tableId = setup.table.id;
  const page = await Products.page({ q: filter.q, groupIds: filter.groupIds, productCompanyIds: filter.productCompanyIds }, cursor, limit, `${queryTag}|${tableId}`);
  const prices = await PricesRepository.prices(page.items.map((p) => ({ tableId, productId: p.id })));
  const items = page.items.map((p) => chartRow(p, prices.get(PricesRepository.pairKey(tableId, p.id))?.price ?? null, setup.conditions, setup.decimals));
  return { items, nextCursor: page.nextCursor, scanned: page.scanned };
}

/** GET /price-chart: a page of the chart. */
export async function priceChart(raw: z.input<typeof PriceChartQuery>): Promise<PriceChartPage> {
  const actor = currentActor();
  if (actor.ability && !actor.ability.can('read', 'vendas')) throw new DomainError('forbidden', Messages.forbidden, 'forbidden');
  const { cursor, limit, ...filter } = parseInput(PriceChartQuery, raw);
  const setup = await chartSetup(filter);
  const page = await chartRows(filter, setup, cursor, limit, 'price-chart');
  const table = setup.table ? tableOut(setup.table, setup.today) : null;
  const message = !table ? PriceMessages.noDefaultTable : table.inWindow ? null : PriceMessages.outsideWindow;
  return { table, conditions: setup.conditions, decimals: setup.decimals, items: page.items, nextCursor: page.nextCursor, message };
}
