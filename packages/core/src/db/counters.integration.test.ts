import { describe, expect, it } from 'vitest';
import { runAs } from '../context';
import { newId } from '../ids';
import { nextValue } from './counters';

describe('nextValue', () => {
  it('gives 1..20 with no duplicate to 20 parallel callers', () =>
    runAs({ tenantId: newId() }, async () => {
      const values = await Promise.all(Array.from({ length: 20 }, () => nextValue('orders')));
      expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(await nextValue('orders')).toBe(21);
      expect(await nextValue('other')).toBe(1);
    }));

  it('counts per company', async () => {
    const a = await runAs({ tenantId: newId() }, () => nextValue('orders'));
    const b = await runAs({ tenantId: newId() }, () => nextValue('orders'));
    expect([a, b]).toEqual([1, 1]);
  });
});
