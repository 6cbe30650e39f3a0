import Decimal from 'decimal.js';
import type { ProductSummary } from '@ev/shared/schemas/products';
import { Products } from '../products/index';
import { stableHash } from '../ids';
import { LINES_PER_TX, postMovements, type MovementLine } from './ledger';
import { InventoryRepository } from './repository';

/**
 * The demo company's stock (issue 7 item 7), posted as movements through the ledger so every
 * balance equals its ledger: an opening count in both branches, some products low, some at zero,
 * open purchase orders partly received, and a few consignments (one returned in part, one sold in
 * part). Quantities follow a hash of the reference, so every run makes the same stock; products that
 * already have a balance are left alone (idempotent).
 */

/** Sold by weight or volume: quantities with decimals. */
const fractional = (p: Pick<ProductSummary, 'unitName'>) => /^(KG|G|L|ML|M)$/i.test(p.unitName ?? '');

/** The rounds of movements of one product: each round at most one line per branch (one transaction holds one action per item). */
export function demoMovements(p: Pick<ProductSummary, 'id' | 'ref' | 'unitName'>, branchIds: string[]): MovementLine[][] {
  const h = stableHash(p.ref);
  const frac = fractional(p);
  const amount = (n: number) => (frac ? new Decimal(n).plus(new Decimal(h % 4).div(4)).toFixed() : String(n));
  const rounds: MovementLine[][] = [[], [], [], []];
  const line = (branchId: string, kind: MovementLine['kind'], quantity: string, reason: string | null = null): MovementLine => ({
    productId: p.id,
    branchId,
    kind,
    quantity,
    reason,
    reference: kind === 'adjustment' ? 'DEMO' : null,
  });
  branchIds.forEach((branchId, b) => {
    const k = (h >>> (b * 5)) % 100;
    // About 8% at zero in this branch (no movement at all), 12% low (1 to 3), the rest 10 to 240.
    if (k < 8) return;
    const opening = k < 20 ? 1 + (k % 3) : 10 + (k * 7 + (h % 13)) % 231;
    rounds[0]!.push(line(branchId, 'adjustment', amount(opening), 'Estoque inicial (demonstração)'));
    // Open purchase orders on about one product in six, half received.
    if (h % 6 === b) {
      rounds[1]!.push(line(branchId, 'purchase_ordered', String(24 + (h % 4) * 12)));
      rounds[2]!.push(line(branchId, 'purchase_received', String(12 + (h % 4) * 6)));
    }
    // Consignments in the second branch on about one product in twelve, when there is enough stock.
    if (b === 1 && h % 12 === 5 && opening >= 10) {
      rounds[1]!.push(line(branchId, 'consignment_out', '6'));
      rounds[2]!.push(line(branchId, 'consignment_returned', '2'));
      rounds[3]!.push(line(branchId, 'consignment_sold', '1'));
    }
  });
  return rounds.filter((r) => r.length);
}

export async function seedStock(branchIds: string[]): Promise<{ products: number; movements: number }> {
  if (!branchIds.length) return { products: 0, movements: 0 };
  const products: Pick<ProductSummary, 'id' | 'ref' | 'unitName'>[] = [];
  let cursor: string | undefined;
  do {
    const page = await Products.page({}, cursor, 100, 'demo-stock');
    products.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const existing = await InventoryRepository.balances(products.flatMap((p) => branchIds.map((branchId) => ({ productId: p.id, branchId }))));
  const stocked = new Set(existing.map((b) => b.productId));
  const fresh = products.filter((p) => !stocked.has(p.id));
  // Round r of every product goes out together, LINES_PER_TX lines a transaction.
  const rounds: MovementLine[][] = [];
  for (const p of fresh) demoMovements(p, branchIds).forEach((lines, r) => (rounds[r] = [...(rounds[r] ?? []), ...lines]));
  let movements = 0;
  for (const lines of rounds) {
    for (let i = 0; i < lines.length; i += LINES_PER_TX) {
      const part = lines.slice(i, i + LINES_PER_TX);
      await postMovements(part);
      movements += part.length;
    }
  }
  return { products: fresh.length, movements };
}
