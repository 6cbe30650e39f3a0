import { addDays } from '@ev/shared/calendar';
import { Decimal, formatDecimal } from '@ev/shared/money';
import { natures } from '@ev/shared/registries/natures';
import { paymentsConditions } from '@ev/shared/registries/payments-conditions';
import { saleTotals } from '@ev/shared/sales/totals';
import { SaleConsignmentSettle, SaleSaid, SaleTexts, type SaleConsignment, type SaleDraftInput } from '@ev/shared/schemas/sales';
import { Clients } from '../clients';
import { Clock, timestamp } from '../clock';
import { currentActor } from '../context';
import { versionConflict } from '../db/records';
import { transact } from '../db/tx';
import { DomainError, fieldError } from '../errors';
import { Consignments } from '../inventory';
import { Logs } from '../logs';
import { Registries } from '../registries';
import { Tenants } from '../tenants';
import type { BranchRecord } from '../tenants/records';
import { parseInput } from '../validation';
import { financialSteps, saleInstallments } from './installments';
import { SalesRepository, type SaleRecord } from './repository';

/**
 * Consigned sales (venda consignada, issue 13 item 5, docs/sales.md "Consigned sales"): the goods
 * leave as lent stock with the branch's return date and discount; later the client gives back part
 * and keeps the rest, which is what the sale then bills.
 */

const invalid = (field: string, said: ReturnType<typeof SaleTexts.returnedLine>) => new DomainError('validation', said, 'validation', { fields: [fieldError(field, said)] });

/**
 * A draft's consignment terms from the session's branch (its days and discount), or null when the
 * draft is not consigned. A branch without consignment days does not consign: a 400 on `consigned`.
 */
export function consignmentTerms(input: Pick<SaleDraftInput, 'consigned'>, branch: BranchRecord): SaleConsignment | null {
  if (!input.consigned) return null;
  if (!(branch.consignmentDays > 0)) throw invalid('consigned', SaleTexts.consignmentNotAllowed({ branch: branch.nickname ?? branch.name }));
  const discount = new Decimal(branch.consignmentDiscount || '0');
  return { days: branch.consignmentDays, discountPercent: discount.toFixed(2), returnDate: null, settledAt: null, settledBy: null, settling: null };
}

/** At closing: the return date is the order date plus the branch's days (business dates, the company's time zone). */
export function closedConsignment(c: SaleConsignment | null | undefined, orderDate: string): SaleConsignment | null {
  return c ? { ...c, returnDate: addDays(orderDate, c.days) } : null;
}

/** A consigned sale whose goods are still lent (closed, not settled): one rule with the consignments' list (repository.ts). */
export { isOpenConsignment } from './repository';

/**
 * The settlement: validated over the version read, marked on the sale (`consignment.settling`),
 * then finished. Only once; a sale found with a settlement under way (a process that died in
 * between) is finished with what was marked, whatever the new call says.
 */
export async function settleConsignment(before: SaleRecord, raw: unknown): Promise<SaleRecord> {
  const input = parseInput(SaleConsignmentSettle, raw);
  const c = before.consignment;
  if (!before.consigned || !c) throw new DomainError('sales.not_consigned', SaleTexts.notConsigned(), 'conflict');
  if (before.status === 'typing') throw new DomainError('sales.consignment_not_closed', SaleTexts.consignmentNotClosed(), 'conflict');
  if (c.settledAt) throw new DomainError('sales.consignment_settled', SaleTexts.consignmentSettled(), 'conflict');
  if (c.settling) return finish(before);
  if (before.version !== input.version) throw versionConflict();
  if (before.status === 'cancelled' || before.status === 'refunded') {
    throw new DomainError('sales.consignment_status', SaleSaid.consignmentClosedStatus(before.status), 'conflict');
  }
  const returned = new Map<number, string>();
  input.items.forEach((line, n) => {
    const item = before.items[line.index];
    if (!item || item.cancelled) throw invalid(`items.${n}.index`, SaleTexts.returnedLine());
    if (new Decimal(line.returned).gt(item.quantity)) throw invalid(`items.${n}.returned`, SaleTexts.returnedTooMuch({ quantity: formatDecimal(item.quantity, 4).replace(/,?0+$/, '') }));
    returned.set(line.index, new Decimal(line.returned).toFixed());
  });
  const settling = before.items.filter((i) => !i.cancelled).map((i) => ({ index: i.index, returned: returned.get(i.index) ?? '0' }));
  const marked: SaleRecord = { ...before, consignment: { ...c, settling }, updatedAt: timestamp(), version: before.version + 1 };
  await transact(SalesRepository.replaceSteps(before, marked));
  return finish(marked);
}

