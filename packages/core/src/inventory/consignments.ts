import Decimal from 'decimal.js';
import { InventoryTexts, ReservationInput } from '@ev/shared/schemas/inventory';
import { timestamp } from '../clock';
import { transact, type TxStep } from '../db/tx';
import { DomainError } from '../errors';
import { Logs } from '../logs';
import { parseInput } from '../validation';
import { lineSteps, LineRejected, rejectionMessage } from './ledger';
import { ConsignmentRepository, qty, type ConsignmentMarker } from './repository';
import { asLine, check, chunks, merge, type ReservationLine, type ReserveResult } from './reservations';

/**
 * Consignments for the sales module (docs/inventory.md "Consignments"): a consigned order's lines
 * leave as lent stock (`consignment_out`, all or none, as a reservation does), and later each line
 * is settled: what the client gives back returns (`consignment_returned`), the rest is sold
 * (`consignment_sold`). A marker beside the order's reservation marker keeps how far each step got,
 * so a repeated call is a no-op and an interrupted one is finished by the next call.
 */

export interface SettlementLine {
  productId: string;
  branchId: string;
  /** What came back and what the client kept, decimal strings; returned + sold is the quantity lent. */
  returned: string;
  sold: string;
}

const ATTEMPTS = 8;

/** The marker was not where this writer expected: another call is working on the same order. */
class MarkerMoved extends Error {}

const busy = () => new DomainError('inventory.consignment_busy', InventoryTexts.consignmentBusy(), 'conflict');
const same = <T extends string[]>(a: T[], b: T[]) => a.length === b.length && a.every((l, i) => l.every((v, j) => (j < 2 ? v === b[i]![j] : new Decimal(v).equals(b[i]![j]!))));
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));


/**
 * Lends an order's lines (consignment out: −available, +lent), all or none. Any line short: nothing
 * is lent and every short line is reported, as `Reservations.reserve` does. The same order lent
 * again with the same lines answers `alreadyReserved` (already lent); with other lines it is a 409.
 */
async function lend(orderId: string, lines: ReservationLine[]): Promise<ReserveResult> {
  const input = parseInput(ReservationInput, { orderId, lines });
  const wanted = merge(input.lines);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const marker = await ConsignmentRepository.get(input.orderId);
    try {
      if (marker && marker.state !== 'failed') {
        if (marker.state === 'compensating') {
          await compensate(marker);
          continue;
        }
        if (!same(marker.lines, wanted)) throw new DomainError('inventory.consignment_changed', InventoryTexts.consignmentLentChanged(), 'conflict');
        if (marker.state !== 'lending') return { ok: true, orderId: input.orderId, lines: wanted.length, alreadyReserved: true };
        const out = await forward(marker.orderId, marker.lines, marker.done, null, marker.round);
        if (out.ok) return { ok: true, orderId: input.orderId, lines: wanted.length, alreadyReserved: false };
        return { ok: false, orderId: input.orderId, shortages: await check(asLines(marker.lines), new Set([`${out.failed[0]}|${out.failed[1]}`])) };
      }
      const shortages = await check(asLines(wanted));
      if (shortages.length) return { ok: false, orderId: input.orderId, shortages };
      const out = await forward(input.orderId, wanted, 0, marker ? marker.round : null, (marker?.round ?? 0) + 1);
      if (out.ok) {
        Logs.audit('inventory.consignment_out', { orderId: input.orderId, lines: wanted.length });
        return { ok: true, orderId: input.orderId, lines: wanted.length, alreadyReserved: false };
      }
      return { ok: false, orderId: input.orderId, shortages: await check(asLines(wanted), new Set([`${out.failed[0]}|${out.failed[1]}`])) };
    } catch (e) {
      if (!(e instanceof MarkerMoved)) throw e;
      await pause(attempt);
    }
  }
  throw busy();
}

const asLines = (lines: [string, string, string][]) => lines.map(([productId, branchId, quantity]) => ({ productId, branchId, quantity }));

