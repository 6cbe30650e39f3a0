import { businessDate, timestampMs } from '@ev/shared/calendar';
import { canMove, effectsOf, type SaleStatus } from '@ev/shared/sales/status';
import { saleTotals, splitInstallments } from '@ev/shared/sales/totals';
import { SaleDraftCreate, type Sale, type SaleItem } from '@ev/shared/schemas/sales';
import type { PAYMENT_TYPES } from '@ev/shared/schemas/clients';
import { Decimal } from '@ev/shared/money';
import type { InstallmentInput } from '@ev/shared/schemas/financial';
import { Clients } from '../clients';
import { bulkCreate } from '../db/bulk';
import { MAX_TX_ACTIONS, transact, type TxStep } from '../db/tx';
import { isDomainError } from '../errors';
import { newId } from '../ids';
import { HistoryStockShort, stockHistorySteps, type OrderStockHistory } from '../inventory';
import { parseInput } from '../validation';
import { SalesRepository, type SaleRecord } from './repository';

export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * A sales history written in bulk, for a company nobody works in yet (the demo's recent months, the
 * bench's company at scale): each order as a close and its moves would have left it, built from the
 * same pieces (the draft schema's defaults, `saleTotals`, `splitInstallments`, the status machine)
 * and written with the same steps (the sale's create steps, the stock's reservations and ledger,
 * the client's installments), by `bulkCreate` instead of a transaction per order. Numbers are the
 * company's counter's, in the order the sales were closed.
 */

export interface HistoryLine {
  product: { id: string; ref: string; name: string; barcode: string | null; productCompanyId: string | null; groupId?: string | null; minimumPrice: string | null };
  quantity: string;
  unitPrice: string;
  /** The price resolved for the client, and where it came from (`Prices.resolve`). */
  listPrice: string | null;
  priceSource: string | null;
  discountPercent: string | null;
}

export interface HistoryCondition {
  id: string;
  terms: number[];
  discountRate: string | null;
  surchargeRate: string | null;
}

export interface HistoryOrder {
  client: {
    id: string;
    name: string;
    nickname?: string | null;
    document?: string | null;
    bearerId?: string | null;
    walletId?: string | null;
    /** Its segment, region and city as a close records them (`clientPlace`). */
    place?: Pick<SaleRecord, 'clientSegmentId' | 'clientRegionId' | 'clientCity'>;
  };
  salesmanId: string | null;
  supervisorId: string | null;
  /** Who typed and closed the order. */
  createdBy: string;
  branchId: string;
  /** The branch's `casasDecimais`. */
  decimals: number;
  situation: 'normal' | 'free';
  /** The sale type (a fiscal nature) and the product company, as the entry would have them. */
  natureId?: string | null;
  productCompanyId?: string | null;
  /** The payment: none for a free order. */
  payment: { type: PaymentType; condition: HistoryCondition } | null;
  generalDiscountPercent?: string | null;
  transportIncrease?: string | null;
  lines: HistoryLine[];
  /** The business date of the order (the company's calendar). */
  orderDate: string;
  /** When it was begun (UTC timestamp). */
  createdAt: string;
  /** When it was closed (UTC timestamp); null: a draft still being typed. */
  closedAt: string | null;
  /** Where it was closed (the browser's fix); absent or null: none was taken. */
  geolocation?: Sale['geolocation'];
  /** The moves after the close, in order, each one the status machine allows. */
  moves: { to: SaleStatus; at: string; userId: string | null; reason?: string | null }[];
  /** Installments due on or before this date were paid (on their due date, or at the delivery when later); null: none paid. */
  paidThrough: string | null;
}

export interface HistoryOptions {
  /** Whether the closes reserved stock (the company's "check stock"). */
  reserveStock: boolean;
  /** Orders per bulk write (a long history is written in parts, each on its own). */
  chunk?: number;
  /** The company's time zone: the business date of a move (a delivery, a cancel). */
  timeZone: string;
}

export interface HistoryResult {
  sales: number;
  drafts: number;
  firstNumber: number | null;
  lastNumber: number | null;
  /** Each client's last purchase: the latest order date of its sales neither cancelled nor drafts. */
  lastPurchases: Map<string, string>;
}

type BuiltOrder = { sale: SaleRecord; stock: OrderStockHistory | null; installments: InstallmentInput[] };

const installmentType = (t: PaymentType | null) => (t === 'check' ? ('check' as const) : t === 'card' ? ('card' as const) : ('title' as const));

/** One order as its close and moves would have stored it (`number` null for a draft). */
export function buildHistorySale(order: HistoryOrder, number: number | null, options: Pick<HistoryOptions, 'reserveStock' | 'timeZone'>): BuiltOrder {
  const dayOf = (at: string) => businessDate(options.timeZone, timestampMs(at));
  const input = parseInput(SaleDraftCreate, {
    clientId: order.client.id,
    situation: order.situation,
    natureId: order.natureId ?? null,
    productCompanyId: order.productCompanyId ?? null,
    paymentType: order.payment?.type ?? null,
    paymentConditionId: order.payment?.condition.id ?? null,
    transport: { costing: 1 },
    generalDiscountPercent: order.generalDiscountPercent ?? null,
    transportIncrease: order.transportIncrease ?? null,
    items: order.lines.map((l) => ({ productId: l.product.id, quantity: l.quantity, unitPrice: l.unitPrice, discountPercent: l.discountPercent })),
  });
  const free = order.situation === 'free';
  const paymentRates = order.payment && !free ? { discountRate: order.payment.condition.discountRate, surchargeRate: order.payment.condition.surchargeRate } : null;
  const { lines: figures, ...totals } = saleTotals({ ...input, condition: paymentRates, free }, order.decimals);
  const items: SaleItem[] = order.lines.map((l, index) => ({
    index,
    productId: l.product.id,
    ref: l.product.ref,
    name: l.product.name,
    barcode: l.product.barcode,
    productCompanyId: l.product.productCompanyId,
    groupId: l.product.groupId ?? null,
    quantity: new Decimal(input.items[index]!.quantity).toFixed(),
    quantityAsked: null,
    unitPrice: new Decimal(input.items[index]!.unitPrice).toFixed(4),
    discountPercent: free ? null : input.items[index]!.discountPercent,
    listPrice: l.listPrice,
    priceSource: l.priceSource,
    minimumPrice: l.product.minimumPrice,
    gross: figures[index]!.gross,
    discount: figures[index]!.discount,
    total: figures[index]!.net,
    stock: null,
    cancelled: false,
  }));

  const closed = order.closedAt !== null && number !== null;
  let status: SaleStatus = closed ? 'pending' : 'typing';
  const history: SaleRecord['history'] = closed ? [{ at: order.closedAt!, userId: order.createdBy, userName: null, from: 'typing', to: 'pending', reason: null }] : [];
  let stockEnd: OrderStockHistory['end'] = null;
  let cancelledOn: string | null = null;
  for (const m of closed ? order.moves : []) {
    if (!canMove(status, m.to)) throw new Error(`sales history: a ${status} sale cannot move to ${m.to}`);
    const effects = effectsOf(status, m.to);
    if (effects.release && !stockEnd) stockEnd = { kind: 'released', at: m.at };
    if (effects.deliver && !stockEnd) stockEnd = { kind: 'delivered', at: m.at };
    if (effects.cancelInstallments) cancelledOn ??= dayOf(m.at);
    history.push({ at: m.at, userId: m.userId, userName: null, from: status, to: m.to, reason: m.reason ?? null });
    status = m.to;
  }

  const planned = closed && order.payment && !free ? splitInstallments(totals.total, order.payment.condition.terms, order.orderDate, order.decimals) : [];
  // Paid only once the goods were delivered (a cash sale pays at the delivery), never when cancelled before.
  const delivered = history.find((h) => h.to === 'delivered');
  const deliveredOn = delivered ? dayOf(delivered.at) : null;
  const paymentOf = (dueDate: string) =>
    order.paidThrough !== null && deliveredOn !== null && dueDate <= order.paidThrough && deliveredOn <= order.paidThrough ? (dueDate > deliveredOn ? dueDate : deliveredOn) : null;
  const installments = planned.map((p) => {
    const paidOn = paymentOf(p.dueDate);
    return { id: newId(), installment: p.installment, dueDate: p.dueDate, value: p.value, status: paidOn ? ('paid' as const) : cancelledOn ? ('cancelled' as const) : ('open' as const), paidOn };
  });
  const last = history.at(-1)?.at ?? order.createdAt;
  const sale: SaleRecord = {
    ...input,
    items,
    id: newId(),
    number: closed ? number : null,
    status,
    branchId: order.branchId,
    clientName: order.client.name,
    clientNickname: order.client.nickname ?? null,
    clientDocument: order.client.document ?? null,
    ...order.client.place,
    salesmanId: order.salesmanId,
    supervisorId: closed ? order.supervisorId : null,
    createdBy: order.createdBy,
    orderDate: order.orderDate,
    issuedOn: order.orderDate,
    closedAt: closed ? order.closedAt : null,
    totals,
    paymentRates,
    decimals: order.decimals,
    installments: [],
    payment: 'none',
    ...(closed ? { installmentLabels: planned.map((p) => p.installment) } : {}),
    authorizer: null,
    geolocation: closed ? (order.geolocation ?? null) : null,
    history,
    createdAt: order.createdAt,
    updatedAt: last,
    version: 1,
    ...(closed ? { closing: null, closeKey: null } : {}),
  };
  const stockLines = items.filter((i) => !i.cancelled).map((i) => ({ productId: i.productId, branchId: order.branchId, quantity: i.quantity }));
  const stock = closed && options.reserveStock ? { orderId: sale.id, lines: stockLines, reservedAt: order.closedAt!, end: stockEnd } : null;
  const rows = installments.map((i) => ({
    document: String(number),
    installment: i.installment,
    branchId: order.branchId,
    type: installmentType(order.payment?.type ?? null),
    issueDate: order.orderDate,
    dueDate: i.dueDate,
    installmentValue: i.value,
    openValue: i.status === 'open' ? i.value : i.paidOn ? '0' : '0.00',
    paidValue: i.paidOn ? i.value : '0',
    paymentDate: i.paidOn,
    bearerId: order.client.bearerId ?? null,
    walletId: order.client.walletId ?? null,
    paymentMethod: order.payment?.type ?? null,
    cancelled: i.status === 'cancelled',
  }));
  return { sale, stock, installments: rows };
}

/** The steps that write one built order: the sale, its installments, its stock. */
function orderSteps(b: BuiltOrder): TxStep[] {
  return [
    ...SalesRepository.createSteps(b.sale),
    ...(b.installments.length ? Clients.installmentSteps(b.sale.clientId!, b.installments, b.sale.decimals) : []),
    ...(b.stock ? stockHistorySteps([b.stock]) : []),
  ];
}

function notePurchase(lastPurchases: Map<string, string>, sale: SaleRecord): void {
  if (sale.number === null || sale.status === 'cancelled') return;
  const had = lastPurchases.get(sale.clientId!);
  if (!had || had < sale.orderDate) lastPurchases.set(sale.clientId!, sale.orderDate);
}

/**
 * Writes the orders (closed ones numbered in the order of their close, after the company's last
 * number) in bulk, `chunk` orders a part. Nothing else may write the company's sales, stock or
 * clients' installments meanwhile (db/bulk.ts).
 *
 * With `laterBefore`, the closed orders of earlier dates are left out of the bulk and answered as
 * `later`: a writer to run afterwards, while the company is already in use (the demo's older weeks
 * after the first start answers). Their numbers are taken with the others' by the bulk's one counter
 * step, so the newest sales keep the highest numbers; each later order is then written whole, its
 * sale, installments and stock in one transaction, oldest first, so a writer stopped at any point
 * (an abort between orders, the process killed) leaves every order whole or absent, and the stock
 * equal to its ledger. An order whose stock was taken meanwhile is skipped.
 */
export async function writeHistory(orders: HistoryOrder[], options: HistoryOptions & { laterBefore?: string }): Promise<HistoryResult & { later: HistoryLater | null }> {
  const chunk = options.chunk ?? 2000;
  const closed = orders.filter((o) => o.closedAt !== null).sort((a, b) => a.closedAt!.localeCompare(b.closedAt!));
  const drafts = orders.filter((o) => o.closedAt === null);
  const first = (await SalesRepository.lastNumber()) + 1;
  const numbered = closed.map((o, i) => ({ o, number: first + i as number | null }));
  const deferred = options.laterBefore ? numbered.filter(({ o }) => o.orderDate < options.laterBefore!) : [];
  const all = [...numbered.filter((n) => !deferred.includes(n)), ...drafts.map((o) => ({ o, number: null }))];
  const lastPurchases = new Map<string, string>();
  for (let start = 0; start < all.length || (start === 0 && closed.length); start += chunk) {
    const built = all.slice(start, start + chunk).map(({ o, number }) => buildHistorySale(o, number, options));
    const steps: TxStep[] = [];
    const stock: OrderStockHistory[] = [];
    for (const b of built) {
      // The products' figures added directly (the bulk sums them), not through an outbox item.
      steps.push(...SalesRepository.bulkCreateSteps(b.sale));
      if (b.stock) stock.push(b.stock);
      if (b.installments.length) steps.push(...Clients.installmentSteps(b.sale.clientId!, b.installments, b.sale.decimals));
      notePurchase(lastPurchases, b.sale);
    }
    steps.push(...stockHistorySteps(stock));
    // Every number of the history, the later orders' too, in the first part.
    if (start === 0 && closed.length) steps.push(SalesRepository.numbersStep(first - 1, closed.length));
    await bulkCreate(steps);
  }
  const later: HistoryLater | null = deferred.length
    ? async (signal) => {
        const purchases = new Map<string, string>();
        let sales = 0;
        let skipped = 0;
        for (const { o, number } of deferred) {
          if (signal?.aborted) break;
          const b = buildHistorySale(o, number, options);
          const steps = orderSteps(b);
          try {
            if (steps.length <= MAX_TX_ACTIONS) await transact(steps);
            else await bulkCreate(steps);
            await SalesRepository.applyProducts(null, b.sale);
            sales++;
            notePurchase(purchases, b.sale);
          } catch (e) {
            // Its stock was taken meanwhile, or another write held an item it touches: left out.
            if (!isDomainError(e) && !(e instanceof HistoryStockShort)) throw e;
            skipped++;
          }
        }
        const clients = await Clients.recordPurchases(purchases);
        return { sales, skipped, clients };
      }
    : null;
  return { sales: closed.length - deferred.length, drafts: drafts.length, firstNumber: closed.length ? first : null, lastNumber: closed.length ? first + closed.length - 1 : null, lastPurchases, later };
}

/** The later part of a history (`writeHistory`'s `laterBefore`): stops between two orders once `signal` aborts. */
export type HistoryLater = (signal?: AbortSignal) => Promise<{ sales: number; skipped: number; clients: number }>;