/**
 * The second half: the ledger (returned back, the rest sold; idempotent), then the sale in one
 * transaction: each line's returned and sold, the figures on what was sold (the shared
 * `saleTotals`), the installments of the payment condition on that total from today, where the
 * client's financial position reads them.
 */
async function finish(marked: SaleRecord): Promise<SaleRecord> {
  const c = marked.consignment!;
  const returned = new Map(c.settling!.map((l) => [l.index, l.returned]));
  const counted = marked.items.filter((i) => !i.cancelled);
  await Consignments.settle(
    marked.id,
    counted.map((i) => {
      const back = new Decimal(returned.get(i.index) ?? '0');
      return { productId: i.productId, branchId: marked.branchId!, returned: back.toFixed(), sold: new Decimal(i.quantity).minus(back).toFixed() };
    }),
  );
  const { timezone } = await Tenants.company();
  const items = marked.items.map((i) => {
    if (i.cancelled) return i;
    const back = new Decimal(returned.get(i.index) ?? '0');
    return { ...i, returned: back.toFixed(), sold: new Decimal(i.quantity).minus(back).toFixed() };
  });
  // The figures on what the client kept; the order's amounts (other discount, transport, other
  // expenses) stay, the other discount cut where it would pass what was sold.
  const figure = (otherDiscount: string | null) =>
    saleTotals({ ...marked, otherDiscount, items: items.map((i) => ({ ...i, quantity: i.sold ?? i.quantity })), condition: marked.paymentRates, free: marked.situation === 'free' }, marked.decimals);
  let totals = figure(marked.otherDiscount);
  if (new Decimal(totals.total).isNegative()) totals = figure(new Decimal(totals.discounts.other).plus(totals.total).toFixed());
  const { lines, ...orderTotals } = totals;
  const figured = items.map((i, n) => (i.cancelled ? i : { ...i, gross: lines[n]!.gross, discount: lines[n]!.discount, total: lines[n]!.net }));

  const [client, nature, condition] = await Promise.all([
    Clients.find(marked.clientId!),
    marked.natureId ? Registries.record(natures, marked.natureId) : undefined,
    marked.paymentConditionId ? Registries.record(paymentsConditions, marked.paymentConditionId) : undefined,
  ]);
  const noPayment = marked.situation === 'free' || nature?.financialMovement === false;
  const today = Clock.today(timezone);
  const sold = { ...marked, totals: orderTotals };
  const installments = noPayment || !new Decimal(orderTotals.total).gt(0) ? [] : saleInstallments(sold, condition ?? null, today);
  const now = timestamp();
  const after: SaleRecord = {
    ...marked,
    items: figured,
    totals: orderTotals,
    installments: [],
    installmentLabels: installments.map((p) => p.installment),
    consignment: { ...c, settling: null, settledAt: now, settledBy: currentActor().userId ?? null },
    updatedAt: now,
    version: marked.version + 1,
  };
  await transact([...SalesRepository.replaceSteps(marked, after), ...financialSteps(marked, client, installments, marked.number!, today)]);
  await SalesRepository.applyProducts(marked, after);
  Logs.audit('sales.consignment_settle', { saleId: marked.id, total: orderTotals.total });
  return after;
}
