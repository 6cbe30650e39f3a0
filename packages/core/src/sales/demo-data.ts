import { addDays, addMonths, monthOf, monthRange, weekday, zonedInstant } from '@ev/shared/calendar';
import { campaigns } from '@ev/shared/registries/campaigns';
import { productGroups } from '@ev/shared/registries/product-groups';
import { segments } from '@ev/shared/registries/segments';
import { Decimal } from '@ev/shared/money';
import type { SaleStatus } from '@ev/shared/sales/status';
import { saleTotals } from '@ev/shared/sales/totals';
import { natures } from '@ev/shared/registries/natures';
import { paymentsConditions } from '@ev/shared/registries/payments-conditions';
import type { PaymentType } from './history';
import type { ProductSummary } from '@ev/shared/schemas/products';
import { Clients, isBlockedSituation, isIncomplete } from '../clients';
import { Clock, timestamp } from '../clock';
import { stableHash } from '../ids';
import { Reservations } from '../inventory';
import { Prices } from '../prices';
import { Products } from '../products';
import { Registries } from '../registries';
import { Tenants } from '../tenants';
import { writeHistory, type HistoryCondition, type HistoryLater, type HistoryLine, type HistoryOrder } from './history';
import { clientPlace } from './access';
import { applyMove } from './moves';
import { SaleScopes, SalesRepository } from './repository';

/**
 * The demo company's recent sales (issue 13 item 10): about 90 days of orders by its salesmen,
 * over its clients, products, both branches and payment conditions, each taken as far through the
 * status machine as its age allows (most old ones completed, some cancelled or refunded, the last
 * days' still pending, released, picked or invoiced), plus a few drafts being typed; with their
 * stock reserved, delivered or released and their installments in the clients' financial position
 * (paid up to today, but for a few clients who are late). Written in bulk (`writeHistory`), then each
 * client's last purchase set from its sales. Every run of a fresh machine makes the same kind of
 * history: choices follow a small deterministic generator.
 */

export interface DemoSalesTeam {
  /** Who sells: each with his supervisor (the sale records it). */
  salesmen: { id: string; supervisorId: string | null }[];
  /** Who moves sales in the back office: the financial release (an authorizer) and the rest. */
  authorizerId: string;
  officeId: string;
}

/**
 * How many orders the demo's 90 days hold: about twenty a working day. The first start's budget (60 s
 * on a machine of two cores) cannot hold them all: DynamoDB Local writes about a thousand items a
 * second there and an order is about 30 items. So the first start writes the last
 * `DEMO_RECENT_DAYS` (and the drafts) before it answers, and the older weeks right after, while the
 * product is already in use (docs/sales.md, "Demo history").
 */
export const DEMO_ORDERS = 1500;
export const DEMO_RECENT_DAYS = 12;

export interface DemoSalesOptions {
  orders?: number;
  days?: number;
  drafts?: number;
  /**
   * Only the orders of these last days (and the drafts) are written now; the older ones are answered
   * as `later`, a writer to run once the company is in use (writeHistory's `laterBefore`). Unset: all now.
   */
  recentDays?: number;
}

/** A small deterministic generator, so two seeds look alike. */
function generator(seed: number) {
  let x = seed;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x;
  };
  // The high bits: the low ones of such a generator repeat with short periods.
  const int = (n: number) => Math.floor((next() / 2147483648) * n);
  return {
    int,
    chance: (p: number) => next() / 2147483648 < p,
    pick: <T,>(list: readonly T[]): T => list[int(list.length)]!,
  };
}

const fractional = (p: Pick<ProductSummary, 'unitName'>) => /^(KG|G|L|ML|M)$/i.test(p.unitName ?? '');

/** How an order goes on after its close: the full way, or stopped, cancelled, refunded. */
type Fate = 'completed' | 'delivered' | 'cancelled' | 'refunded';

/**
 * Seeds the history in the current company (system work, inside the demo's `runAs`): clients,
 * products, prices, stock and payment conditions must be there already. Answers what it wrote.
 */
