import Decimal from 'decimal.js';
import { FinancialTexts, FinancialQuery, InstallmentsUpsert, type FinancialPosition, type FinancialTotals, type Installment, type InstallmentFields, type Punctuality } from '@ev/shared/schemas/financial';
import { lastMonths, monthOf } from '@ev/shared/calendar';
import { placesIn } from '@ev/shared/money';
import { ApiTexts } from '@ev/shared/messages';
import { authorize } from '../context';
import { DomainError, fieldError, fieldSaid, type FieldError } from '../errors';
import { Logs } from '../logs';
import { Registries } from '../registries';
import { Tenants } from '../tenants';
import { parseInput } from '../validation';
import { Clients } from './index';
import { InstallmentsRepository, MAX_INSTALLMENTS_READ } from './repository';

export { MAX_INSTALLMENTS_READ, type InstallmentRecord } from './repository';
import { companyToday, publicInstallment } from './installments';

export { companyToday, installmentStatus, paidLate, publicInstallment } from './installments';

/**
 * A client's financial position (spec section 3 "Financial installment" and the client's financial
 * totals; section 4 "Installment status"). Installments come from the company's ERP through an
 * integration (PUT, CSV import) and live in the client's partition, so the position is one Query.
 * Everything that changes with the calendar (status, days overdue, totals, the punctuality months)
 * is derived at read against today in the company's time zone (invariants 10 and 12); nothing of it
 * is stored.
 */

const D = (v: string | null | undefined) => new Decimal(v ?? '0');
/** A sum at `places`: the most the installments summed carry (2, or a branch's 4: a sale's installments carry its branch's decimals). */
const money = (d: Decimal, places = 2) => d.toFixed(places, Decimal.ROUND_HALF_UP);
const placesOf = (installments: readonly Pick<Installment, 'installmentValue' | 'openValue' | 'paidValue'>[]) =>
  placesIn(installments.flatMap((i) => [i.installmentValue, i.openValue, i.paidValue]));

/** The client's totals (spec section 3) over the installments that are not cancelled, in decimals. */
export function financialTotals(installments: readonly Installment[]): FinancialTotals {
  let titles = D('0');
  let checks = D('0');
  let toExpire = D('0');
  let paid = D('0');
  let expired = D('0');
  let open = D('0');
  for (const i of installments) {
    if (i.status === 'cancelled') continue;
    paid = paid.plus(D(i.paidValue));
    if (i.status === 'paid') continue;
    const value = D(i.openValue);
    open = open.plus(value);
    if (i.type === 'title') titles = titles.plus(value);
    if (i.type === 'check' || i.type === 'returned_check') checks = checks.plus(value);
    if (i.status === 'overdue') expired = expired.plus(value);
    else toExpire = toExpire.plus(value);
  }
  const places = placesOf(installments);
  return { titles: money(titles, places), checks: money(checks, places), toExpire: money(toExpire, places), paid: money(paid, places), expired: money(expired, places), open: money(open, places) };
}

/** The credit left: the limit minus everything open (null when the client has no limit). */
export function creditOf(limit: string | null | undefined, open: string) {
  return {
    limit: limit ? money(D(limit)) : null,
    open,
    available: limit ? money(D(limit).minus(D(open)), placesIn(open)) : null,
  };
}

const byDue = (a: Installment, b: Installment) =>
  a.dueDate.localeCompare(b.dueDate) || a.document.localeCompare(b.document) || a.installment.localeCompare(b.installment, 'pt-BR', { numeric: true });


const validation = (fields: FieldError[]) =>
  new DomainError('validation', fields.length === 1 ? fieldSaid(fields[0]!) : ApiTexts.validation(), 'validation', { fields });

/**
 * The branches, bearers and wallets the installments name must exist in the company. Answers, per
 * index, the field errors (empty when all is well). Reads: the company's branches (one small
 * Query) and one BatchGet of the named bearers and wallets.
 */
