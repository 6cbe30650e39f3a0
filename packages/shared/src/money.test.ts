import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyConditionRates, DEFAULT_DECIMALS, formatDecimal, formatDecimalAtLeast, formatMoney, isNeutral, parseDecimal, placesOf, roundHalfUp, scaleOf, toFixed } from './money';

describe('parseDecimal: what a person types or a file carries', () => {
  it('reads a comma or a point as the decimal separator', () => {
    expect(parseDecimal('12,5')?.toString()).toBe('12.5');
    expect(parseDecimal('12.5')?.toString()).toBe('12.5');
    expect(parseDecimal(' 0,0001 ')?.toString()).toBe('0.0001');
  });
  it('reads Brazilian and English thousands grouping, and ignores R$', () => {
    expect(parseDecimal('1.234,56')?.toString()).toBe('1234.56');
    expect(parseDecimal('1.234.567')?.toString()).toBe('1234567');
    expect(parseDecimal('1,234.56')?.toString()).toBe('1234.56');
    expect(parseDecimal('R$ 1.234,56')?.toString()).toBe('1234.56');
  });
  it('refuses what is not a number', () => {
    for (const bad of ['', 'abc', '1,2,3', '12,,5', '1.23.4', '1e5', 'NaN', '--1', '12,5a', null, undefined]) expect(parseDecimal(bad as string)).toBeNull();
  });
  it('keeps every digit (no float on the way)', () => {
    expect(parseDecimal('12345678901234567890,1234')?.toFixed(4)).toBe('12345678901234567890.1234');
    expect(scaleOf('12,500')).toBe(1); // trailing zeros carry no value
    expect(scaleOf('12,5001')).toBe(4);
  });
});

describe('roundHalfUp and toFixed: once, at the branch decimals', () => {
  it('rounds .5 up at 2 places, where a float would not', () => {
    // 1.005 is 1.00499999999999989... as a float: Number.toFixed gives 1.00.
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(toFixed('1.005', 2)).toBe('1.01');
    expect(toFixed('2.675', 2)).toBe('2.68');
    expect(toFixed('0.125', 2)).toBe('0.13');
    expect(toFixed('0.124999', 2)).toBe('0.12');
  });
  it('rounds .5 up at 4 places', () => {
    expect(toFixed('1.00005', 4)).toBe('1.0001');
    expect(toFixed('9.99995', 4)).toBe('10.0000');
    expect(toFixed('0.00004', 4)).toBe('0.0000');
  });
  it('rounds a negative tie away from zero', () => {
    expect(roundHalfUp('-0.125', 2).toFixed(2)).toBe('-0.13');
  });
  it('pads to the places', () => {
    expect(toFixed('7', 2)).toBe('7.00');
    expect(toFixed('7', 4)).toBe('7.0000');
    expect(toFixed('7.5', 0)).toBe('8');
  });
  it('places: the branch decimals, 2 when absent or out of range', () => {
    expect(placesOf(4)).toBe(4);
    expect(placesOf(0)).toBe(0);
    expect(placesOf(undefined)).toBe(DEFAULT_DECIMALS);
    expect(placesOf(9)).toBe(2);
    expect(placesOf(1.5)).toBe(2);
  });
});

describe('formatDecimal and formatMoney: pt-BR', () => {
  it('groups thousands with a point and uses a comma', () => {
    expect(formatDecimal('1234567.891', 2)).toBe('1.234.567,89');
    expect(formatDecimal('1234.5', 4)).toBe('1.234,5000');
    expect(formatDecimal('0.005', 2)).toBe('0,01');
    expect(formatDecimal('12', 0)).toBe('12');
    expect(formatDecimal('-1234.5', 2)).toBe('-1.234,50');
    expect(formatDecimal('-0.001', 2)).toBe('0,00');
  });
  it('writes R$ before the amount', () => {
    expect(formatMoney('1234.5')).toBe('R$ 1.234,50');
    expect(formatMoney('-3', 2)).toBe('-R$ 3,00');
  });
  it('parse(format(x)) gives x back at the places', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 4 }), (units, places) => {
        const s = units.toString().replace('-', '').padStart(places + 1, '0');
        const text = `${units < 0n ? '-' : ''}${places ? `${s.slice(0, -places)}.${s.slice(-places)}` : s}`;
        expect(parseDecimal(formatDecimal(text, places))?.toFixed(places)).toBe(toFixed(text, places));
      }),
    );
  });
});

describe('applyConditionRates: a payment condition on a price', () => {
  it('a discount lowers the price, rounded once at the end', () => {
    // 10.00 × (1 − 0.05) = 9.50
    expect(applyConditionRates('10.0000', { discountRate: '5.0000' }).toFixed(2)).toBe('9.50');
    // 19.99 × 0.9725 = 19.440275 → 19.44 at 2, 19.4403 at 4
    expect(applyConditionRates('19.99', { discountRate: '2.75' }, 2).toFixed(2)).toBe('19.44');
    expect(applyConditionRates('19.99', { discountRate: '2.75' }, 4).toFixed(4)).toBe('19.4403');
  });
  it('a surcharge raises it; a tie rounds up', () => {
    // 10.05 × 1.10 = 11.055 → 11.06 (half-up)
    expect(applyConditionRates('10.05', { surchargeRate: '10' }, 2).toFixed(2)).toBe('11.06');
    // 1.0001 × 1.5 = 1.50015 → 1.5002 at 4
    expect(applyConditionRates('1.0001', { surchargeRate: '50' }, 4).toFixed(4)).toBe('1.5002');
  });
  it('both rates: discount, then surcharge on the discounted price', () => {
    // 100 × 0.9 × 1.1 = 99.00
    expect(applyConditionRates('100', { discountRate: '10', surchargeRate: '10' }).toFixed(2)).toBe('99.00');
  });
  it('no rates: the price at the places', () => {
    expect(applyConditionRates('12.3456', { discountRate: null, surchargeRate: '' }, 2).toFixed(2)).toBe('12.35');
    expect(isNeutral({ discountRate: '0.0000', surchargeRate: null })).toBe(true);
    expect(isNeutral({ discountRate: '0.0001' })).toBe(false);
  });
  it('a 100% discount gives zero', () => {
    expect(applyConditionRates('57.31', { discountRate: '100' }).toFixed(2)).toBe('0.00');
  });
});

describe('formatDecimalAtLeast: no digit hidden, none added past the places asked', () => {
  it('shows the places asked, or the value\'s own where it has more', () => {
    expect(['12', '2.5', '2.5000', '1234.5'].map((v) => formatDecimalAtLeast(v))).toEqual(['12', '2,5', '2,5', '1.234,5']);
    expect(['3', '8.333', '24.9000', '12.3457'].map((v) => formatDecimalAtLeast(v, 2))).toEqual(['3,00', '8,333', '24,90', '12,3457']);
  });
});
