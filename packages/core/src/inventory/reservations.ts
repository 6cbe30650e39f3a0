import type { Said } from '@ev/shared/texts';
import Decimal from 'decimal.js';
import { InventoryTexts, ReservationInput, type MovementKind, type Shortage } from '@ev/shared/schemas/inventory';
import { timestamp } from '../clock';
import type { TxStep } from '../db/tx';
import { DomainError } from '../errors';
import { Logs } from '../logs';
import { parseInput } from '../validation';
import { LINES_PER_TX, lineRefusal, lineSteps, type MovementLine } from './ledger';
import { forwardPass, runPass } from './passes';
import { InventoryRepository, qty, type OrderMarker } from './repository';


/**
 * Reservations for the sales module (docs/inventory.md). An order's lines are reserved all or
 * nothing: each line is a conditional balance update (`available >= quantity`) plus its movement,
 * 2 actions. The lines go in chunks of LINES_PER_CHUNK, written by a pass (passes.ts): the first
 * chunk with the order marker's move, the others at once, so a long order takes three round trips
 * one after another, not one per chunk. When a chunk fails its condition, the chunks written are
 * released again (a compensation pass), so a failure leaves nothing reserved. The marker also makes
 * a repeated reserve of the same order a no-op, and lets an interrupted reserve, release or
 * delivery be finished by the next call.
 */

export interface ReservationLine {
  productId: string;
  branchId: string;
  quantity: string;
}

export type ReserveResult =
  | { ok: true; orderId: string; lines: number; alreadyReserved: boolean }
  | { ok: false; orderId: string; shortages: Shortage[] };

export interface ReleaseResult {
  orderId: string;
  /** What the order's reservation is now: `none` when the order never reserved anything. */
  state: OrderMarker['state'] | 'none';
  /** Lines whose reservation this call released (0 when there was nothing left to release). */
  released: number;
}

/** One transaction: LINES_PER_CHUNK lines × 2 actions + the marker's (or the part's) action, within the 100. */
export const LINES_PER_CHUNK = LINES_PER_TX - 1;
const ATTEMPTS = 8;

/** The marker was not where this writer expected: another call is working on the same order. */
class MarkerMoved extends Error {}

const busy = () => new DomainError('inventory.reservation_busy', InventoryTexts.reservationBusy(), 'conflict');

/** Lines of the same product and branch are one line (one balance item per transaction). */
export function merge(lines: ReservationLine[]): [string, string, string][] {
  const sums = new Map<string, [string, string, Decimal]>();
  for (const l of lines) {
    const key = `${l.productId}|${l.branchId}`;
    const had = sums.get(key);
    sums.set(key, [l.productId, l.branchId, (had?.[2] ?? new Decimal(0)).plus(l.quantity)]);
  }
  return [...sums.values()].map(([p, b, q]) => [p, b, qty(q)]);
}

const sameLines = (a: OrderMarker['lines'], b: OrderMarker['lines']) =>
  a.length === b.length && a.every((l, i) => l[0] === b[i]![0] && l[1] === b[i]![1] && new Decimal(l[2]).equals(b[i]![2]));

export function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += LINES_PER_CHUNK) out.push(list.slice(i, i + LINES_PER_CHUNK));
  return out;
}

/** A merged line as the ledger's movement of `kind` for the order (reservations, consignments). */
export const asLine = (orderId: string, kind: MovementKind, reason: Said | null = null) => ([productId, branchId, quantity]: [string, string, string]): MovementLine => ({
  productId,
  branchId,
  kind,
  quantity,
  orderId,
  reason: reason?.message ?? null,
  reasonKey: reason?.key ?? null,
});

/**
 * Per-line shortages of `lines` against the stored balances (spec section 5): a line whose
 * available stock is below the quantity; `insufficient` when nothing is available (blocks the
 * order), `lower` when some is (warns). Lines that can be served are not listed.
 */
