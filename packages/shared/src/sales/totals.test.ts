import fc from 'fast-check';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { lineCache, saleTotals, splitInstallments } from './totals';

describe('saleTotals', () => {
  it('rounds each line half-up once at 2 places and adds the lines as rounded', () => {
    const t = saleTotals(
      {
        items: [
          // 3 × 3.3333 = 9.9999 → 10.00; 10 % off 9.9999 = 8.99991 → 9.00.
          { quantity: '3', unitPrice: '3.3333', discountPercent: '10' },
          // 0.5 × 1.25 = 0.625 → 0.63 (half-up).
          { quantity: '0.5', unitPrice: '1.25' },
        ],
      },
      2,
    );
    expect(t.lines).toEqual([
      { gross: '10.00', discount: '1.00', net: '9.00', counted: true },
      { gross: '0.63', discount: '0.00', net: '0.63', counted: true },
    ]);
    expect(t.items).toBe('10.63');
    expect(t.discounts.items).toBe('1.00');
    expect(t.total).toBe('9.63');
    expect(t.count).toBe(2);
    expect(t.quantity).toBe('3.5');
  });

  it('keeps 4 places on a branch with casasDecimais 4', () => {
    const t = saleTotals({ items: [{ quantity: '3', unitPrice: '3.33333', discountPercent: '10' }] }, 4);
    // 9.99999 → 10.0000; × 0.9 = 8.999991 → 9.0000.
    expect(t.lines[0]).toEqual({ gross: '10.0000', discount: '1.0000', net: '9.0000', counted: true });
    expect(t.total).toBe('9.0000');
  });

  it('applies the general discount, the condition’s discount then its surcharge, other discounts and the increases, each rounded once', () => {
    const t = saleTotals(
      {
        items: [{ quantity: '10', unitPrice: '10.00' }, { quantity: '1', unitPrice: '33.35' }],
        generalDiscountPercent: '5',
        condition: { discountRate: '2', surchargeRate: '1.5' },
        otherDiscount: '1.005',
        transportIncrease: '12.5',
        otherIncrease: '0.994',
      },
      2,
    );
    // net 133.35; general 5 % = 6.6675 → 6.67; 126.68; payment 2 % = 2.5336 → 2.53; 124.15;
    // surcharge 1.5 % = 1.86225 → 1.86; other −1.01 (1.005 half-up), transport +12.50, other +0.99.
    expect(t.items).toBe('133.35');
    expect(t.discounts).toEqual({ items: '0.00', general: '6.67', payment: '2.53', other: '1.01', loyalty: '0.00' });
    expect(t.increases).toEqual({ payment: '1.86', transport: '12.50', other: '0.99' });
    expect(t.total).toBe('138.49');
  });

  it('takes the cashback and points used off last, rounded once, after the condition’s rates; none on a free order', () => {
    const input = { items: [{ quantity: '3', unitPrice: '10.00' }], condition: { discountRate: '10', surchargeRate: null }, loyaltyDiscount: '5.005' };
    // 30.00; payment 10 % = 3.00; 27.00; loyalty 5.005 → 5.01 at 2 places; 21.99. At 4 places: 5.0050; 21.9950.
    expect(saleTotals(input, 2)).toMatchObject({ discounts: { payment: '3.00', loyalty: '5.01' }, total: '21.99' });
    expect(saleTotals(input, 4)).toMatchObject({ discounts: { loyalty: '5.0050' }, total: '21.9950' });
    expect(saleTotals({ ...input, free: true }, 2)).toMatchObject({ discounts: { loyalty: '0.00' }, total: '30.00' });
  });

  it('counts no cancelled line, though the line keeps its figures', () => {
    const t = saleTotals({ items: [{ quantity: '2', unitPrice: '5' }, { quantity: '1', unitPrice: '100', cancelled: true }] }, 2);
    expect(t.lines[1]).toEqual({ gross: '100.00', discount: '0.00', net: '100.00', counted: false });
    expect(t.items).toBe('10.00');
    expect(t.total).toBe('10.00');
    expect(t.count).toBe(1);
  });

  it('a free order ignores item discounts and the payment condition’s rates', () => {
    const t = saleTotals({ items: [{ quantity: '2', unitPrice: '5', discountPercent: '50' }], condition: { discountRate: '10', surchargeRate: '10' }, free: true }, 2);
    expect(t.discounts.items).toBe('0.00');
    expect(t.discounts.payment).toBe('0.00');
    expect(t.increases.payment).toBe('0.00');
    expect(t.total).toBe('10.00');
  });

  it('always adds up: total = items − discounts + increases, exactly (property)', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 }).map((n) => new Decimal(n).div(10_000).toFixed(4));
    const percent = fc.integer({ min: 0, max: 10_000 }).map((n) => new Decimal(n).div(100).toFixed(2));
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 9999 }).map(String), unitPrice: amount, discountPercent: percent, cancelled: fc.boolean() }), { maxLength: 30 }),
        percent,
        fc.record({ discountRate: percent, surchargeRate: percent }),
        fc.constantFrom(0, 2, 3, 4),
        (items, general, condition, places) => {
          const t = saleTotals({ items, generalDiscountPercent: general, condition, transportIncrease: '7.5' }, places);
          const sum = new Decimal(t.items)
            .minus(t.discounts.items)
            .minus(t.discounts.general)
            .minus(t.discounts.payment)
            .minus(t.discounts.other)
            .plus(t.increases.payment)
            .plus(t.increases.transport)
            .plus(t.increases.other);
          expect(sum.toFixed(places)).toBe(t.total);
          for (const line of t.lines) expect(new Decimal(line.gross).minus(line.discount).toFixed(places)).toBe(line.net);
        },
      ),
    );
  });
  it('answers the same with the browser’s line cache as without, as lines change, places change and the order turns free (property)', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 }).map((n) => new Decimal(n).div(10_000).toFixed(4));
    const percent = fc.integer({ min: 0, max: 10_000 }).map((n) => new Decimal(n).div(100).toFixed(2));
    const item = fc.record({ quantity: fc.integer({ min: 1, max: 9999 }).map(String), unitPrice: amount, discountPercent: percent, cancelled: fc.boolean() });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 20 }), item, fc.nat(), fc.constantFrom(2, 4), fc.boolean(), (items, changed, at, places, free) => {
        const cache = lineCache();
        saleTotals({ items }, 2, cache);
        // One line replaced (a keystroke), the places and the free flag possibly changed.
        const next = items.map((it, i) => (i === at % items.length ? changed : it));
        expect(saleTotals({ items: next, free }, places, cache)).toEqual(saleTotals({ items: next, free }, places));
      }),
    );
  });
});

