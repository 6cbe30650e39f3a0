import Decimal from 'decimal.js';
import { FIGURES, InventoryTexts, MOVEMENT_KINDS, type Balance, type Figure, type MovementKind } from '@ev/shared/schemas/inventory';
import { timestamp } from '../clock';
import { maybeActor } from '../context';
import { MAX_TX_ACTIONS, transact, type TxStep } from '../db/tx';
import { DomainError, fieldError } from '../errors';
import type { Said } from '@ev/shared/texts';
import { newId } from '../ids';
import { deltas, emptyBalance, guardedFigures, InventoryRepository, qty, type BalanceFigures, type BalanceRecord, type MovementRecord } from './repository';

/**
 * The stock ledger (issue 7 item 4, docs/inventory.md): every change of a balance is a movement
 * written in the same TransactWriteItems as the balance update it causes, so the balances always
 * equal the sum of the ledger. Quantities are decimal.js values and decimal strings, never floats.
 */

export interface MovementLine {
  productId: string;
  branchId: string;
  kind: MovementKind;
  /** A decimal string; positive, but for adjustments, where the sign says the direction. */
  quantity: string;
  reason?: string | null;
  /** The key of a reason the system writes (its Portuguese in `reason`). */
  reasonKey?: string | null;
  reference?: string | null;
  orderId?: string | null;
  /** Written only while the physical stock is still this (null: the product has no balance in the branch yet). */
  expectPhysical?: string | null;
}

/** Lines one transaction holds: a balance update and a movement each. */
export const LINES_PER_TX = Math.floor(MAX_TX_ACTIONS / 2);

/** A balance step whose condition failed: which line, so the caller can say why. */
export class LineRejected extends Error {
  constructor(readonly index: number) {
    super(`stock line ${index} rejected by its condition`);
  }
}

export function movementRecord(line: MovementLine, at: string): MovementRecord {
  return {
    id: newId(),
    productId: line.productId,
    branchId: line.branchId,
    kind: line.kind,
    quantity: qty(line.quantity),
    reason: line.reason ?? null,
    reasonKey: line.reasonKey ?? null,
    reference: line.reference ?? null,
    orderId: line.orderId ?? null,
    userId: maybeActor()?.userId ?? null,
    at,
  };
}

/** The two steps of one line: the conditional balance update and the movement put. */
export function lineSteps(line: MovementLine, index: number, at: string): { steps: TxStep[]; movement: MovementRecord } {
  const movement = movementRecord(line, at);
  return {
    movement,
    steps: [
      InventoryRepository.balanceStep(line.productId, line.branchId, line.kind, movement.quantity, at, () => new LineRejected(index), line.expectPhysical),
      InventoryRepository.movementStep(movement),
    ],
  };
}

/** The Portuguese reason a line was refused: the first guarded figure the stored balance cannot give. */
export async function rejectionMessage(line: MovementLine): Promise<{ figure: Figure | 'available'; message: Said }> {
  const balance = (await InventoryRepository.balance(line.productId, line.branchId)) ?? emptyBalance(line.productId, line.branchId);
  const d = deltas(line.kind, line.quantity);
  const guarded = guardedFigures(line.kind, line.quantity);
  const short = guarded.find((f) => balance[f].lessThan(d[f].abs())) ?? guarded[0] ?? 'physical';
  const value = balance[short].toFixed();
  const message = {
    available: InventoryTexts.notEnoughAvailable({ available: value }),
    bought: InventoryTexts.notEnoughBought({ bought: value }),
    physical: InventoryTexts.notEnoughPhysical({ physical: value }),
    lent: InventoryTexts.notEnoughLent({ lent: value }),
    reserved: InventoryTexts.notEnoughReserved({ reserved: value }),
  }[short];
  return { figure: short, message };
}

/** A line whose balance cannot give what it takes (a delivery, a settlement, past a count): the 409 naming the figure. */
export async function lineRefusal(line: MovementLine): Promise<DomainError> {
  const { message } = await rejectionMessage(line);
  return new DomainError('inventory.insufficient', message, 'conflict', { details: { productId: line.productId, branchId: line.branchId } });
}

