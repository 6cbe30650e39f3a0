import Decimal from 'decimal.js';
import { InventoryTexts, ReservationInput } from '@ev/shared/schemas/inventory';
import { timestamp } from '../clock';
import { DomainError } from '../errors';
import { Logs } from '../logs';
import { parseInput } from '../validation';
import { lineRefusal } from './ledger';
import { forwardPass, runPass } from './passes';
import { ConsignmentRepository, qty, type ConsignmentMarker } from './repository';
import { asLine, check, chunked, chunks, merge, type ReservationLine, type ReserveResult } from './reservations';

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
        const out = await forward(marker.orderId, marker.lines, marker);
        if (out.ok) return { ok: true, orderId: input.orderId, lines: wanted.length, alreadyReserved: false };
        return { ok: false, orderId: input.orderId, shortages: await check(asLines(marker.lines), new Set([`${out.failed[0]}|${out.failed[1]}`])) };
      }
      const shortages = await check(asLines(wanted));
      if (shortages.length) return { ok: false, orderId: input.orderId, shortages };
      const out = await forward(input.orderId, wanted, marker);
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

const moved = () => new MarkerMoved();

/** The lending pass (passes.ts): a new one, or the one a `lending` marker holds, finished; a chunk that fails its condition has the chunks written taken back. */
async function forward(orderId: string, lines: ConsignmentMarker['lines'], marker: ConsignmentMarker | undefined) {
  const { result: out, resumed, pass, round } = await forwardPass<ConsignmentMarker['state']>({
    key: ConsignmentRepository.key(orderId),
    marker,
    running: 'lending',
    final: 'lent',
    chunks: chunked(orderId, lines, 'consignment_out'),
    start: (to) => ConsignmentRepository.start({ orderId, lines, settlement: null, ...to, updatedAt: timestamp() }, marker ? marker.round : null, moved),
    finish: (at) => ConsignmentRepository.move(orderId, { from: { state: ['lending'], pass: at }, to: { state: 'lent', pass: at } }, timestamp(), moved),
  });
  if (out.ok) return { ok: true as const };
  if (out.chunk > 0 || resumed) await compensate({ orderId, state: 'lending', lines, settlement: null, pass, round, updatedAt: timestamp() });
  return { ok: false as const, failed: [out.line.productId, out.line.branchId, out.line.quantity] as [string, string, string] };
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

/**
 * Takes back the lent chunks of a lending that could not finish (`lending`: only what that pass
 * wrote), or of an order whose close was undone (`lent`: every chunk), consignment returned with
 * the reason "Compensação"; `compensating`: the one under way, finished.
 */
async function compensate(marker: ConsignmentMarker): Promise<void> {
  const running = marker.state === 'compensating';
  const pass = running ? marker.pass : marker.pass + 1;
  // A lending cut off: only the chunks its pass wrote come back. One lent whole: all of them.
  const undoes = running ? marker.undoes : marker.state === 'lending' ? marker.pass : undefined;
  const parts = chunked(marker.orderId, marker.lines, 'consignment_returned', InventoryTexts.compensationConsignment());
  const out = await runPass({
    marker: ConsignmentRepository.key(marker.orderId),
    pass,
    ...(undoes !== undefined ? { undoes } : {}),
    chunks: parts,
    begin: running
      ? null
      : ConsignmentRepository.move(marker.orderId, { from: { state: [marker.state], pass: marker.pass }, to: { state: parts.length > 1 ? 'compensating' : 'failed', pass, ...(undoes !== undefined ? { undoes } : {}) } }, timestamp(), moved),
    end: () => ConsignmentRepository.move(marker.orderId, { from: { state: ['compensating'], pass }, to: { state: 'failed', pass } }, timestamp(), moved),
  });
  if (!out.ok) throw await lineRefusal(out.line);
  Logs.warn('inventory.consignment_compensated', { orderId: marker.orderId, lines: out.written });
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
    const running = marker.state === 'settling';
    const pass = running ? marker.pass : marker.pass + 1;
    try {
      const out = await runPass({
        marker: ConsignmentRepository.key(id),
        pass,
        chunks: parts,
        begin: running ? null : ConsignmentRepository.move(id, { from: { state: ['lent'], pass: marker.pass }, to: { state: parts.length > 1 ? 'settling' : 'settled', pass } }, timestamp(), moved, settlement),
        end: () => ConsignmentRepository.move(id, { from: { state: ['settling'], pass }, to: { state: 'settled', pass } }, timestamp(), moved),
      });
      // A balance that cannot give (a count took the physical stock below what is sold): the chunks written stay, the next call goes on.
      if (!out.ok) throw await lineRefusal(out.line);
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
