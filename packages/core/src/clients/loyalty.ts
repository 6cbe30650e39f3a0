import { LoyaltyOwedQuery, LoyaltyQuery, LoyaltyTexts, type LoyaltyBalance, type LoyaltyEntry, type LoyaltyLedger, type LoyaltyOwed } from '@ev/shared/schemas/loyalty';
import { expiredPoints, loyaltyCredit, nextExpiry, pointsExpireOn, pointsWorth, usablePoints, type LoyaltyRates } from '@ev/shared/sales/loyalty';
import { Decimal, placesOf, roundHalfUp } from '@ev/shared/money';
import { Clock, timestamp } from '../clock';
import { authorize, currentActor } from '../context';
import { transact, type TxStep } from '../db/tx';
import { DomainError } from '../errors';
import { newId } from '../ids';
import { Tenants } from '../tenants';
import { parseInput } from '../validation';
import { Clients, clientScope } from './index';
import { ClientsRepository, LoyaltyRepository, type LoyaltyEntryRecord, type LoyaltyMove, type LoyaltyState } from './repository';

/**
 * A client's cashback and points (issue 43, docs/loyalty.md). The balance is one item moved by ADD:
 * a credit and a use never lose one another; a use is conditioned on the balance covering it (and,
 * for points, on the expiries being taken out today), so balances never go below zero however many
 * orders of one client close at once. What depends on the whole balance (an expiry, a reversal)
 * is conditioned on the balance as read (`seq`) and read again when it lost.
 */

const ATTEMPTS = 12;

/** A write that depended on the balance as read lost its race: read again. */
export class LoyaltyMoved extends Error {}

/** The company's loyalty settings (its "further" group). */
export async function loyaltyRates(): Promise<LoyaltyRates> {
  const { tenant } = await Tenants.company();
  const f = tenant.settings.further;
  return { cashback: f.cashback, points: f.points, cashbackPercent: f.cashbackPercent, pointsPerReal: f.pointsPerReal, pointValue: f.pointValue, pointsExpiryDays: f.pointsExpiryDays };
}

async function today(): Promise<string> {
  return Clock.today((await Tenants.company()).timezone);
}

const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 10 * Math.min(attempt, 5)));

function entry(clientId: string, kind: LoyaltyEntryRecord['kind'], cashback: Decimal, points: number, sale: { id: string; number: number | null } | null, expiresOn: string | null = null): LoyaltyEntryRecord {
  return LoyaltyRepository.entry(clientId, {
    id: newId(),
    at: timestamp(),
    kind,
    cashback: cashback.toFixed(),
    points,
    saleId: sale?.id ?? null,
    saleNumber: sale?.number ?? null,
    expiresOn,
    userId: currentActor().userId ?? null,
  });
}

/**
 * The balance with the points expired by `on` taken out (an expiry entry, the lots gone removed),
 * written over the balance read; answers the balance as it stands. Nothing is written for a client
 * without a balance, nor twice a day.
 */
async function settle(clientId: string, on: string): Promise<LoyaltyState> {
  for (let attempt = 1; ; attempt++) {
    const state = await LoyaltyRepository.balance(clientId);
    if (state.seq === 0 || state.settledOn === on) return state;
    const expired = expiredPoints(state.points, state.lots, on);
    const gone = Object.keys(state.lots).filter((d) => d <= on);
    const move: LoyaltyMove = { cashback: new Decimal(0), points: -expired, removeLots: gone, settledOn: on, when: { seq: state.seq } };
    try {
      await transact(LoyaltyRepository.steps(clientId, move, expired > 0 ? [entry(clientId, 'expiry', new Decimal(0), -expired, null)] : [], () => new LoyaltyMoved()));
      const lots = Object.fromEntries(Object.entries(state.lots).filter(([d]) => d > on));
      return { ...state, points: state.points - expired, seq: state.seq + 1, settledOn: on, lots };
    } catch (e) {
      if (!(e instanceof LoyaltyMoved) || attempt >= ATTEMPTS) throw e instanceof LoyaltyMoved ? busy() : e;
      await pause(attempt);
    }
  }
}

const busy = () => new DomainError('conflict.busy', LoyaltyTexts.busy(), 'conflict');

