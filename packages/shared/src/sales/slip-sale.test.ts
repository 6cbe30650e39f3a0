import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Sale } from '../schemas/sales';
import { slipSaleOf } from './slip-sale';

describe('slipSaleOf', () => {
  it('sums every discount the page shows, the cashback and points used too: items less discounts plus increases is the total', () => {
    const sale = {
      number: 12,
      orderDate: '2026-11-30',
      clientName: 'Empório Central',
      clientDocument: null,
      paymentType: 'pix',
      items: [],
      installments: [],
      observations: { invoice: null, internal: null },
      totals: { items: '200.00', discounts: { items: '0.00', general: '10.00', payment: '0.00', other: '0.00', loyalty: '6.00' }, increases: { payment: '0.00', transport: '5.00', other: '0.00' }, total: '189.00', count: 1, quantity: '2' },
    } as unknown as Sale;
    const slip = slipSaleOf(sale, { date: (d) => d, paymentType: (t) => t });
    expect(slip.totals.discounts).toBe('16');
    expect(new Decimal(slip.totals.items).minus(slip.totals.discounts).plus(slip.totals.increases).toFixed(2)).toBe(slip.totals.total);
  });
});