describe('splitInstallments', () => {
  it('divides the total over the terms, the remainder on the first, due from the order date', () => {
    expect(splitInstallments('100.00', [30, 60, 90], '2026-11-26', 2)).toEqual([
      { installment: '1/3', term: 30, dueDate: '2026-12-26', value: '33.34' },
      { installment: '2/3', term: 60, dueDate: '2027-01-25', value: '33.33' },
      { installment: '3/3', term: 90, dueDate: '2027-02-24', value: '33.33' },
    ]);
  });

  it('is one installment on the order date for cash (term 0) or no terms', () => {
    expect(splitInstallments('10.5', [0], '2026-02-28', 2)).toEqual([{ installment: '1/1', term: 0, dueDate: '2026-02-28', value: '10.50' }]);
    expect(splitInstallments('10.5', [], '2026-02-28', 2)).toEqual([{ installment: '1/1', term: 0, dueDate: '2026-02-28', value: '10.50' }]);
  });

  it('always sums exactly to the total, at 2 and 4 places (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.uniqueArray(fc.integer({ min: 0, max: 365 }), { minLength: 1, maxLength: 48 }), fc.constantFrom(2, 4), (units, terms, places) => {
        const total = new Decimal(units).div(10 ** places).toFixed(places);
        const parts = splitInstallments(total, terms, '2026-01-31', places);
        expect(parts).toHaveLength(terms.length);
        expect(parts.reduce((s, p) => s.plus(p.value), new Decimal(0)).toFixed(places)).toBe(total);
        // No installment but the first carries more than the others.
        for (const p of parts.slice(1)) expect(new Decimal(p.value).lte(parts[0]!.value)).toBe(true);
      }),
    );
  });
});