/** Applies the lending chunks from `fromChunk` on; a chunk that fails its condition undoes the earlier ones. */
async function forward(orderId: string, lines: ConsignmentMarker['lines'], fromChunk: number, previousRound: number | null, round: number) {
  const parts = chunks(lines);
  const toLine = asLine(orderId, 'consignment_out');
  for (let i = fromChunk; i < parts.length; i++) {
    const at = timestamp();
    const part = parts[i]!;
    const steps: TxStep[] = part.flatMap((l, j) => lineSteps(toLine(l), j, at).steps);
    const state = i === parts.length - 1 ? 'lent' : 'lending';
    steps.push(
      i === 0
        ? ConsignmentRepository.start({ orderId, state, lines, done: 1, settlement: null, settled: 0, round, updatedAt: at }, previousRound, () => new MarkerMoved())
        : ConsignmentRepository.progress(orderId, 'done', { state: ['lending'], value: i }, { state, value: i + 1 }, at, () => new MarkerMoved()),
    );
    try {
      await transact(steps);
    } catch (e) {
      if (!(e instanceof LineRejected)) throw e;
      if (i > 0) await compensate({ orderId, state: 'lending', lines, done: i, settlement: null, settled: 0, round, updatedAt: at });
      return { ok: false as const, failed: part[e.index]! };
    }
  }
  return { ok: true as const };
}

/**
 * Takes back what an order lent when the order's close did not go through (the sales close undone,
 * docs/sales.md "Closing"): every chunk lent returns (consignment returned, reason "Compensação")
 * and a later lend of the same order starts a new round. Idempotent: an order that lent nothing, or
 * whose lending was already taken back, answers at once. A settlement begun is a 409 (the goods
 * were sold or returned by then).
 */
async function takeBack(orderId: string): Promise<void> {
  const id = parseInput(ReservationInput.shape.orderId, orderId);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const marker = await ConsignmentRepository.get(id);
    if (!marker || marker.state === 'failed') return;
    if (marker.state === 'settling' || marker.state === 'settled') throw new DomainError('inventory.consignment_changed', InventoryTexts.consignmentChanged(), 'conflict');
    try {
      await compensate(marker);
      return;
    } catch (e) {
      if (!(e instanceof MarkerMoved)) throw e;
      await pause(attempt);
    }
  }
  throw busy();
}

/** Takes back the lent chunks of a lending that could not finish, or of an order whose close was undone (consignment returned, reason "Compensação"). */
async function compensate(marker: ConsignmentMarker): Promise<void> {
  const parts = chunks(marker.lines);
  const toLine = asLine(marker.orderId, 'consignment_returned', 'Compensação: a consignação do pedido não foi concluída.');
  for (let d = marker.done; d > 0; d--) {
    const at = timestamp();
    const steps = parts[d - 1]!.flatMap((l, j) => lineSteps(toLine(l), j, at).steps);
    steps.push(ConsignmentRepository.progress(marker.orderId, 'done', { state: ['lending', 'lent', 'compensating'], value: d }, { state: d === 1 ? 'failed' : 'compensating', value: d - 1 }, at, () => new MarkerMoved()));
    await transact(steps);
  }
  Logs.warn('inventory.consignment_compensated', { orderId: marker.orderId, chunks: marker.done });
}

/**
 * Settles what an order lent: per line, the returned quantity goes back (−lent, +available) and
 * the rest is sold (−lent, −physical). Returns and sales go in separate chunks (a product's balance
 * is one action of a transaction). Only once: the same settlement again is a no-op
 * (`alreadySettled`), another one a 409; an interrupted one is finished by the next call. A balance
 * that cannot give (a count took the physical stock below what is sold) stops it with a 409 naming
 * the figure; it resumes from there once the stock is adjusted.
 */
