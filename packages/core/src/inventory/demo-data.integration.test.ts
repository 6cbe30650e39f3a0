import { describe, expect, it } from 'vitest';
import { runAs } from '../context';
import { newId } from '../ids';
import { Products } from '../products/index';
import { seedProducts } from '../products/demo-data';
import { seedRegistries } from '../registries/demo-data';
import { seedStock } from './demo-data';
import { recompute } from './ledger';
import { InventoryRepository } from './repository';

describe('the demo stock', () => {
  it('posts stock in both branches through the ledger (some low, some zero, a few consigned), once', () =>
    runAs({ tenantId: newId() }, async () => {
      await seedRegistries();
      await seedProducts();
      const branches = [newId(), newId()];
      const first = await seedStock(branches);
      expect(first.products).toBeGreaterThanOrEqual(280);
      expect(first.movements).toBeGreaterThan(first.products);
      // Idempotent: a second run finds every stocked product and posts nothing.
      expect(await seedStock(branches)).toEqual({ products: expect.any(Number), movements: 0 });

      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await Products.page({}, cursor, 100, 'demo-stock-test');
        ids.push(...page.items.map((p) => p.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      const balances = await InventoryRepository.balances(ids.flatMap((productId) => branches.map((branchId) => ({ productId, branchId }))));
      for (const branchId of branches) {
        const here = balances.filter((b) => b.branchId === branchId);
        // Some products have nothing in this branch, some are low, most have plenty.
        expect(here.length).toBeLessThan(ids.length);
        expect(here.filter((b) => b.physical.lessThanOrEqualTo(3)).length).toBeGreaterThan(10);
        expect(here.filter((b) => b.physical.greaterThan(20)).length).toBeGreaterThan(100);
        expect(here.every((b) => !b.available.isNegative() && !b.physical.isNegative())).toBe(true);
      }
      expect(balances.filter((b) => b.lent.greaterThan(0)).length).toBeGreaterThanOrEqual(5);
      expect(balances.filter((b) => b.bought.greaterThan(0)).length).toBeGreaterThanOrEqual(10);
      expect(balances.some((b) => !b.physical.isInteger())).toBe(true);
      // Every balance equals its ledger.
      const checks = (await Promise.all(ids.slice(0, 120).map((id) => recompute(id)))).flat();
      expect(checks.filter((c) => !c.matches)).toEqual([]);
    }), 120_000);
});
