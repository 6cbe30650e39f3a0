import { Decimal } from '@ev/shared/money';
import type { Installment } from '@ev/shared/schemas/financial';
import { salePaymentState, type Sale, type SaleInstallment, type SalePaymentState } from '@ev/shared/schemas/sales';
import { splitInstallments, type PlannedInstallment } from '@ev/shared/sales/totals';
import { Clients, type ClientRecord, type InstallmentAsRead } from '../clients';
import type { TxStep } from '../db/tx';
import type { RegistryRecord } from '../registries';

/**
 * A sale's installments (docs/sales.md "Installments" and "One truth for installments"). They live
 * where the client's financial position reads them (document = the sale's number, the sale's
 * branch): the close and a consignment's settlement write them there, an edit makes the open ones
 * again there, a cancel cancels them there, and the sale reads them from there. The sale keeps no
 * copy, so a payment recorded or imported on the client shows on the sale.
 */

/** The payment condition's terms split the sale's total from `issueDate`; none without a condition. One mechanism for the close and a settlement. */
export function saleInstallments(sale: Pick<Sale, 'totals' | 'decimals'>, condition: RegistryRecord | null, issueDate: string): PlannedInstallment[] {
  if (!condition) return [];
  return splitInstallments(sale.totals.total, (condition.terms as number[]) ?? [], issueDate, sale.decimals);
}

/** The installments written where the client's financial position reads them (document = the sale's number), their money at the sale's decimals. */
export function financialSteps(sale: Pick<Sale, 'paymentType' | 'branchId' | 'decimals'>, client: ClientRecord, installments: PlannedInstallment[], number: number, issueDate: string, replacing: InstallmentAsRead[] = []): TxStep[] {
  return Clients.installmentSteps(
    client.id,
    installments.map((p) => ({
      document: String(number),
      installment: p.installment,
      branchId: sale.branchId,
      type: sale.paymentType === 'check' ? 'check' : sale.paymentType === 'card' ? 'card' : 'title',
      issueDate,
      dueDate: p.dueDate,
      installmentValue: p.value,
      openValue: p.value,
      paidValue: '0',
      bearerId: client.bearerId ?? null,
      walletId: client.walletId ?? null,
      paymentMethod: sale.paymentType,
    })),
    sale.decimals,
    replacing,
  );
}

const asSaleInstallment = (i: Installment): SaleInstallment => ({
  installment: i.installment,
  dueDate: i.dueDate,
  value: i.installmentValue,
  openValue: i.openValue,
  paidValue: i.paidValue,
  paymentDate: i.paymentDate,
  status: i.status,
});

/** A numbered sale's installments as the client's financial position holds them now, and where its payment stands. A draft has none. */
export async function installmentsOf(sale: Pick<Sale, 'clientId' | 'number' | 'branchId'>): Promise<{ installments: SaleInstallment[]; payment: SalePaymentState; records: Installment[] }> {
  if (sale.number === null || !sale.clientId) return { installments: [], payment: 'none', records: [] };
  const records = await Clients.documentInstallments(sale.clientId, String(sale.number), sale.branchId);
  const installments = records.map(asSaleInstallment);
  return { installments, payment: salePaymentState(installments), records };
}

/**
 * An edit's installments (docs/sales.md "Correcting a pending sale"): those with something paid stay
 * as they are; the open ones are made again from the new total less what the kept ones hold, over
 * the condition's terms after the kept ones (one installment on the last term when none is left).
 * `terms` null: the sale no longer has payment (free, or a sale type without financial movement):
 * the open ones go and none is made. `short`: the new total is below what the kept installments
 * hold, and what they hold (the caller refuses the edit).
 */
export function remadeInstallments(
  total: string,
  terms: number[] | null,
  orderDate: string,
  decimals: number,
  held: Installment[],
): { short: false; keep: Installment[]; drop: Installment[]; make: PlannedInstallment[] } | { short: true; heldValue: string } {
  const live = held.filter((i) => !i.cancelled);
  const keep = live.filter((i) => !new Decimal(i.paidValue).isZero() || i.status === 'paid');
  const drop = live.filter((i) => !keep.includes(i));
  const heldValue = keep.reduce((sum, i) => sum.plus(i.installmentValue), new Decimal(0));
  const rest = new Decimal(total).minus(heldValue);
  const value = (d: Decimal) => d.toFixed(Math.max(2, decimals));
  if (terms === null) return { short: false, keep, drop, make: [] };
  if (rest.isNegative()) return { short: true, heldValue: value(heldValue) };
  if (rest.isZero()) return { short: false, keep, drop, make: [] };
  const left = terms.slice(keep.length);
  const due = left.length ? left : [terms.at(-1) ?? 0];
  const parts = splitInstallments(rest.toFixed(), due, orderDate, decimals);
  const count = keep.length + parts.length;
  const make = keep.length ? parts.map((p, n) => ({ ...p, installment: `${keep.length + n + 1}/${count}` })) : parts;
  return { short: false, keep, drop, make };
}