export async function checkReferences(list: readonly Pick<InstallmentFields, 'branchId' | 'bearerId' | 'walletId'>[]): Promise<Map<number, FieldError[]>> {
  const out = new Map<number, FieldError[]>();
  const wantBranches = list.some((i) => i.branchId);
  const bearers = [...new Set(list.map((i) => i.bearerId).filter((v): v is string => !!v))];
  const wallets = [...new Set(list.map((i) => i.walletId).filter((v): v is string => !!v))];
  const [branches, found] = await Promise.all([
    wantBranches ? Tenants.branches() : Promise.resolve([]),
    Registries.records([...bearers.map((id) => ({ registry: 'bearers', id })), ...wallets.map((id) => ({ registry: 'wallets', id }))]),
  ]);
  const branchIds = new Set(branches.map((b) => b.id));
  list.forEach((i, n) => {
    const issues: FieldError[] = [];
    if (i.branchId && !branchIds.has(i.branchId)) issues.push(fieldError('branchId', FinancialTexts.branchInvalid()));
    if (i.bearerId && !found.has(Registries.ref('bearers', i.bearerId))) issues.push(fieldError('bearerId', FinancialTexts.bearerInvalid()));
    if (i.walletId && !found.has(Registries.ref('wallets', i.walletId))) issues.push(fieldError('walletId', FinancialTexts.walletInvalid()));
    if (issues.length) out.set(n, issues);
  });
  return out;
}

/** The position of a client the user may see: installments (filtered), totals and credit (unfiltered). */
async function position(clientId: string, raw: unknown = {}): Promise<FinancialPosition> {
  authorize('read', 'clientes');
  const q = parseInput(FinancialQuery, raw);
  const [{ client }, { today }] = await Promise.all([Clients.visible(clientId), companyToday()]);
  const stored = await InstallmentsRepository.all(client.id);
  if (stored.length >= MAX_INSTALLMENTS_READ) Logs.warn('clients.financial.truncated', { clientId: client.id, read: stored.length });
  const all = stored.map((r) => publicInstallment(r, today)).sort(byDue);
  const totals = financialTotals(all);
  const installments = all.filter((i) => (!q.status || i.status === q.status) && (!q.type || i.type === q.type));
  return { today, installments, totals, credit: creditOf(client.creditLimit, totals.open) };
}

/** Upsert of up to 100 installments of one client the user may see (integrations). */
async function upsert(clientId: string, raw: unknown): Promise<{ written: number }> {
  authorize('update', 'clientes');
  const list = parseInput(InstallmentsUpsert, raw);
  const { client } = await Clients.visible(clientId);
  const problems = await checkReferences(list);
  if (problems.size) {
    throw validation([...problems].flatMap(([n, issues]) => issues.map((f) => ({ ...f, field: `${n}.${f.field}` }))));
  }
  const written = await InstallmentsRepository.put(list.map((i) => InstallmentsRepository.item(client.id, i)));
  Logs.audit('clients.installments.upsert', { clientId: client.id, count: written });
  return { written };
}

/** How many months the punctuality figure shows (the current one included). */
export const PUNCTUALITY_MONTHS = 12;

/**
 * The one-client dashboard: per due month of the last 12 (company time zone), the open value (overdue
 * included), the overdue part, and the installments paid on time and late (count and paid value).
 * Cancelled installments count nowhere; a paid installment without a payment date counts as on time.
 */
export function punctualityOf(installments: readonly Installment[], today: string): Punctuality['months'] {
  const months = lastMonths(today, PUNCTUALITY_MONTHS);
  const acc = new Map(months.map((m) => [m, { open: D('0'), overdue: D('0'), onTime: { count: 0, value: D('0') }, late: { count: 0, value: D('0') } }]));
  for (const i of installments) {
    const bucket = acc.get(monthOf(i.dueDate));
    if (!bucket || i.status === 'cancelled') continue;
    if (i.status === 'paid') {
      const side = i.paidLate ? bucket.late : bucket.onTime;
      side.count++;
      side.value = side.value.plus(D(i.paidValue));
      continue;
    }
    bucket.open = bucket.open.plus(D(i.openValue));
    if (i.status === 'overdue') bucket.overdue = bucket.overdue.plus(D(i.openValue));
  }
  const places = placesOf(installments);
  return months.map((month) => {
    const b = acc.get(month)!;
    return {
      month,
      openValue: money(b.open, places),
      overdueValue: money(b.overdue, places),
      paidOnTime: { count: b.onTime.count, value: money(b.onTime.value, places) },
      paidLate: { count: b.late.count, value: money(b.late.value, places) },
    };
  });
}

async function punctuality(clientId: string): Promise<Punctuality> {
  authorize('read', 'clientes');
  const [{ client }, { today }] = await Promise.all([Clients.visible(clientId), companyToday()]);
  const all = (await InstallmentsRepository.all(client.id)).map((r) => publicInstallment(r, today));
  return { today, months: punctualityOf(all, today), totals: financialTotals(all) };
}

export const Financial = { position, upsert, punctuality };
