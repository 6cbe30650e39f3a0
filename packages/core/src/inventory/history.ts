import { FIGURES, type MovementKind } from '@ev/shared/schemas/inventory';
import type { TxStep } from '../db/tx';
import { movementRecord } from './ledger';
import { merge, type ReservationLine } from './reservations';
import { emptyBalance, deltas, InventoryRepository, type BalanceFigures, type OrderMarker } from './repository';

/**
 * The stock side of a sales history written in bulk (a company nobody works in yet: the demo, the
 * bench), as the reservations would have left it: each order's marker in its final state, the
 * ledger's movements (reserved at the close, then delivered or released at the move), and each
 * balance moved by the sum of its movements, one step per balance, on the conditions that it
 * exists and that no figure goes below zero. The steps are for `bulkCreate` (db/bulk.ts): puts of
 * new items and ADDs only. The caller plans within the stock available (`Reservations.available`).
 */
export interface OrderStockHistory {
  orderId: string;
  lines: ReservationLine[];
  /** When the close reserved the lines (UTC timestamp). */
  reservedAt: string;
  /** What became of the reservation, and when: none yet (still reserved), delivered, or released. */
  end: { kind: 'delivered' | 'released'; at: string } | null;
}

export class HistoryStockShort extends Error {}

export function stockHistorySteps(orders: OrderStockHistory[]): TxStep[] {
  const steps: TxStep[] = [];
  const sums = new Map<string, { productId: string; branchId: string; figures: BalanceFigures; count: number }>();
  const move = (productId: string, branchId: string, kind: MovementKind, quantity: string) => {
    const key = `${productId}|${branchId}`;
    const s = sums.get(key) ?? { productId, branchId, figures: { ...emptyBalance(productId, branchId) }, count: 0 };
    const d = deltas(kind, quantity);
    for (const f of [...FIGURES, 'available'] as const) s.figures[f] = s.figures[f].plus(d[f]);
    s.count += 1;
    sums.set(key, s);
  };
  for (const order of orders) {
    const lines = merge(order.lines);
    if (!lines.length) continue;
    const state: OrderMarker['state'] = order.end ? order.end.kind : 'reserved';
    steps.push(InventoryRepository.orderStart({ orderId: order.orderId, state, lines, pass: 1, round: 1, updatedAt: order.end?.at ?? order.reservedAt }, null, () => new HistoryStockShort()));
    for (const [productId, branchId, quantity] of lines) {
      const reserved = movementRecord({ productId, branchId, kind: 'reserved', quantity, orderId: order.orderId }, order.reservedAt);
      steps.push(InventoryRepository.movementStep(reserved));
      move(productId, branchId, 'reserved', quantity);
      if (order.end) {
        const kind: MovementKind = order.end.kind === 'delivered' ? 'delivered' : 'reservation_released';
        steps.push(InventoryRepository.movementStep(movementRecord({ productId, branchId, kind, quantity, orderId: order.orderId }, order.end.at)));
        move(productId, branchId, kind, quantity);
      }
    }
  }
  for (const s of sums.values()) steps.push(InventoryRepository.balanceSumStep(s.productId, s.branchId, s.figures, s.count, () => new HistoryStockShort()));
  return steps;
}
