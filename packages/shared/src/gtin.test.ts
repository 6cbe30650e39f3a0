import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, isGtin, normalizeGtin, withCheckDigit } from './gtin';

describe('GTIN check digit', () => {
  it('accepts real barcodes of every length', () => {
    expect(isGtin('7891000100103')).toBe(true); // EAN-13 (Leite Moça)
    expect(isGtin('4006381333931')).toBe(true); // EAN-13
    expect(isGtin('96385074')).toBe(true); // EAN-8
    expect(isGtin('036000291452')).toBe(true); // UPC-A (GTIN-12)
    expect(isGtin('17891000100100')).toBe(true); // GTIN-14 (box of the EAN-13 above)
  });

  it('refuses a wrong check digit, a wrong length and non-digits', () => {
    expect(isGtin('7891000100104')).toBe(false);
    expect(isGtin('96385075')).toBe(false);
    expect(isGtin('789100010010')).toBe(false); // 12 digits, bad digit
    expect(isGtin('78910001001')).toBe(false); // 11 digits
    expect(isGtin('789100010010300')).toBe(false); // 15 digits
    expect(isGtin('789100010010A')).toBe(false);
    expect(isGtin('')).toBe(false);
  });

  it('computes the digit that completes a body', () => {
    expect(gtinCheckDigit('789100010010')).toBe(3);
    expect(withCheckDigit('9638507')).toBe('96385074');
    for (const body of ['789000000000', '1234567', '00000000000', '7896543210987']) expect(isGtin(withCheckDigit(body))).toBe(true);
  });

  it('removes spaces, dots and dashes a reader or a person may add', () => {
    expect(normalizeGtin(' 789 1000-100.103 ')).toBe('7891000100103');
  });
});
