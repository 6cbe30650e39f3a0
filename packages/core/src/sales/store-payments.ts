import { Decimal } from '@ev/shared/money';
import type { SaleStore, StorePix } from '@ev/shared/schemas/sales';
import { StoreTexts } from '@ev/shared/schemas/store';
import { businessDate } from '@ev/shared/calendar';
import { pixAmount } from '@ev/shared/pix/brcode';
import { Clients } from '../clients';
import { Clock, timestamp } from '../clock';
import { runAs } from '../context';
import { notFound } from '../db/records';
import { transact, type TxStep } from '../db/tx';
import { DomainError } from '../errors';
import { Reservations } from '../inventory';
import { Logs } from '../logs';
import { Tenants } from '../tenants';
import { stockLines } from './close';
import { applyMove } from './moves';
import { SalesRepository, StoreOrdersRepository as Store, type SaleRecord } from './repository';

/**
 * A store order's payment as the sale keeps it (docs/store.md "Payment"): the Pix in force, the
 * processor's confirmation (paid only when the amount equals the total; anything else to a state
 * the staff resolve), the Pix's expiry (the stock released) and a new Pix on the same order. System
 * functions: the store module proved the client, or the processor's signature and read-back.
 */

async function storeSale(saleId: string): Promise<SaleRecord & { store: SaleStore }> {
  const sale = await SalesRepository.get(saleId);
  if (!sale?.store) throw notFound();
  return sale as SaleRecord & { store: SaleStore };
}

/** The sale written again over the version read with its store part changed (`steps`: what goes with it). */
async function writeStore(before: SaleRecord, store: SaleStore, steps: TxStep[] = []): Promise<SaleRecord> {
  const after: SaleRecord = { ...before, store, updatedAt: timestamp(), version: before.version + 1 };
  await transact([...SalesRepository.replaceSteps(before, after), ...steps]);
  return after;
}

const closeOpen = (pix: StorePix, saleId: string) => Store.openPixDeleteStep(pix.expiresAt, saleId);

/** The Pix a processor issued for an order waiting its payment, in force now (the sweep finds it by its expiry). */
export async function setPix(saleId: string, charge: { processor: string; paymentId: string; pix: StorePix }): Promise<SaleRecord> {
  const before = await storeSale(saleId);
  const s = before.store;
  if (before.status !== 'pending' || s.status !== 'payment') throw new DomainError('store.payment_closed', StoreTexts.paymentOpen(), 'conflict');
  const store: SaleStore = { ...s, processor: charge.processor, paymentId: charge.paymentId, details: { ...s.details, pix: charge.pix } };
  return writeStore(before, store, [
    // The old Pix's index item goes (the same second's expiry is the same item: the put replaces it).
    ...(s.details.pix && s.details.pix.expiresAt !== charge.pix.expiresAt ? [closeOpen(s.details.pix, saleId)] : []),
    Store.openPixStep(charge.pix.expiresAt, saleId),
    Store.chargeStep(charge.processor, charge.paymentId, saleId),
  ]);
}

/** The sale a processor's charge pays (undefined: none of this company's). */
export async function saleOfCharge(processor: string, chargeId: string): Promise<string | undefined> {
  return Store.saleOfCharge(processor, chargeId);
}

/**
 * A payment the processor confirmed (read back from it, never taken from a webhook's body): the
 * sale moves to paid, with its installments, only when it waits this Pix and the amount equals its
 * total; another amount, or a payment after the Pix expired (the stock released), goes to review
 * for the staff, never to paid and never dropped. Idempotent: the same payment again changes nothing.
 */
