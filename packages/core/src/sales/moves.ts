import { effectsOf, moveRefusal, type Mover } from '@ev/shared/sales/status';
import { SaleMove, SaleSaid, SaleTexts, type Sale, type SaleHistoryEntry, type SaleStatus } from '@ev/shared/schemas/sales';
import { Clients } from '../clients';
import { timestamp } from '../clock';
import { authorize, currentUserActor } from '../context';
import { versionConflict } from '../db/records';
import { busyConflict, transact } from '../db/tx';
import { DomainError } from '../errors';
import { Reservations } from '../inventory';
import { Decimal } from '@ev/shared/money';
import { Logs } from '../logs';
import { Tenants } from '../tenants';
import { Users } from '../users';
import { parseInput } from '../validation';
import { isOpenConsignment, settleConsignment } from './consignment';
import { Loyalty, LoyaltyMoved } from '../clients/loyalty';
import { saleLoyaltyFacts } from './loyalty';
import { SaleScopes, SalesRepository, type SaleRecord } from './repository';
import { answer, isFinancialReleaseAuthorizer, visible } from './access';

/** The current user as a mover of sales: its abilities and whether it authorizes financial releases (its flag or its profile's). */
export async function currentMover(): Promise<Mover> {
  const actor = currentUserActor();
  const user = await Users.record(actor.userId);
  const profile = user ? await Tenants.profile(user.profileId) : undefined;
  return { can: (action, subject) => actor.ability.can(action, subject), authorizer: !!user && isFinancialReleaseAuthorizer(user, profile) };
}

/**
 * POST /sales/{id}/status: a move the status machine allows (docs/sales.md "Statuses"), by who may
 * make it ("Who moves a sale": the move's ability on `vendas`; to paid, an authorizer of financial
 * release), on a sale in the user's scope. Cancelling releases the stock and cancels the open
 * installments; delivering turns the reservation into a delivery.
 */
export async function move(id: string, raw: unknown): Promise<Sale> {
  authorize('read', 'vendas');
  const input = parseInput(SaleMove, raw);
  const before = await visible(id);
  if (before.version !== input.version) throw versionConflict();
  const actor = currentUserActor();
  const refusal = moveRefusal(before.status, input.to, await currentMover());
  if (refusal === 'machine') throw new DomainError('sales.move', SaleSaid.move(before.status, input.to), 'conflict');
  if (refusal === 'authorizer') throw new DomainError('forbidden', SaleTexts.authorizerOnly(), 'forbidden');
  if (refusal === 'ability') throw new DomainError('forbidden', SaleSaid.moveForbidden(before.status, input.to), 'forbidden');
  return answer(await applyMove(before, input.to, { userId: actor.userId, reason: input.reason }));
}

/** Who made a move, as its history entry keeps it: a user (null: the system, as the delivery link) and what else the entry carries. */
export type MoveEntry = Pick<SaleHistoryEntry, 'userId' | 'reason' | 'confirmation'>;

/**
 * A move the caller has allowed (the status machine and who may make it are checked before), with
 * its effects (docs/sales.md "Statuses": a cancel releases the stock and cancels the open
 * installments, a delivery turns the reservation into a delivery), written over the version read:
 * a sale changed meanwhile fails the write with 409 and nothing of the sale is written (the stock's
 * effects are idempotent: the move made again does them once). The user's move and the delivery
 * link's (`delivery.ts`) both come through here.
 */