function publicBalance(state: LoyaltyState, rates: LoyaltyRates, on: string, decimals: number): LoyaltyBalance {
  const points = usablePoints(state.points, state.lots, on);
  return {
    enabled: { cashback: rates.cashback, points: rates.points },
    cashback: new Decimal(state.cashback).toFixed(decimals),
    points,
    pointValue: rates.pointValue,
    pointsValue: pointsWorth(points, rates.pointValue, decimals),
    nextExpiry: nextExpiry(state.points, state.lots, on),
  };
}

function publicEntry(r: LoyaltyEntryRecord): LoyaltyEntry {
  return { id: r.id, at: r.at, kind: r.kind, cashback: r.cashback, points: r.points, saleId: r.saleId, saleNumber: r.saleNumber, expiresOn: r.expiresOn, userId: r.userId };
}

/** GET /clients/{id}/loyalty: the client's balance today (its expired points taken out) and its ledger, newest first, a page at a time. */
async function ledger(clientId: string, raw: unknown = {}): Promise<LoyaltyLedger> {
  authorize('read', 'clientes');
  const q = parseInput(LoyaltyQuery, raw);
  const { client } = await Clients.visible(clientId);
  const [on, rates, { decimals }] = await Promise.all([today(), loyaltyRates(), Tenants.company()]);
  const state = await settle(client.id, on);
  const page = await LoyaltyRepository.page(client.id, { cursor: q.cursor, limit: q.limit, query: `loyalty|${client.id}` });
  return { balance: publicBalance(state, rates, on, decimals), entries: page.items.map(publicEntry), nextCursor: page.nextCursor };
}

/**
 * GET /clients/loyalty-balances: what the company owes its clients, in all (cashback, and points as
 * of each client's last movement) and client by client (points expired by today taken out), for
 * who sees every client of the company.
 */
async function owed(raw: unknown = {}): Promise<LoyaltyOwed> {
  authorize('read', 'clientes');
  const q = parseInput(LoyaltyOwedQuery, raw);
  const scope = await clientScope();
  if (scope.kind !== 'all') throw new DomainError('clients.loyalty_owed_forbidden', LoyaltyTexts.owedForbidden(), 'forbidden');
  const [on, rates, { decimals }, total, page] = await Promise.all([
    today(),
    loyaltyRates(),
    Tenants.company(),
    LoyaltyRepository.total(),
    LoyaltyRepository.owedPage({ cursor: q.cursor, limit: q.limit, query: 'loyalty-owed' }),
  ]);
  const names = new Map((await ClientsRepository.getMany(page.items.map((i) => i.clientId))).map((c) => [c.id, c.name]));
  const items = page.items.map(({ clientId, state }) => {
    const points = usablePoints(state.points, state.lots, on);
    return { clientId, clientName: names.get(clientId) ?? '', cashback: new Decimal(state.cashback).toFixed(decimals), points, pointsValue: pointsWorth(points, rates.pointValue, decimals) };
  });
  const pointsValue = pointsWorth(total.points, rates.pointValue, decimals);
  return {
    enabled: { cashback: rates.cashback, points: rates.points },
    cashback: new Decimal(total.cashback).toFixed(decimals),
    points: total.points,
    pointValue: rates.pointValue,
    pointsValue,
    total: new Decimal(total.cashback).plus(pointsValue).toFixed(decimals),
    items,
    nextCursor: page.nextCursor,
  };
}

/** For sales (system: the caller has checked the client): what the client may use today. */
async function available(clientId: string): Promise<{ cashback: string; points: number; on: string }> {
  const on = await today();
  const state = await LoyaltyRepository.balance(clientId);
  return { cashback: state.cashback, points: usablePoints(state.points, state.lots, on), on };
}

/** What a sale records of loyalty (its `loyalty`): the use priced, the credit, the reversal, the return. */
export interface SaleLoyaltyFacts {
  use: { cashback: Decimal; points: number };
  credit: { cashback: string; points: number; expiresOn: string | null } | null;
  reversed: { cashback: string; points: number } | null;
  returned: boolean;
}

/**
 * For the close (system): the steps that take an order's use off the client's balance, in the
 * close's own transaction, on the condition that the balance covers it (points: after today's
 * expiries, taken out first). `fail`: the close's refusal when it no longer does.
 */
async function useSteps(clientId: string, use: { cashback: Decimal; points: number }, sale: { id: string; number: number | null }, fail: () => Error): Promise<TxStep[]> {
  if (use.cashback.lte(0) && use.points <= 0) return [];
  const on = await today();
  if (use.points > 0) await settle(clientId, on);
  const move: LoyaltyMove = {
    cashback: use.cashback.negated(),
    points: -use.points,
    when: { cashbackAtLeast: use.cashback, pointsAtLeast: use.points, ...(use.points > 0 ? { settledOn: on } : {}) },
  };
  return LoyaltyRepository.steps(clientId, move, [entry(clientId, 'use', use.cashback.negated(), -use.points, sale)], fail);
}