export async function check(lines: ReservationLine[], always: Set<string> = new Set()): Promise<Shortage[]> {
  const merged = merge(lines);
  const balances = await InventoryRepository.balances(merged.map(([productId, branchId]) => ({ productId, branchId })));
  const byKey = new Map(balances.map((b) => [`${b.productId}|${b.branchId}`, b]));
  const out: Shortage[] = [];
  for (const [productId, branchId, quantity] of merged) {
    const key = `${productId}|${branchId}`;
    const available = byKey.get(key)?.available ?? new Decimal(0);
    if (available.greaterThanOrEqualTo(quantity) && !always.has(key)) continue;
    const insufficient = available.lessThanOrEqualTo(0);
    out.push({
      productId,
      branchId,
      requested: quantity,
      available: qty(available),
      level: insufficient ? 'insufficient' : 'lower',
      message: (insufficient ? InventoryTexts.stockInsufficient({ requested: quantity }) : InventoryTexts.stockLower({ available: qty(available), requested: quantity })).message,
    });
  }
  return out;
}

/**
 * Reserves an order's lines, all or none. Any line short: nothing is reserved and every short line
 * is reported. Reserving an order already reserved with the same lines answers `alreadyReserved`;
 * with other lines it is a 409 (release first). `writeFirst`: the reserve writes without reading the
 * balances first, because the caller has just read them (`check`, a close whose cut was accepted) or
 * would rather a refusal cost a compensation than every reserve cost a read of its balances (the
 * sales close, docs/sales.md "The close written first"). Its answer is the same either way: each
 * balance's update holds on the condition that the stock is available, and a line that fails it is
 * taken back (compensation: an order of one chunk writes nothing) and reported with every line
 * short at that time.
 */