export async function applyMove(before: SaleRecord, to: SaleStatus, entry: MoveEntry, changes: Partial<Pick<SaleRecord, 'store'>> = {}): Promise<SaleRecord> {
  const id = before.id;
  const effects = effectsOf(before.status, to);
  // Goods still lent come back through the settlement (all returned), not by a cancel.
  if (effects.release && isOpenConsignment(before)) throw new DomainError('sales.consignment_open', SaleTexts.consignmentOpen(), 'conflict');
  // What the sale itself reserved at closing, whatever the company's "check stock" says now: a
  // release of nothing releases nothing; a sale closed without a reservation delivers none.
  if (effects.release) await Reservations.release(before.id);
  if (effects.deliver && (await Reservations.status(before.id)).state !== 'none') await Reservations.deliver(before.id);
  if (effects.cancelInstallments && before.clientId && before.number !== null) await Clients.cancelInstallments(before.clientId, String(before.number));
  const now = timestamp();
  let after: SaleRecord = {
    ...before,
    ...changes,
    status: to,
    history: [...before.history, { at: now, userId: entry.userId, userName: null, from: before.status, to, reason: entry.reason, ...(entry.confirmation ? { confirmation: entry.confirmation } : {}) }],
    updatedAt: now,
    version: before.version + 1,
  };
  // The client's cashback and points (docs/loyalty.md): credited at paid, taken back (what is left)
  // and the use given back at a cancel or a refund, in the move's own transaction; a balance that
  // moved since it was read is read again.
  const loyaltyTo = to === 'paid' || to === 'cancelled' || to === 'refunded' ? to : null;
  for (let attempt = 1; ; attempt++) {
    const loyalty = loyaltyTo && before.clientId && before.number !== null ? await Loyalty.moveSteps(before.clientId, { id: before.id, number: before.number, total: before.totals.total, decimals: before.decimals }, saleLoyaltyFacts(before), loyaltyTo) : null;
    if (loyalty?.steps.length) {
      const { credit, reversed, returned } = loyalty.facts;
      after = { ...after, loyalty: { pointValue: before.loyalty?.pointValue ?? loyalty.pointValue, discount: before.loyalty?.discount ?? new Decimal(0).toFixed(before.decimals), credit, reversed, returned } };
    }
    try {
      await transact([...SalesRepository.replaceSteps(before, after), ...(loyalty?.steps ?? [])]);
      break;
    } catch (e) {
      if (!(e instanceof LoyaltyMoved) || attempt >= 8) throw e instanceof LoyaltyMoved ? busyConflict() : e;
    }
  }
  await SalesRepository.applyProducts(before, after);
  Logs.audit('sales.move', { saleId: id, from: before.status, to, ...(entry.confirmation ? { via: entry.confirmation.via } : {}) });
  // As the close records the purchase (after the sale is written, a failure only logged), a cancel
  // gives the client back its last purchase among the sales that still count.
  if (to === 'cancelled' && before.clientId) {
    const clientId = before.clientId;
    await lastPurchaseWithout(clientId, before.id)
      .then((last) => Clients.recordPurchaseUndone(clientId, before.orderDate, last))
      .catch((e: unknown) => Logs.warn('sales.last_purchase_failed', { saleId: id, error: (e as Error).message }));
  }
  return after;
}

/**
 * The client's newest purchase other than `saleId`: the order date of its newest sale neither a
 * draft nor cancelled (null: none), read newest first from the client's partition of the list.
 */
async function lastPurchaseWithout(clientId: string, saleId: string): Promise<string | null> {
  const counts = (d: Record<string, unknown>) => d.id !== saleId && d.status !== 'typing' && d.status !== 'cancelled';
  let cursor: string | undefined;
  do {
    const page = await SalesRepository.list([SaleScopes.client(SaleScopes.all, clientId)], { limit: 1, cursor, query: `sales-last-purchase|${clientId}` }, { match: counts, readFactor: 50 });
    const newest = page.items[0];
    if (newest) return newest.orderDate;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return null;
}

/**
 * POST /sales/{id}/consignment: a consigned sale's settlement (docs/sales.md "Consigned sales"), by
 * who may update `vendas`, in the user's scope: per line the quantity returned, the rest sold.
 */
export async function settle(id: string, raw: unknown): Promise<Sale> {
  authorize('update', 'vendas');
  return answer(await settleConsignment(await visible(id), raw));
}
