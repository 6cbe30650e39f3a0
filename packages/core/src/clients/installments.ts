import { daysBetween } from '@ev/shared/calendar';
import { pick, pickOrNull } from '@ev/shared/objects';
import { documentKeyPrefix, type Installment, type InstallmentFields, type InstallmentStatus } from '@ev/shared/schemas/financial';
import Decimal from 'decimal.js';
import { Clock } from '../clock';
import { Tenants } from '../tenants';
import { InstallmentsRepository, type InstallmentRecord } from './repository';

/**
 * An installment as the API answers it, its status derived at read against today in the company's
 * time zone (invariants 10 and 12): the client's financial position and a sale's installments
 * (`ofDocument`) answer the same records the same way.
 */

const D = (v: string | null | undefined) => new Decimal(v ?? '0');

/**
 * Status at `today` (yyyy-MM-dd, company time zone): cancelled; paid when nothing is open; overdue
 * when open and due before today; pending otherwise (due today is still pending).
 */
export function installmentStatus(i: Pick<InstallmentFields, 'cancelled' | 'openValue' | 'dueDate'>, today: string): InstallmentStatus {
  if (i.cancelled) return 'cancelled';
  if (D(i.openValue).isZero()) return 'paid';
  return i.dueDate < today ? 'overdue' : 'pending';
}

/** Paid after its due date: kept for the punctuality figure. */
export function paidLate(i: Pick<InstallmentFields, 'paymentDate' | 'dueDate'>): boolean {
  return !!i.paymentDate && i.paymentDate > i.dueDate;
}

export function publicInstallment(r: InstallmentRecord, today: string): Installment {
  const status = installmentStatus(r, today);
  return {
    ...pick(r, ['key', 'clientId', 'document', 'installment', 'dueDate', 'installmentValue', 'openValue', 'paidValue', 'discount', 'increase', 'withholdings']),
    ...pickOrNull(r, ['branchId', 'issueDate', 'correctedValue', 'paymentDate', 'complement', 'bearerId', 'account', 'walletId', 'paymentMethod']),
    type: r.installmentType,
    cancelled: !!r.cancelled,
    status,
    daysOverdue: status === 'overdue' ? daysBetween(r.dueDate, today) : 0,
    paidLate: !r.cancelled && paidLate(r),
  };
}

/** The company's time zone and today in it. */
export async function companyToday(): Promise<{ timezone: string; today: string }> {
  const { timezone } = await Tenants.company();
  return { timezone, today: Clock.today(timezone) };
}


/**
 * A document's installments (a sale's: document = its number), as the client's financial position
 * holds them, in their order: one Query of the client's partition by the document's key prefix.
 * `branchId`: only those of that branch (a sale's, so an ERP's document of the same number in
 * another branch is not taken for the sale's).
 */
export async function ofDocument(clientId: string, document: string, branchId: string | null): Promise<Installment[]> {
  const [records, { today }] = await Promise.all([InstallmentsRepository.ofDocument(clientId, documentKeyPrefix(document)), companyToday()]);
  return records
    .filter((r) => r.document === document && (branchId === null || (r.branchId ?? null) === branchId))
    .map((r) => publicInstallment(r, today))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.installment.localeCompare(b.installment, 'pt-BR', { numeric: true }));
}

/**
 * Installments by key, across clients (the sales list's page: each row's installments, docs/sales.md
 * "Payment state on the list"), their status at today: one BatchGet per 100 keys, not a Query per
 * document. Answered by `clientId` and key; a key not found is absent.
 */
export async function byKeys(pairs: { clientId: string; key: string }[]): Promise<Map<string, Installment>> {
  if (!pairs.length) return new Map();
  const [records, { today }] = await Promise.all([InstallmentsRepository.byKeys(pairs), companyToday()]);
  return new Map(records.map((r) => [`${r.clientId}|${r.key}`, publicInstallment(r, today)]));
}
