import { segments } from '@ev/shared/registries/segments';
import { describe, expect, it } from 'vitest';
import { runAs } from '../context';
import { newId } from '../ids';
import { seedProducts } from '../products/demo-data';
import { seedRegistries } from '../registries/demo-data';
import { Registries } from '../registries/index';
import { priceChart } from './chart';
import { seedPrices } from './demo-data';
import { PricesRepository } from './repository';

describe('the demo prices', () => {
  it('price every demo product in Varejo (the default), most in Atacado, and point Supermercado to Atacado', () =>
    runAs({ tenantId: newId() }, async () => {
      await seedRegistries();
      await seedProducts();
      const { prices } = await seedPrices();
      const tables = await PricesRepository.allTables();
      const byName = Object.fromEntries(tables.map((t) => [t.name, t]));
      expect(byName.Varejo!.isDefault).toBe(true);
      expect(byName.Atacado).toMatchObject({ isDefault: false, validFrom: '2026-01-01', validUntil: '2030-12-31' });
      expect(prices).toBeGreaterThan(500);

      // The chart of the default table: every row priced; Atacado: some rows without price.
      let cursor: string | undefined;
      let rows = 0;
      do {
        const page = await priceChart({ limit: 100, cursor });
        for (const r of page.items) expect(r.price, r.ref).not.toBeNull();
        rows += page.items.length;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(rows).toBeGreaterThan(250);
      const wholesale = await priceChart({ limit: 100, tableId: byName.Atacado!.id });
      expect(wholesale.items.some((r) => r.price === null)).toBe(true);
      expect(wholesale.items.filter((r) => r.price !== null).length).toBeGreaterThan(50);

      const supermarket = (await Registries.list(segments, { q: 'supermercado', limit: 5 })).items[0]!;
      expect(supermarket.priceTableId).toBe(byName.Atacado!.id);

      // Running it again changes nothing that matters (same prices, the segment already set).
      const again = await seedPrices();
      expect(again.prices).toBe(prices);
    }), 120_000);
});
