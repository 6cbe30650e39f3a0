import { describe, expect, it } from 'vitest';
import { runAs } from '../context';
import { newId } from '../ids';
import { postMovements, recompute, type MovementLine } from './ledger';
import { InventoryRepository } from './repository';

const inTenant = <T>(fn: () => Promise<T>) => runAs({ tenantId: newId() }, fn);

async function figures(productId: string, branchId: string) {
  const b = await InventoryRepository.balance(productId, branchId);
  if (!b) return undefined;
  return { bought: b.bought.toFixed(), physical: b.physical.toFixed(), reserved: b.reserved.toFixed(), lent: b.lent.toFixed(), available: b.available.toFixed() };
}

describe('the stock ledger', () => {
  it('keeps balances equal to the ledger after a mixed series of every kind, in two branches', () =>
    inTenant(async () => {
      const [p, b1, b2] = [newId(), newId(), newId()];
      const series: [string, MovementLine['kind'], string][] = [
        [b1, 'purchase_ordered', '100'],
        [b1, 'purchase_received', '60.5'],
        [b1, 'reserved', '10.25'],
        [b1, 'reservation_released', '2.25'],
        [b1, 'delivered', '5'],
        [b1, 'consignment_out', '7'],
        [b1, 'consignment_returned', '2'],
        [b1, 'consignment_sold', '3'],
        [b1, 'adjustment', '-1.5'],
        [b1, 'adjustment', '0.75'],
        [b2, 'adjustment', '12'],
        [b2, 'consignment_out', '4'],
        [b2, 'reserved', '8'],
      ];
      for (const [branchId, kind, quantity] of series) {
        await postMovements([{ productId: p, branchId, kind, quantity, reason: kind === 'adjustment' ? 'Contagem' : null }]);
      }
      // b1: bought 100 − 60.5 = 39.5; physical 60.5 − 5 − 3 − 1.5 + 0.75 = 51.75; reserved 10.25 − 2.25 − 5 = 3;
      // lent 7 − 2 − 3 = 2; available 51.75 − 3 − 2 = 46.75.
      expect(await figures(p, b1)).toEqual({ bought: '39.5', physical: '51.75', reserved: '3', lent: '2', available: '46.75' });
      expect(await figures(p, b2)).toEqual({ bought: '0', physical: '12', reserved: '8', lent: '4', available: '0' });
      const check = await recompute(p);
      expect(check).toHaveLength(2);
      for (const c of check) {
        expect(c.matches, JSON.stringify(c)).toBe(true);
        expect(c.computed).toEqual(c.stored);
      }
      expect(check.find((c) => c.branchId === b1)!.movements).toEqual({ stored: 10, counted: 10 });
    }));

  it('adds decimals exactly: 0.1 + 0.2 is 0.3, and 0,5 kg lines add to whole kilos', () =>
    inTenant(async () => {
      const [p, b] = [newId(), newId()];
      await postMovements([{ productId: p, branchId: b, kind: 'adjustment', quantity: '0.1', reason: 'a' }]);
      await postMovements([{ productId: p, branchId: b, kind: 'adjustment', quantity: '0.2', reason: 'b' }]);
      expect((await figures(p, b))!.physical).toBe('0.3');
      await postMovements([{ productId: p, branchId: b, kind: 'adjustment', quantity: '1.2', reason: 'c' }]);
      for (let i = 0; i < 3; i++) await postMovements([{ productId: p, branchId: b, kind: 'reserved', quantity: '0.5' }]);
      expect(await figures(p, b)).toMatchObject({ physical: '1.5', reserved: '1.5', available: '0' });
      await expect(postMovements([{ productId: p, branchId: b, kind: 'reserved', quantity: '0.5' }])).rejects.toMatchObject({ code: 'inventory.insufficient' });
      expect((await recompute(p))[0]!.matches).toBe(true);
    }));

  it('refuses a movement that would take a figure below zero, and writes nothing', () =>
    inTenant(async () => {
      const [p, b] = [newId(), newId()];
      await postMovements([{ productId: p, branchId: b, kind: 'adjustment', quantity: '2.5', reason: 'Entrada' }]);
      const refused = [
        { kind: 'reserved', quantity: '3', message: /disponível insuficiente.*disponível: 2\.5/ },
        { kind: 'consignment_out', quantity: '2.6', message: /disponível insuficiente/ },
        { kind: 'purchase_received', quantity: '1', message: /comprada em aberto.*comprado: 0/ },
        { kind: 'reservation_released', quantity: '1', message: /reservada/ },
        { kind: 'consignment_returned', quantity: '1', message: /consignação/ },
        { kind: 'adjustment', quantity: '-2.5001', message: /físico ficaria negativo.*físico: 2\.5/ },
      ] as const;
      for (const r of refused) {
        await expect(postMovements([{ productId: p, branchId: b, kind: r.kind, quantity: r.quantity, reason: 'x' }])).rejects.toMatchObject({
          code: 'inventory.insufficient',
          kind: 'conflict',
          message: expect.stringMatching(r.message),
        });
      }
      expect(await figures(p, b)).toEqual({ bought: '0', physical: '2.5', reserved: '0', lent: '0', available: '2.5' });
      const [check] = await recompute(p);
      expect(check).toMatchObject({ matches: true, movements: { stored: 1, counted: 1 } });
    }));

  it('lets a stock count take the available stock below zero, never the physical one', () =>
    inTenant(async () => {
      const [p, b] = [newId(), newId()];
      await postMovements([{ productId: p, branchId: b, kind: 'adjustment', quantity: '10', reason: 'Entrada' }]);
      await postMovements([{ productId: p, branchId: b, kind: 'reserved', quantity: '8' }]);
      await postMovements([{ productId: p, branchId: b, kind: 'adjustment', quantity: '-6', reason: 'Quebra' }]);
      expect(await figures(p, b)).toMatchObject({ physical: '4', reserved: '8', available: '-4' });
      await expect(postMovements([{ productId: p, branchId: b, kind: 'reserved', quantity: '0.0001' }])).rejects.toMatchObject({ code: 'inventory.insufficient' });
    }));

  it('writes a transaction of lines all or none', () =>
    inTenant(async () => {
      const [p1, p2, b] = [newId(), newId(), newId()];
      await postMovements([{ productId: p1, branchId: b, kind: 'adjustment', quantity: '5', reason: 'Entrada' }]);
      await expect(
        postMovements([
          { productId: p1, branchId: b, kind: 'reserved', quantity: '5' },
          { productId: p2, branchId: b, kind: 'reserved', quantity: '1' },
        ]),
      ).rejects.toMatchObject({ code: 'inventory.insufficient', extra: { fields: [{ field: 'lines.1.quantity' }] } });
      expect((await figures(p1, b))!.reserved).toBe('0');
      expect(await figures(p2, b)).toBeUndefined();
      expect((await recompute(p1))[0]!.matches).toBe(true);
    }));
});