export async function seedSalesHistory(
  clientIds: string[],
  team: DemoSalesTeam,
  options: DemoSalesOptions = {},
): Promise<{ sales: number; drafts: number; clients: number; later: HistoryLater | null }> {
  const orderCount = options.orders ?? DEMO_ORDERS;
  const days = options.days ?? 90;
  const draftCount = options.drafts ?? 6;
  const rnd = generator(13);
  const { tenant, timezone } = await Tenants.company();
  const today = Clock.today(timezone);
  const now = Clock.now();
  const branches = (await Tenants.branches()).filter((b) => b.active && b.issuesSales).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  if (!branches.length || !team.salesmen.length) return { sales: 0, drafts: 0, clients: 0, later: null };

  // Who buys: active, complete clients that may buy (in analysis or problem they cannot); one in
  // ten never bought.
  const clients = (await Clients.findMany(clientIds)).filter(
    (c) => c.status === 'active' && !isBlockedSituation(c.situation) && c.situation === 'normal' && !isIncomplete(c) && stableHash(c.id) % 10 !== 3,
  );
  const products: ProductSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await Products.page({}, cursor, 100, 'demo-sales');
    products.push(...page.items.filter((p) => p.status === 'active'));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const conditions = (await Registries.list(paymentsConditions, { limit: 100 })).items.filter((c) => c.status !== 'inactive' && c.name !== 'Bonificação');
  const conditionOf = new Map(conditions.map((c) => [c.id, c]));
  // The sale types a distributor's orders carry (by CFOP; its clients are all in the state): most a
  // resale, some under tax substitution; a free order a bonus remittance. Absent from the company: none.
  const natureList = (await Registries.list(natures, { limit: 100 })).items.filter((n) => n.status !== 'inactive');
  const natureOf = (cfop: string) => natureList.find((n) => n.cfop === cfop)?.id ?? null;
  const saleTypes = { resale: natureOf('5102'), substitution: natureOf('5405'), bonus: natureOf('5910') };
  // Chosen from the client and the day (not the order stream's random numbers: the orders stay as they were).
  const saleTypeOf = (clientId: string, date: string, free: boolean) => (free ? saleTypes.bonus : stableHash(`${clientId}|${date}`) % 5 === 0 ? saleTypes.substitution : saleTypes.resale);
  const asCondition = (c: (typeof conditions)[number]): HistoryCondition => ({
    id: c.id,
    terms: ((c.terms as (number | string)[] | undefined) ?? []).map(Number),
    discountRate: (c.discountRate as string | null | undefined) ?? null,
    surchargeRate: (c.surchargeRate as string | null | undefined) ?? null,
  });
  if (!clients.length || !products.length || !conditions.length) return { sales: 0, drafts: 0, clients: 0, later: null };

  // Each client buys from its usual basket, at its own prices: the client's table chain (its own
  // table, its segment's, its region's, the default), resolved once for the clients that share one.
  const chainOf = (c: (typeof clients)[number]) => `${c.priceTableId ?? ''}|${c.segmentId ?? ''}|${c.regionId ?? ''}`;
  const basketOf = (c: (typeof clients)[number]) => {
    const start = stableHash(c.id) % products.length;
    return Array.from({ length: 12 }, (_, k) => products[(start + k * 23) % products.length]!);
  };
  const wanted = new Map<string, { client: (typeof clients)[number]; ids: Set<string> }>();
  for (const c of clients) {
    const chain = wanted.get(chainOf(c)) ?? { client: c, ids: new Set<string>() };
    for (const p of basketOf(c)) chain.ids.add(p.id);
    wanted.set(chainOf(c), chain);
  }
  const chains = new Map<string, Map<string, { price: string; source: string }>>();
  const pending = [...wanted];
  const resolveWorker = async () => {
    for (let next = pending.shift(); next; next = pending.shift()) {
      const [chain, { client, ids }] = next;
      const prices = new Map<string, { price: string; source: string }>();
      chains.set(chain, prices);
      const list = [...ids];
      for (let i = 0; i < list.length; i += 100) {
        const resolved = await Prices.resolve({ clientId: client.id, productIds: list.slice(i, i + 100) });
        for (const r of resolved.values()) if (r.price !== null) prices.set(r.productId, { price: r.price, source: r.source });
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, resolveWorker));
  const baskets = new Map<string, { product: ProductSummary; price: string; source: string }[]>();
  for (const c of clients) {
    const prices = chains.get(chainOf(c))!;
    baskets.set(c.id, basketOf(c).flatMap((product) => (prices.has(product.id) ? [{ product, ...prices.get(product.id)! }] : [])));
  }
  // The stock each branch has: the history takes at most two thirds of what is available, so the
  // position still shows stock after it.
  const available = await Reservations.available(products.flatMap((p) => branches.map((b) => ({ productId: p.id, branchId: b.id }))));
  const left = new Map([...available].map(([k, v]) => [k, new Decimal(v).times(2).div(3).toDecimalPlaces(0, Decimal.ROUND_DOWN)]));

  // Late payers: their installments of the last month are still open.
  const late = new Set(clients.filter((c) => stableHash(c.id) % 8 === 1).map((c) => c.id));
  const salesmanOf = (c: (typeof clients)[number]) => team.salesmen.find((s) => s.id === c.salesmanId) ?? team.salesmen[stableHash(c.id) % team.salesmen.length]!;

  // Where the salesman stood at the close (the browser's fix): tens of metres from the client's main
  // address, at a phone's precision; one close in ten without one (denied, or typed at the office).
  // A generator of its own, so the orders themselves stay as they were before positions were kept.
  const places = generator(29);
  const fixOf = (c: (typeof clients)[number]): HistoryOrder['geolocation'] => {
    const a = c.addresses.find((x) => x.main) ?? c.addresses[0];
    if (!a || typeof a.latitude !== 'number' || typeof a.longitude !== 'number' || places.chance(0.1)) return null;
    const jitter = () => (places.int(81) - 40) / 100_000;
    return { latitude: Number((a.latitude + jitter()).toFixed(6)), longitude: Number((a.longitude + jitter()).toFixed(6)), accuracy: 5 + places.int(60) };
  };

  const orders: HistoryOrder[] = [];
  const at = (date: string, minutes: number) => zonedInstant(date, Math.floor(minutes / 60), minutes % 60, timezone);
  const ts = (ms: number) => timestamp(ms);
  const hour = 3_600_000;

  const order = (date: string, draft: boolean): HistoryOrder | null => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const o = attemptOrder(date, draft);
      if (o) return o;
    }
    return null;
  };

  const attemptOrder = (date: string, draft: boolean): HistoryOrder | null => {
    const client = rnd.pick(clients);
    const basket = baskets.get(client.id) ?? [];
    if (!basket.length) return null;
    const branch = rnd.chance(0.7) ? branches[0]! : (branches[1] ?? branches[0]!);
    const seller = salesmanOf(client);
    const lines: HistoryLine[] = [];
    const taken: [string, Decimal][] = [];
    const count = 2 + rnd.int(5);
    for (let k = 0; k < count; k++) {
      const { product, price, source } = basket[rnd.int(basket.length)]!;
      if (lines.some((l) => l.product.id === product.id)) continue;
      const key = `${product.id}|${branch.id}`;
      const room = left.get(key) ?? new Decimal(0);
      let quantity = new Decimal(1 + rnd.int(8));
      if (fractional(product)) quantity = quantity.plus(new Decimal(rnd.int(4)).div(4));
      if (!draft) quantity = Decimal.min(quantity, room.toDecimalPlaces(0, Decimal.ROUND_DOWN));
      if (quantity.lte(0)) continue;
      taken.push([key, quantity]);
      lines.push({
        product: { id: product.id, ref: product.ref, name: product.name, barcode: product.barcode ?? null, productCompanyId: product.productCompanyId ?? null, groupId: product.groupId ?? null, minimumPrice: product.minimumPrice ?? null },
        quantity: quantity.toFixed(),
        unitPrice: price,
        listPrice: price,
        priceSource: source,
        discountPercent: rnd.chance(0.2) ? String(2 + rnd.int(4)) : null,
      });
    }
    if (!lines.length) return null;
    const free = rnd.chance(0.015);
    // The client's own conditions (a client limited to some), whose minimum invoice the order reaches.
    const allowed = client.paymentConditionIds.length ? client.paymentConditionIds.flatMap((id) => (conditionOf.has(id) ? [conditionOf.get(id)!] : [])) : conditions;
    const gross = saleTotals({ items: lines }, branch.decimals).total;
    const reachable = allowed.filter((c) => !c.minimumInvoice || new Decimal(gross).gte(c.minimumInvoice as string));
    if (!free && !reachable.length) return null;
    const condition = free ? null : asCondition(rnd.pick(reachable));
    const type: PaymentType = client.paymentType ?? rnd.pick(['boleto', 'boleto', 'pix', 'card', 'check'] as const);
    const opened = at(date, 8 * 60 + rnd.int(9 * 60));
    const closedMs = opened + (10 + rnd.int(80)) * 60_000;
    if (!draft && closedMs > now) return null;
    if (!draft) for (const [key, q] of taken) left.set(key, left.get(key)!.minus(q));
    return {
      client: { id: client.id, name: client.name, nickname: client.nickname ?? null, document: client.document ?? null, bearerId: client.bearerId ?? null, walletId: client.walletId ?? null, place: clientPlace(client) },
      salesmanId: seller.id,
      supervisorId: seller.supervisorId,
      createdBy: seller.id,
      branchId: branch.id,
      decimals: branch.decimals,
      situation: free ? 'free' : 'normal',
      natureId: saleTypeOf(client.id, date, free),
      productCompanyId: client.productCompanyId ?? lines[0]!.product.productCompanyId ?? null,
      payment: condition ? { type, condition } : null,
      generalDiscountPercent: !free && rnd.chance(0.1) ? '3' : null,
      transportIncrease: rnd.chance(0.25) ? `${15 + rnd.int(30)}.00` : null,
      lines,
      orderDate: date,
      createdAt: ts(Math.min(opened, now - 5 * 60_000)),
      closedAt: draft ? null : ts(closedMs),
      geolocation: draft ? null : fixOf(client),
      moves: draft ? [] : moves(closedMs),
      paidThrough: late.has(client.id) ? addDays(today, -30) : today,
    };
  };

  /** The moves after a close, as far as the clock has come: released, picked, invoiced, delivered, completed; or cancelled, or refunded. */
  const moves = (closedMs: number): HistoryOrder['moves'] => {
    const r = rnd.int(100);
    const fate: Fate = r < 9 ? 'cancelled' : r < 12 ? 'refunded' : r < 20 ? 'delivered' : 'completed';
    const plan: { to: SaleStatus; after: number; userId: string; reason?: string }[] = [
      { to: 'paid', after: (2 + rnd.int(24)) * hour, userId: team.authorizerId },
      { to: 'processing', after: (4 + rnd.int(26)) * hour, userId: team.officeId },
      { to: 'receipt', after: (4 + rnd.int(20)) * hour, userId: team.officeId },
      { to: 'delivered', after: (24 + rnd.int(48)) * hour, userId: team.officeId },
    ];
    if (fate === 'completed') plan.push({ to: 'completed', after: (3 + rnd.int(10)) * 24 * hour, userId: team.officeId });
    if (fate === 'refunded') plan.push({ to: 'refunded', after: (2 + rnd.int(8)) * 24 * hour, userId: team.officeId, reason: 'Mercadoria devolvida pelo cliente.' });
    if (fate === 'cancelled') {
      // Cancelled before the invoice: while pending, after the release, or while being picked.
      plan.splice(rnd.int(3), plan.length, { to: 'cancelled', after: (1 + rnd.int(30)) * hour, userId: team.officeId, reason: rnd.pick(['Cliente desistiu da compra.', 'Pedido duplicado.', 'Cliente sem limite de crédito.']) });
    }
    const out: HistoryOrder['moves'] = [];
    let t = closedMs;
    for (const step of plan) {
      t += step.after;
      if (t > now) break;
      out.push({ to: step.to, at: ts(t), userId: step.userId, reason: step.reason ?? null });
    }
    return out;
  };

  // Orders over the days, fewer on Saturdays and none on Sundays, oldest first (the stock is taken in that order).
  const dates = Array.from({ length: days + 1 }, (_, i) => addDays(today, i - days)).filter((d) => weekday(d) !== 0);
  const weight = (d: string) => (weekday(d) === 6 ? 0.4 : 1);
  const totalWeight = dates.reduce((n, d) => n + weight(d), 0);
  for (const date of dates) {
    const wanted = Math.round((orderCount * weight(date)) / totalWeight);
    for (let k = 0; k < wanted; k++) {
      const o = order(date, false);
      if (o) orders.push(o);
    }
  }
  for (let k = 0; k < draftCount; k++) {
    const o = order(addDays(today, -rnd.int(2)), true);
    if (o) orders.push({ ...o, orderDate: today });
  }

  const laterBefore = options.recentDays === undefined ? undefined : addDays(today, -options.recentDays);
  const written = await writeHistory(orders, { reserveStock: tenant.settings.sales.checkStock, timeZone: timezone, laterBefore });
  const changed = await Clients.recordPurchases(written.lastPurchases);
  return { sales: written.sales, drafts: written.drafts, clients: changed, later: written.later };
}