async function settle(orderId: string, lines: SettlementLine[]): Promise<{ orderId: string; alreadySettled: boolean }> {
  const id = parseInput(ReservationInput.shape.orderId, orderId);
  const sums = new Map<string, [string, string, Decimal, Decimal]>();
  for (const l of lines) {
    const key = `${l.productId}|${l.branchId}`;
    const had = sums.get(key);
    sums.set(key, [l.productId, l.branchId, (had?.[2] ?? new Decimal(0)).plus(l.returned), (had?.[3] ?? new Decimal(0)).plus(l.sold)]);
  }
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const marker = await ConsignmentRepository.get(id);
    if (!marker || !['lent', 'settling', 'settled'].includes(marker.state)) throw new DomainError('inventory.consignment_not_lent', InventoryTexts.consignmentNotLent(), 'conflict');
    // The settlement in the order of the lent lines, each line's returned and sold adding up to what it lent.
    const settlement = marker.lines.map(([p, b, q]): [string, string, string, string] => {
      const s = sums.get(`${p}|${b}`);
      if (!s || !s[2].plus(s[3]).equals(q) || s[2].isNegative() || s[3].isNegative()) throw new DomainError('inventory.consignment_changed', InventoryTexts.consignmentChanged(), 'conflict');
      return [p, b, qty(s[2]), qty(s[3])];
    });
    if (sums.size !== marker.lines.length) throw new DomainError('inventory.consignment_changed', InventoryTexts.consignmentChanged(), 'conflict');
    if (marker.settlement && !same(marker.settlement, settlement)) throw new DomainError('inventory.consignment_changed', InventoryTexts.consignmentChanged(), 'conflict');
    if (marker.state === 'settled') return { orderId: id, alreadySettled: true };
    const returns = chunks(settlement.filter((l) => new Decimal(l[2]).gt(0)).map(([p, b, r]) => asLine(id, 'consignment_returned')([p, b, r])));
    const sales = chunks(settlement.filter((l) => new Decimal(l[3]).gt(0)).map(([p, b, , s]) => asLine(id, 'consignment_sold')([p, b, s])));
    const parts = [...returns, ...sales];
    try {
      for (let i = marker.state === 'settling' ? marker.settled : 0; i < parts.length; i++) {
        const at = timestamp();
        const part = parts[i]!;
        const steps = part.flatMap((l, j) => lineSteps(l, j, at).steps);
        const state = i === parts.length - 1 ? 'settled' : 'settling';
        steps.push(
          ConsignmentRepository.progress(id, 'settled', { state: i === 0 ? ['lent'] : ['settling'], value: i }, { state, value: i + 1, ...(i === 0 ? { settlement } : {}) }, at, () => new MarkerMoved()),
        );
        try {
          await transact(steps);
        } catch (e) {
          if (!(e instanceof LineRejected)) throw e;
          const { message } = await rejectionMessage(part[e.index]!);
          throw new DomainError('inventory.insufficient', message, 'conflict', { details: { productId: part[e.index]!.productId, branchId: part[e.index]!.branchId } });
        }
      }
      Logs.audit('inventory.consignment_settle', { orderId: id, lines: settlement.length });
      return { orderId: id, alreadySettled: false };
    } catch (e) {
      if (!(e instanceof MarkerMoved)) throw e;
      await pause(attempt);
    }
  }
  throw busy();
}

/** Where an order's consignment stands (the sales module and the tests read it). */
async function status(orderId: string): Promise<{ state: ConsignmentMarker['state'] | 'none'; lines: ReservationLine[]; settlement: SettlementLine[] | null }> {
  const id = parseInput(ReservationInput.shape.orderId, orderId);
  const marker = await ConsignmentRepository.get(id);
  if (!marker) return { state: 'none', lines: [], settlement: null };
  return {
    state: marker.state,
    lines: asLines(marker.lines),
    settlement: marker.settlement?.map(([productId, branchId, returned, sold]) => ({ productId, branchId, returned, sold })) ?? null,
  };
}

export const Consignments = { lend, takeBack, settle, status };