/**
 * For a sale's move (system): what reaching `to` does to the client's loyalty, as steps of the
 * move's transaction and the sale's facts after it. Paid: the credit (once per sale; the company's
 * rates now; points expiring the company's days from today). Cancelled or refunded: what is left of
 * the credit taken back (never below zero), and the use given back (points as a new lot). Throws
 * `LoyaltyMoved` when the balance moved since read (the caller reads again and retries).
 */
async function moveSteps(
  clientId: string,
  sale: { id: string; number: number | null; total: string; decimals: number },
  facts: SaleLoyaltyFacts,
  to: 'paid' | 'cancelled' | 'refunded',
): Promise<{ steps: TxStep[]; facts: SaleLoyaltyFacts; pointValue: string }> {
  const on = await today();
  const rates = await loyaltyRates();
  const places = placesOf(sale.decimals);
  if (to === 'paid') {
    if (facts.credit) return { steps: [], facts, pointValue: rates.pointValue };
    const credit = loyaltyCredit(sale.total, rates, sale.decimals);
    const cashback = new Decimal(credit.cashback);
    if (cashback.isZero() && credit.points === 0) return { steps: [], facts, pointValue: rates.pointValue };
    const expiresOn = credit.points > 0 ? pointsExpireOn(on, rates) : null;
    const move: LoyaltyMove = { cashback, points: credit.points, lots: expiresOn ? [[expiresOn, credit.points]] : [] };
    return {
      steps: LoyaltyRepository.steps(clientId, move, [entry(clientId, 'credit', cashback, credit.points, sale, expiresOn)], () => new LoyaltyMoved()),
      facts: { ...facts, credit: { cashback: credit.cashback, points: credit.points, expiresOn } },
      pointValue: rates.pointValue,
    };
  }
  const reverse = facts.credit && !facts.reversed ? facts.credit : null;
  const giveBack = !facts.returned && (facts.use.cashback.gt(0) || facts.use.points > 0);
  if (!reverse && !giveBack) return { steps: [], facts, pointValue: rates.pointValue };
  // What is left of the credit: the balance as it stands today (the points expired by today are gone already).
  const state = reverse ? await settle(clientId, on) : await LoyaltyRepository.balance(clientId);
  const move: LoyaltyMove = { cashback: new Decimal(0), points: 0, lots: [], when: reverse ? { seq: state.seq } : undefined };
  const entries: LoyaltyEntryRecord[] = [];
  let reversed: SaleLoyaltyFacts['reversed'] = facts.reversed;
  if (reverse) {
    const cashback = Decimal.min(new Decimal(reverse.cashback), Decimal.max(new Decimal(state.cashback), 0));
    const points = Math.min(reverse.points, Math.max(state.points, 0));
    move.cashback = move.cashback.minus(cashback);
    move.points -= points;
    // The sale's lot goes whole (its points were never earned), where it has not expired yet.
    if (reverse.expiresOn && reverse.expiresOn > on && (state.lots[reverse.expiresOn] ?? 0) > 0) move.lots!.push([reverse.expiresOn, -Math.min(reverse.points, state.lots[reverse.expiresOn]!)]);
    entries.push(entry(clientId, 'reversal', cashback.negated(), -points, sale));
    reversed = { cashback: roundHalfUp(cashback, places).toFixed(places), points };
  }
  if (giveBack) {
    move.cashback = move.cashback.plus(facts.use.cashback);
    move.points += facts.use.points;
    const expiresOn = facts.use.points > 0 ? pointsExpireOn(on, rates) : null;
    if (expiresOn) {
      const same = move.lots!.find(([d]) => d === expiresOn);
      if (same) same[1] += facts.use.points;
      else move.lots!.push([expiresOn, facts.use.points]);
    }
    entries.push(entry(clientId, 'return', facts.use.cashback, facts.use.points, sale, expiresOn));
  }
  return { steps: LoyaltyRepository.steps(clientId, move, entries, () => new LoyaltyMoved()), facts: { ...facts, reversed, returned: facts.returned || giveBack }, pointValue: rates.pointValue };
}

export const Loyalty = { ledger, owed, available, useSteps, moveSteps };