/**
 * The demo's campaigns (docs/campaigns.md), through the registries' service, after the catalogue:
 * this month's coffee week for bakeries and snack bars (8 % from 6 units), a fixed price on the cola
 * can for supermarkets (within a limit per client and in all), next month's summer drinks (5 % on the
 * group from 12 units, for bars and restaurants) and last month's back-to-school (ended). Each is for
 * some segments only, so the company's "campaign required" (on, the spec's default) asks for a
 * campaign on those clients' orders, not on every order, this month or the next. A second run finds them by name and adds
 * nothing.
 */
export async function seedCampaigns(): Promise<{ created: number }> {
  const { timezone } = await Tenants.company();
  const month = monthOf(Clock.today(timezone));
  const [now, next, last] = [monthRange(month), monthRange(addMonths(month, 1)), monthRange(addMonths(month, -1))];
  const existing = new Set((await Registries.all(campaigns, 500)).map((c) => String(c.name)));
  const [groups, segmentList] = await Promise.all([Registries.all(productGroups, 100), Registries.all(segments, 100)]);
  const groupId = (name: string) => groups.find((g) => g.name === name)?.id ?? null;
  const segmentIds = (...names: string[]) => segmentList.filter((s) => names.includes(String(s.name))).map((s) => s.id);
  const products: ProductSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await Products.page({}, cursor, 100, 'demo-campaigns');
    products.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const named = (test: (p: ProductSummary) => boolean) => products.filter(test).map((p) => p.id);
  const coffee = named((p) => p.name.startsWith('Café'));
  const cola = named((p) => p.name.startsWith('Refrigerante Cola') && p.name.includes('Lata'));
  const drinks = groupId('Bebidas');
  const schoolGroup = groupId('Mercearia');
  const wanted = [
    { name: 'Semana do Café', validFrom: now.first, validUntil: now.last, kind: 'discount', discountPercent: '8', minimumQuantity: '6', productIds: coffee, segmentIds: segmentIds('Padaria', 'Bar e lanchonete'), observations: 'Cafés torrados e moídos: 8% a partir de 6 unidades.' },
    { name: 'Cola Lata a R$ 26,90', validFrom: now.first, validUntil: now.last, kind: 'price', price: '26.90', clientLimit: '50', totalLimit: '400', productIds: cola, segmentIds: segmentIds('Supermercado'), observations: 'Preço de tabloide: até 50 fardos por cliente.' },
    { name: 'Bebidas de Verão', validFrom: next.first, validUntil: next.last, kind: 'discount', discountPercent: '5', minimumQuantity: '12', productGroupIds: drinks ? [drinks] : [], segmentIds: segmentIds('Bar e lanchonete', 'Restaurante'), observations: 'Planejada para o próximo mês: bares e restaurantes.' },
    { name: 'Volta às Aulas', validFrom: last.first, validUntil: last.last, kind: 'discount', discountPercent: '4', minimumQuantity: '10', productGroupIds: schoolGroup ? [schoolGroup] : [], status: 'inactive', observations: 'Encerrada.' },
  ].filter((c) => !existing.has(c.name));
  for (const c of wanted) await Registries.create(campaigns, c);
  return { created: wanted.length };
}

/**
 * The demo's cashback and points (docs/loyalty.md): the company gives both (its settings at the
 * provision), a programme the history predates, so the sales written in bulk credited nothing; the
 * oldest pending sales are released now by the office (`applyMove`, the same move a user makes), and
 * each credits its client. Some clients then have a balance to use in their next order. A second
 * run finds nothing pending it has not released.
 */
export async function seedLoyalty(authorizerId: string, count = 15): Promise<{ credited: number }> {
  const page = await SalesRepository.list([SaleScopes.status(SaleScopes.all, 'pending')], { limit: 50, query: 'demo-loyalty' });
  const oldest = page.items.filter((s) => s.clientId).slice(-count);
  let credited = 0;
  for (const row of oldest) {
    const sale = await SalesRepository.get(row.id);
    if (!sale || sale.status !== 'pending') continue;
    const after = await applyMove(sale, 'paid', { userId: authorizerId, reason: null });
    if (after.loyalty?.credit) credited++;
  }
  return { credited };
}