export async function payPix(saleId: string, paid: { processor: string; paymentId: string; amount: string; at: string }): Promise<SaleRecord> {
  const before = await storeSale(saleId);
  const s = before.store;
  const { timezone } = await Tenants.company();
  const date = businessDate(timezone, Date.parse(`${paid.at}Z`) || Clock.now());
  if (s.paymentId === paid.paymentId && s.status === 'paid') {
    // Received again (or a crash after the move): the installments made whole, nothing else.
    if (before.clientId && before.number !== null) await Clients.payInstallments(before.clientId, String(before.number), date, 'Pix');
    return before;
  }
  if (s.status === 'review' && s.details.review?.paymentId === paid.paymentId) return before;
  const waits = before.status === 'pending' && s.status === 'payment' && s.paymentId === paid.paymentId;
  // The Pix charged the total at cents (`pixAmount`): the payment must be that, to the cent.
  const whole = new Decimal(paid.amount).equals(pixAmount(before.totals.total));
  const close = s.details.pix ? [closeOpen(s.details.pix, saleId)] : [];
  if (waits && whole) {
    const store: SaleStore = { ...s, status: 'paid', details: { ...s.details, paidAt: paid.at } };
    const after = await applyMove(before, 'paid', { userId: null, reason: `Pix confirmado (${paid.processor} ${paid.paymentId})` }, { store });
    await transact(close);
    if (before.clientId && before.number !== null) await Clients.payInstallments(before.clientId, String(before.number), date, 'Pix');
    Logs.audit('store.pix_paid', { saleId, paymentId: paid.paymentId });
    return after;
  }
  const reason = waits || (s.status === 'payment' && !whole) ? 'amount' : 'late';
  const store: SaleStore = { ...s, status: 'review', details: { ...s.details, review: { reason, amount: paid.amount, paymentId: paid.paymentId, at: paid.at } } };
  Logs.warn('store.pix_review', { saleId, paymentId: paid.paymentId, reason, amount: paid.amount, total: before.totals.total });
  return writeStore(before, store, close);
}

/**
 * The Pix's time run out unpaid: the order marked expired first (over the version read: a payment
 * that got there first wins), then its stock released, then its index item gone (a crash between
 * leaves the item, and the next sweep releases again: a release is idempotent).
 */
export async function expirePix(saleId: string, now = timestamp()): Promise<boolean> {
  const before = await SalesRepository.get(saleId);
  const s = before?.store;
  const pix = s?.details.pix;
  if (!before || !s || !pix) return false;
  if (s.status === 'payment') {
    if (pix.expiresAt > now) return false;
    await writeStore(before, { ...s, status: 'expired' });
    Logs.audit('store.pix_expired', { saleId });
  } else if (s.status !== 'expired') {
    await transact([closeOpen(pix, saleId)]);
    return false;
  }
  await Reservations.release(saleId);
  await transact([closeOpen(pix, saleId)]);
  return true;
}

/** The company's Pix past their time, each expired (the sweep: a minute's schedule, and `npm start`'s timer). */
export async function expireDue(now = timestamp()): Promise<number> {
  const due = await Store.openPixDue(now);
  let n = 0;
  for (const item of due) if (await expirePix(item.saleId, now).catch((e: unknown) => (Logs.warn('store.pix_expire_failed', { saleId: item.saleId, error: (e as Error).message }), false))) n++;
  return n;
}

/** Every company's Pix past their time expired: the minute's schedule on AWS (STORE_PIX_JOB), `npm start`'s timer. */
export async function expireEverywhere(): Promise<number> {
  let n = 0;
  for (const tenantId of await Tenants.ids()) n += await runAs({ tenantId }, () => expireDue());
  return n;
}

/**
 * A new Pix asked on an order whose Pix expired: its stock reserved again (all of it, or the order
 * stays expired: "faça um novo pedido"), and the order waits its payment again.
 */
export async function reopen(saleId: string): Promise<SaleRecord> {
  const before = await storeSale(saleId);
  if (before.status !== 'pending') throw new DomainError('store.payment_closed', StoreTexts.paymentOpen(), 'conflict');
  if (before.store.status === 'payment') return before;
  if (before.store.status !== 'expired') throw new DomainError('store.payment_closed', StoreTexts.paymentOpen(), 'conflict');
  const { tenant } = await Tenants.company();
  // Reserved again as the close reserved it: where the company checks stock.
  const reserved = tenant.settings.sales.checkStock ? await Reservations.reserve(saleId, stockLines(before, before.branchId!)) : { ok: true };
  if (!reserved.ok) throw new DomainError('store.pix_expired', StoreTexts.pixExpired(), 'conflict');
  return writeStore(before, { ...before.store, status: 'payment' });
}

/** Whether a processor's event was received already (its webhook sent again: nothing changes). */
export async function eventSeen(processor: string, eventId: string): Promise<boolean> {
  return Store.eventSeen(processor, eventId);
}

/** A processor's event kept, after its work (a crash before it leaves the event to be handled again: the work is idempotent). */
export async function eventDone(processor: string, eventId: string): Promise<void> {
  await transact([Store.eventStep(processor, eventId, timestamp(), Clock.seconds() + 90 * 24 * 3600)]);
}
