import { isGtin } from '@ev/shared/gtin';
import { Product } from '@ev/shared/schemas/products';
import { describe, expect, it } from 'vitest';
import { runAs } from '../context';
import { newId } from '../ids';
import { units } from '@ev/shared/registries/units';
import { Registries } from '../registries';
import { seedRegistries } from '../registries/demo-data';
import { seedProducts } from './demo-data';
import { Products } from './index';

describe('the demo catalogue', () => {
  it('writes about 300 valid products in six groups and two product companies, once', () =>
    runAs({ tenantId: newId() }, async () => {
      await seedRegistries();
      const first = await seedProducts();
      expect(first.skipped).toBe(0);
      expect(first.created).toBeGreaterThanOrEqual(280);
      const all: Product[] = [];
      let cursor: string | undefined;
      do {
        const page = await Products.page({}, cursor, 100, 'demo-test');
        all.push(...(await Products.getMany(page.items.map((i) => i.id))));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(all).toHaveLength(first.created);
      for (const p of all) {
        expect(Product.safeParse(p).error, p.ref).toBeUndefined();
        expect(isGtin(p.barcode!), p.ref).toBe(true);
        expect(p.unitName, p.ref).toBeTruthy();
      }
      expect(new Set(all.map((p) => p.groupId)).size).toBe(6);
      expect(new Set(all.map((p) => p.productCompanyId)).size).toBe(2);
      expect(all.some((p) => p.status === 'inactive')).toBe(true);
      expect(all.some((p) => p.sizeId)).toBe(true);
      expect(all.some((p) => p.minimumPrice)).toBe(true);
      // The bulk path records references as a create does: a unit in use cannot be deleted.
      const fd = all.find((p) => p.unitName === 'FD')!;
      await expect(Registries.remove(units, fd.unitId)).rejects.toMatchObject({ code: 'reference.in_use' });
      const found = await Products.page({ q: 'refrigerante cola' }, undefined, 20, 'demo-test');
      expect(found.items.map((i) => i.name)).toContain('Refrigerante Cola Lata 350ml');

      const second = await seedProducts();
      expect(second).toEqual({ created: 0, skipped: first.created });
    }), 120_000);
});
