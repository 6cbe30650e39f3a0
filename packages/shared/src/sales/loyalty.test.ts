import { describe, expect, it } from 'vitest';
import { expiredPoints, loyaltyCredit, loyaltyDiscount, nextExpiry, pointsExpireOn, usablePoints, type LoyaltyRates } from './loyalty';

const rates: LoyaltyRates = { cashback: true, points: true, cashbackPercent: '2.50', pointsPerReal: 2, pointValue: '0.0150', pointsExpiryDays: 90 };

describe('loyaltyCredit', () => {
  it('gives the cashback % of the total rounded once at the places, and whole points per real rounded down', () => {
    // 2,5 % of 123,45 = 3,08625 → 3,09 (2 places), 3,0863 (4 places); 2 × 123,45 = 246,9 → 246 points.
    expect(loyaltyCredit('123.45', rates, 2)).toEqual({ cashback: '3.09', points: 246 });
    expect(loyaltyCredit('123.45', rates, 4)).toEqual({ cashback: '3.0863', points: 246 });
  });

  it('gives only what the company uses, and nothing for a total of zero', () => {
    expect(loyaltyCredit('100', { ...rates, cashback: false }, 2)).toEqual({ cashback: '0.00', points: 200 });
    expect(loyaltyCredit('100', { ...rates, points: false }, 2)).toEqual({ cashback: '2.50', points: 0 });
    expect(loyaltyCredit('0', rates, 2)).toEqual({ cashback: '0.00', points: 0 });
  });
});

describe('loyaltyDiscount', () => {
  it('is the cashback used and the points at their value, each rounded once', () => {
    // 333 points × 0,015 = 4,995 → 5,00; with R$ 1,234 of cashback → 1,23: 6,23.
    expect(loyaltyDiscount({ cashback: '1.234', points: 333 }, rates.pointValue, 2)).toBe('6.23');
    expect(loyaltyDiscount({ cashback: null, points: 0 }, rates.pointValue, 2)).toBe('0.00');
  });
});

describe('the points’ expiry', () => {
  // 100 points expire on 03-01, 50 on 03-10: a balance of 120 is held by the newest first (50 + 70 of the older).
  const lots = { '2027-03-01': 100, '2027-03-10': 50 };

  it('takes the oldest points first: the balance lives in the newest lots', () => {
    expect(expiredPoints(120, lots, '2027-02-28')).toBe(0);
    // On the first lot's date its 70 left are gone; the other 50 stand.
    expect(expiredPoints(120, lots, '2027-03-01')).toBe(70);
    expect(usablePoints(120, lots, '2027-03-01')).toBe(50);
    // A balance the newer lot holds whole loses nothing on the older lot's date.
    expect(expiredPoints(40, lots, '2027-03-01')).toBe(0);
    expect(expiredPoints(40, lots, '2027-03-10')).toBe(40);
  });

  it('names the next points to expire: the oldest lot that still holds part of the balance', () => {
    expect(nextExpiry(120, lots, '2027-02-01')).toEqual({ on: '2027-03-01', points: 70 });
    expect(nextExpiry(40, lots, '2027-02-01')).toEqual({ on: '2027-03-10', points: 40 });
    expect(nextExpiry(0, lots, '2027-02-01')).toBeNull();
  });

  it('dates the expiry the company’s days after the credit', () => {
    expect(pointsExpireOn('2026-12-15', rates)).toBe('2027-03-15');
  });
});
