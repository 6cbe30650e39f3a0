import { describe, expect, it } from 'vitest';
import { usualMissed } from './summary';

const item = (name: string, orders: number, lastDate: string) => ({ productId: name, ref: null, name, orders, lastDate, lastQuantity: '1' });

describe('the usual products not bought lately', () => {
  it('are those in two sales or more, missed for longer than the client’s rhythm × sales / orders, the longest missed first', () => {
    // 4 sales every 30 days: a product in all of them is due every 30 days, in two of them every 60.
    const items = [item('Água', 4, '2026-11-01'), item('Arroz', 2, '2026-09-01'), item('Café', 2, '2026-10-15'), item('Sal', 1, '2026-06-01'), item('Óleo', 4, '2026-10-20')];
    const got = usualMissed(items, 4, 30, '2026-11-30');
    expect(got.map((u) => [u.name, u.daysSince])).toEqual([
      ['Arroz', 90],
      ['Óleo', 41],
    ]);
  });

  it('names none without a rhythm', () => {
    expect(usualMissed([item('Água', 3, '2026-01-01')], 3, null, '2026-11-30')).toEqual([]);
  });
});