/**
 * Posts up to LINES_PER_TX movements in one transaction: all or none. A line whose balance would
 * go below zero (as its kind forbids) rejects the whole transaction with a 409 naming the figure.
 * Lines for the same product and branch must be merged by the caller (one action per item).
 */
export async function postMovements(lines: MovementLine[], at: string = timestamp()): Promise<MovementRecord[]> {
  if (lines.length > LINES_PER_TX) throw new Error(`postMovements takes at most ${LINES_PER_TX} lines`);
  const built = lines.map((l, i) => lineSteps(l, i, at));
  try {
    await transact(built.flatMap((b) => b.steps));
  } catch (e) {
    if (!(e instanceof LineRejected)) throw e;
    const line = lines[e.index]!;
    const { message } = await rejectionMessage(line);
    throw new DomainError('inventory.insufficient', message, 'conflict', {
      fields: [fieldError(lines.length > 1 ? `lines.${e.index}.quantity` : 'quantity', message)],
      details: { productId: line.productId, branchId: line.branchId },
    });
  }
  return built.map((b) => b.movement);
}

/** A balance as the API shows it: fixed-scale decimal strings. */
export function publicBalance(b: BalanceRecord): Balance {
  return {
    productId: b.productId,
    branchId: b.branchId,
    bought: qty(b.bought),
    physical: qty(b.physical),
    reserved: qty(b.reserved),
    lent: qty(b.lent),
    available: qty(b.available),
  };
}

export interface RecomputedBalance {
  branchId: string;
  stored: Balance;
  computed: Balance;
  matches: boolean;
  movements: { stored: number; counted: number };
}

/**
 * The balances recomputed from the product's ledger (one Query of its partition), beside the stored
 * ones: the maintenance check, and the tests' proof that no write ever left a balance without its
 * movement. A balance whose figures and movement count equal the sum of its movements `matches`.
 */
export async function recompute(productId: string): Promise<RecomputedBalance[]> {
  const { balances, movements } = await InventoryRepository.ledger(productId);
  const sums = new Map<string, BalanceFigures & { count: number }>();
  for (const m of movements) {
    if (!MOVEMENT_KINDS.includes(m.kind)) continue;
    const s = sums.get(m.branchId) ?? { ...emptyBalance(productId, m.branchId), count: 0 };
    const d = deltas(m.kind, m.quantity);
    for (const f of [...FIGURES, 'available'] as const) s[f] = s[f].plus(d[f]);
    s.count += 1;
    sums.set(m.branchId, s);
  }
  const branchIds = [...new Set([...balances.map((b) => b.branchId), ...sums.keys()])].sort();
  return branchIds.map((branchId) => {
    const stored = balances.find((b) => b.branchId === branchId) ?? emptyBalance(productId, branchId);
    const sum = sums.get(branchId) ?? { ...emptyBalance(productId, branchId), count: 0 };
    const computed = { ...emptyBalance(productId, branchId), ...sum, movements: sum.count };
    const same = [...FIGURES, 'available'].every((f) => stored[f as Figure].equals(computed[f as Figure])) && stored.available.equals(stored.physical.minus(stored.reserved).minus(stored.lent));
    return {
      branchId,
      stored: publicBalance(stored),
      computed: publicBalance(computed),
      matches: same && stored.movements === sum.count,
      movements: { stored: stored.movements, counted: sum.count },
    };
  });
}

/** Sums figures (grouped rows of the position). */
export function sumBalances(list: BalanceFigures[]): BalanceFigures {
  const out: BalanceFigures = { bought: new Decimal(0), physical: new Decimal(0), reserved: new Decimal(0), lent: new Decimal(0), available: new Decimal(0) };
  for (const b of list) for (const f of [...FIGURES, 'available'] as const) out[f] = out[f].plus(b[f]);
  return out;
}
