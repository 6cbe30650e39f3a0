import { REGISTRIES } from '@ev/shared/registries/index';
import { describe, expect, it } from 'vitest';
import { runAs } from '../context';
import { newId } from '../ids';
import { seedRegistries } from './demo-data';
import { Registries } from './index';

describe('the demo registries', () => {
  it('fill every registry with valid records, once', () =>
    runAs({ tenantId: newId() }, async () => {
      const first = await seedRegistries();
      expect(first.skipped).toBe(0);
      expect(first.created).toBeGreaterThan(80);
      for (const def of REGISTRIES) {
        const page = await Registries.list(def, { limit: 100 });
        expect(page.items.length, def.name).toBeGreaterThanOrEqual(3);
        for (const item of page.items) expect(def.record.safeParse(item).error, `${def.name} ${String(item.name)}`).toBeUndefined();
      }
      const banks = await Registries.list(REGISTRIES.find((r) => r.name === 'bearers')!, { q: 'carteira', limit: 10 });
      expect(banks.items).toEqual([expect.objectContaining({ name: 'Carteira / dinheiro', code: null, bankName: null })]);
      const natures = await Registries.list(REGISTRIES.find((r) => r.name === 'natures')!, { status: 'inactive', limit: 10 });
      expect(natures.items.map((n) => n.cfop)).toEqual(['5103']);

      const second = await seedRegistries();
      expect(second).toEqual({ created: 0, skipped: first.created });
    }));
});