async function reserve(orderId: string, lines: ReservationLine[], options: { writeFirst?: boolean; ahead?: Promise<ReservationAhead | null> } = {}): Promise<ReserveResult> {
  const input = parseInput(ReservationInput, { orderId, lines });
  const wanted = merge(input.lines);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const ahead = attempt === 1 && options.ahead ? await options.ahead : null;
    // A marker read ahead stands only where the reserve writes over it under a condition (none yet, or
    // released or failed in the round read): a stale one fails that condition and is read again.
    const marker =
      ahead?.orderId === input.orderId && (!ahead.marker || ahead.marker.state === 'released' || ahead.marker.state === 'failed')
        ? ahead.marker
        : await InventoryRepository.order(input.orderId);
    try {
      if (marker) {
        switch (marker.state) {
          case 'reserved':
            if (!sameLines(marker.lines, wanted)) throw new DomainError('inventory.reservation_changed', InventoryTexts.reservationChanged(), 'conflict');
            return { ok: true, orderId: input.orderId, lines: wanted.length, alreadyReserved: true };
          case 'reserving': {
            // A reserve interrupted half-way (a crash between chunks): finish it.
            if (!sameLines(marker.lines, wanted)) throw new DomainError('inventory.reservation_changed', InventoryTexts.reservationChanged(), 'conflict');
            const out = await forward(marker.orderId, marker.lines, marker);
            if (out.ok) return { ok: true, orderId: input.orderId, lines: wanted.length, alreadyReserved: false };
            return { ok: false, orderId: input.orderId, shortages: await shortagesAfter(marker.lines, out.failed) };
          }
          case 'compensating':
            await compensate(marker);
            continue;
          case 'releasing':
            await unwind(marker, 'release');
            continue;
          case 'delivering':
          case 'delivered':
            throw new DomainError('inventory.reservation_delivered', InventoryTexts.reservationDelivered(), 'conflict');
          case 'released':
          case 'failed':
            break;
        }
      }
      if (!options.writeFirst || attempt > 1) {
        const shortages = await check(wanted.map(([productId, branchId, quantity]) => ({ productId, branchId, quantity })));
        if (shortages.length) return { ok: false, orderId: input.orderId, shortages };
      }
      const out = await forward(input.orderId, wanted, marker);
      if (out.ok) {
        Logs.audit('inventory.reserve', { orderId: input.orderId, lines: wanted.length });
        return { ok: true, orderId: input.orderId, lines: wanted.length, alreadyReserved: false };
      }
      return { ok: false, orderId: input.orderId, shortages: await shortagesAfter(wanted, out.failed) };
    } catch (e) {
      if (!(e instanceof MarkerMoved)) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
  throw busy();
}

/** An order's reservation marker as read ahead of its `reserve` (`readAhead`). */
export interface ReservationAhead {
  orderId: string;
  marker: OrderMarker | undefined;
}

/**
 * The order's reservation read now, at the same time as other work of the caller (the sales close
 * reads it with its mark), for its `reserve` (`ahead`) to write without reading it again. A failed
 * read is no read (null): the reserve reads.
 */
function readAhead(orderId: string): Promise<ReservationAhead | null> {
  return InventoryRepository.order(orderId).then(
    (marker) => ({ orderId, marker }),
    () => null,
  );
}

/** After a failed chunk was compensated: every line short now, and the one that failed in any case. */
async function shortagesAfter(lines: OrderMarker['lines'], failed: [string, string, string]): Promise<Shortage[]> {
  return check(
    lines.map(([productId, branchId, quantity]) => ({ productId, branchId, quantity })),
    new Set([`${failed[0]}|${failed[1]}`]),
  );
}

/** An order's merged lines as the chunks of a pass writing movements of `kind`. */
export const chunked = (orderId: string, lines: [string, string, string][], kind: MovementKind, reason: Said | null = null) => chunks(lines).map((part) => part.map(asLine(orderId, kind, reason)));

const moved = () => new MarkerMoved();

/**
 * The reservation pass: a new one (the marker created, or a new round over a released or failed
 * one, `marker` as read), or the one a `reserving` marker holds, finished. A chunk whose line fails
 * its condition (the stock went to another order since the check) is not written, and the chunks
 * written are released (compensation) before this returns.
 */
async function forward(orderId: string, lines: OrderMarker['lines'], marker: OrderMarker | undefined): Promise<{ ok: true } | { ok: false; failed: [string, string, string] }> {
  const parts = chunked(orderId, lines, 'reserved');
  const { result: out, resumed, pass, round } = await forwardPass<OrderMarker['state']>({
    key: InventoryRepository.orderKey(orderId),
    marker,
    running: 'reserving',
    final: 'reserved',
    chunks: parts,
    start: (to) => InventoryRepository.orderStart({ orderId, lines, ...to, updatedAt: timestamp() }, marker ? marker.round : null, moved),
    finish: (at) => InventoryRepository.orderMove(orderId, { from: { state: ['reserving'], pass: at }, to: { state: 'reserved', pass: at } }, timestamp(), moved),
  });
  if (out.ok) return { ok: true };
  const failed: [string, string, string] = [out.line.productId, out.line.branchId, out.line.quantity];
  if (out.chunk > 0 || resumed) {
    await compensate({ orderId, state: 'reserving', lines, pass, round, updatedAt: timestamp() });
    Logs.warn('inventory.reserve.compensated', { orderId, chunks: parts.length, failedChunk: out.chunk });
  }
  return { ok: false, failed };
}


/** Takes back what a reserving pass wrote (the marker `reserving`: a new compensation; `compensating`: the one under way, finished). */
async function compensate(marker: OrderMarker): Promise<number> {
  const running = marker.state === 'compensating';
  const undoes = running ? (marker.undoes ?? marker.pass - 1) : marker.pass;
  const pass = running ? marker.pass : marker.pass + 1;
  const parts = chunked(marker.orderId, marker.lines, 'reservation_released', InventoryTexts.compensationReservation());
  const out = await runPass({
    marker: InventoryRepository.orderKey(marker.orderId),
    pass,
    undoes,
    chunks: parts,
    begin: running
      ? null
      : InventoryRepository.orderMove(marker.orderId, { from: { state: ['reserving'], pass: undoes }, to: { state: parts.length > 1 ? 'compensating' : 'failed', pass, undoes } }, timestamp(), moved),
    end: () => InventoryRepository.orderMove(marker.orderId, { from: { state: ['compensating'], pass }, to: { state: 'failed', pass } }, timestamp(), moved),
  });
  if (!out.ok) throw await lineRefusal(out.line);
  return out.written;
}

const UNWIND = {
  release: { kind: 'reservation_released', running: 'releasing', final: 'released' },
  deliver: { kind: 'delivered', running: 'delivering', final: 'delivered' },
} as const satisfies Record<string, { kind: MovementKind; running: OrderMarker['state']; final: OrderMarker['state'] }>;

/**
 * The release or delivery of an order reserved whole (a new pass over `reserved`), or the one its
 * marker holds (`releasing`, `delivering`), finished. Returns the lines this call wrote.
 */
async function unwind(marker: OrderMarker, how: keyof typeof UNWIND): Promise<number> {
  const u = UNWIND[how];
  const running = marker.state === u.running;
  const pass = running ? marker.pass : marker.pass + 1;
  const parts = chunked(marker.orderId, marker.lines, u.kind);
  const out = await runPass({
    marker: InventoryRepository.orderKey(marker.orderId),
    pass,
    chunks: parts,
    begin: running
      ? null
      : InventoryRepository.orderMove(marker.orderId, { from: { state: ['reserved'], pass: marker.pass }, to: { state: parts.length > 1 ? u.running : u.final, pass } }, timestamp(), moved),
    end: () => InventoryRepository.orderMove(marker.orderId, { from: { state: [u.running], pass }, to: { state: u.final, pass } }, timestamp(), moved),
  });
  // Only a delivery can meet a balance that cannot give (physical stock adjusted below the reservation).
  if (!out.ok) throw await lineRefusal(out.line);
  return out.written;
}

/** Releases what the order has reserved (idempotent: an order with nothing reserved answers 0). */
async function release(orderId: string): Promise<ReleaseResult> {
  const id = parseInput(ReservationInput.shape.orderId, orderId);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const marker = await InventoryRepository.order(id);
    if (!marker) return { orderId: id, state: 'none', released: 0 };
    try {
      switch (marker.state) {
        case 'released':
        case 'failed':
          return { orderId: id, state: marker.state, released: 0 };
        case 'delivering':
        case 'delivered':
          throw new DomainError('inventory.reservation_delivered', InventoryTexts.reservationDelivered(), 'conflict');
        case 'reserving':
        case 'compensating': {
          const released = await compensate(marker);
          return { orderId: id, state: 'failed', released };
        }
        case 'reserved':
        case 'releasing': {
          const released = await unwind(marker, 'release');
          Logs.audit('inventory.release', { orderId: id, lines: marker.lines.length });
          return { orderId: id, state: 'released', released };
        }
      }
    } catch (e) {
      if (!(e instanceof MarkerMoved)) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
  throw busy();
}

/**
 * The order's reserved lines leave the stock (delivered: −reserved, −physical). Idempotent; an
 * order with nothing reserved is a 409.
 */
async function deliver(orderId: string): Promise<ReleaseResult> {
  const id = parseInput(ReservationInput.shape.orderId, orderId);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const marker = await InventoryRepository.order(id);
    if (marker?.state === 'delivered') return { orderId: id, state: 'delivered', released: 0 };
    if (!marker || (marker.state !== 'reserved' && marker.state !== 'delivering')) {
      throw new DomainError('inventory.not_reserved', InventoryTexts.reservationNotReserved(), 'conflict');
    }
    try {
      const released = await unwind(marker, 'deliver');
      Logs.audit('inventory.deliver', { orderId: id, lines: marker.lines.length });
      return { orderId: id, state: 'delivered', released };
    } catch (e) {
      if (!(e instanceof MarkerMoved)) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
  throw busy();
}

/** Where an order's reservation stands (the sales module shows it; tests assert it). */
async function status(orderId: string): Promise<{ state: OrderMarker['state'] | 'none'; lines: ReservationLine[] }> {
  const id = parseInput(ReservationInput.shape.orderId, orderId);
  const marker = await InventoryRepository.order(id);
  if (!marker) return { state: 'none', lines: [] };
  return { state: marker.state, lines: marker.lines.map(([productId, branchId, quantity]) => ({ productId, branchId, quantity })) };
}

/** A change of reservation (`changeSteps`) met a balance or a marker other than the one it read: read again. */
export class ReservationChangeRejected extends Error {
  constructor() {
    super('the reservation changed meanwhile');
  }
}

export type ChangeResult =
  /** The order reserved nothing (a sale closed where the company did not check stock): nothing to move. */
  | { state: 'none' }
  /** The steps for the caller's transaction (none when no quantity changes). */
  | { state: 'ok'; steps: TxStep[] }
  /** What is added is not available: per product, what the order could hold (its own reservation plus what is available). */
  | { state: 'short'; shortages: Shortage[] };

/**
 * The steps that bring an order's reservation to `lines` (docs/inventory.md "Changing a
 * reservation": an edit of a pending sale), for the caller's own transaction, so the stock moves
 * with the order or not at all: per product whose quantity changes, its balance (more reserved on
 * the condition that it is available, or less reserved) and its movement (`reserved` or
 * `reservation_released` of the difference), and the marker moved to the new lines on the condition
 * that it is the one read. A condition that fails in the transaction is `ReservationChangeRejected`:
 * the caller reads again. Only a reservation standing whole (`reserved`) changes; one being made,
 * released or delivered is a 409.
 */
async function changeSteps(orderId: string, lines: ReservationLine[]): Promise<ChangeResult> {
  const input = parseInput(ReservationInput, { orderId, lines });
  const marker = await InventoryRepository.order(input.orderId);
  if (!marker || marker.state === 'released' || marker.state === 'failed') return { state: 'none' };
  if (marker.state !== 'reserved') throw busy();
  const wanted = merge(input.lines);
  const held = new Map(marker.lines.map(([p, b, q]) => [`${p}|${b}`, new Decimal(q)]));
  const changes: [string, string, Decimal][] = [];
  for (const [productId, branchId, quantity] of wanted) {
    const key = `${productId}|${branchId}`;
    const diff = new Decimal(quantity).minus(held.get(key) ?? 0);
    held.delete(key);
    if (!diff.isZero()) changes.push([productId, branchId, diff]);
  }
  for (const [key, q] of held) if (!q.isZero()) changes.push([...(key.split('|') as [string, string]), q.negated()]);
  if (!changes.length) return { state: 'ok', steps: [] };
  const added = changes.filter(([, , d]) => d.isPositive());
  if (added.length) {
    const balances = await InventoryRepository.balances(added.map(([productId, branchId]) => ({ productId, branchId })));
    const byKey = new Map(balances.map((b) => [`${b.productId}|${b.branchId}`, b.available]));
    const shortages: Shortage[] = [];
    for (const [productId, branchId, d] of added) {
      const available = byKey.get(`${productId}|${branchId}`) ?? new Decimal(0);
      if (available.gte(d)) continue;
      const had = new Decimal(marker.lines.find(([p, b]) => p === productId && b === branchId)?.[2] ?? 0);
      const could = Decimal.max(available, 0).plus(had);
      const requested = qty(had.plus(d));
      shortages.push({
        productId,
        branchId,
        requested,
        available: qty(could),
        level: could.lte(0) ? 'insufficient' : 'lower',
        message: (could.lte(0) ? InventoryTexts.stockInsufficient({ requested }) : InventoryTexts.stockLower({ available: qty(could), requested })).message,
      });
    }
    if (shortages.length) return { state: 'short', shortages };
  }
  const at = timestamp();
  const steps: TxStep[] = changes.flatMap(([productId, branchId, d], j) =>
    lineSteps({ productId, branchId, kind: d.isPositive() ? 'reserved' : 'reservation_released', quantity: qty(d.abs()), orderId: input.orderId, reason: null }, j, at).steps,
  );
  steps.push(InventoryRepository.orderChange(marker, { lines: wanted, updatedAt: at }, () => new ReservationChangeRejected()));
  // A balance that can no longer give (another order took the stock since the read) fails as the marker would.
  return { state: 'ok', steps: steps.map((s) => ({ ...s, onConditionFail: () => new ReservationChangeRejected() })) };
}

/**
 * The stock available of each (product, branch), `productId|branchId` → decimal string, absent
 * balances as zero: the order entry's lines (the session's branch) and system work that plans
 * orders within the stock (a history written in bulk).
 */
async function available(pairs: { productId: string; branchId: string }[]): Promise<Map<string, string>> {
  const balances = await InventoryRepository.balances(pairs);
  const out = new Map(pairs.map((p) => [`${p.productId}|${p.branchId}`, qty(0)]));
  for (const b of balances) out.set(`${b.productId}|${b.branchId}`, qty(b.available));
  return out;
}

export const Reservations = {
  changeSteps,
  check: (lines: ReservationLine[]) => check(parseInput(ReservationInput.shape.lines, lines)),
  available,
  reserve,
  readAhead,
  release,
  deliver,
  status,
};
