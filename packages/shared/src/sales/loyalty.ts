import { addDays } from '../calendar';
import { Decimal, placesOf, roundHalfUp } from '../money';

/**
 * Cashback and points (issue 43, docs/loyalty.md), written once for the order entry and the server:
 * what a paid sale gives, what a use is worth in an order, and which points have expired.
 *
 * Points are kept as a balance and as lots by expiry date (`lots`: expiry date → points credited
 * that expire then). A use takes the oldest points first, so the balance is always held by the
 * newest lots: of a balance B, the lots still in force hold min(B, what they were credited) and the
 * rest (B less what the lots in force hold, when positive) has expired. A lot is in force the days
 * before its expiry date; on that date its points are gone.
 */

/** The company's loyalty settings an order and a move read (company settings, "further"). */
export interface LoyaltyRates {
  cashback: boolean;
  points: boolean;
  /** Percent of the paid sale's total. */
  cashbackPercent: string;
  /** Whole points per real of the paid sale's total. */
  pointsPerReal: number;
  /** What one point is worth in an order, in reais. */
  pointValue: string;
  pointsExpiryDays: number;
}

export const loyaltyOn = (rates: Pick<LoyaltyRates, 'cashback' | 'points'>) => rates.cashback || rates.points;

/**
 * What a sale of `total` gives when it reaches paid: its cashback (the company's percent of the
 * total, rounded half-up once at the sale's places) and its points (per real, whole points rounded
 * down: a point is never given for less than a real's worth).
 */
export function loyaltyCredit(total: string, rates: LoyaltyRates, decimals?: number | null): { cashback: string; points: number } {
  const places = placesOf(decimals);
  const value = Decimal.max(new Decimal(total), 0);
  const cashback = rates.cashback ? roundHalfUp(value.times(rates.cashbackPercent).div(100), places) : new Decimal(0);
  const points = rates.points ? value.times(rates.pointsPerReal).floor().toNumber() : 0;
  return { cashback: cashback.toFixed(places), points };
}

/** What `points` are worth in an order at `pointValue` reais each, rounded half-up once at the order's places. */
export function pointsWorth(points: number, pointValue: string, decimals?: number | null): string {
  const places = placesOf(decimals);
  return roundHalfUp(new Decimal(points).times(pointValue), places).toFixed(places);
}

/** The amount a use of the client's balance takes off the order: the cashback used and what the points used are worth. */
export function loyaltyDiscount(use: { cashback?: string | null; points?: number | null }, pointValue: string, decimals?: number | null): string {
  const places = placesOf(decimals);
  const cashback = roundHalfUp(new Decimal(use.cashback || 0), places);
  return cashback.plus(pointsWorth(use.points ?? 0, pointValue, decimals)).toFixed(places);
}

/** The points the lots in force on `today` were credited with (expiry date after today). */
function inForce(lots: Readonly<Record<string, number>>, today: string): number {
  let sum = 0;
  for (const [expiresOn, points] of Object.entries(lots)) if (expiresOn > today && points > 0) sum += points;
  return sum;
}

/** Of a balance of `points`, those expired on `today` (held by lots whose expiry date has come). */
export function expiredPoints(points: number, lots: Readonly<Record<string, number>>, today: string): number {
  return Math.max(0, points - inForce(lots, today));
}

/** Of a balance of `points`, those that may be used on `today`. */
export const usablePoints = (points: number, lots: Readonly<Record<string, number>>, today: string) => points - expiredPoints(points, lots, today);

/**
 * The next points to expire after `today`: the oldest lot in force that still holds some of the
 * balance (the newest lots hold it), its date and what of it is left; null when none.
 */
export function nextExpiry(points: number, lots: Readonly<Record<string, number>>, today: string): { on: string; points: number } | null {
  let left = usablePoints(points, lots, today);
  const dates = Object.keys(lots)
    .filter((d) => d > today && (lots[d] ?? 0) > 0)
    .sort()
    .reverse();
  let oldest: { on: string; points: number } | null = null;
  for (const on of dates) {
    if (left <= 0) break;
    const held = Math.min(left, lots[on]!);
    left -= held;
    oldest = { on, points: held };
  }
  return oldest;
}

/** The expiry date of points credited on `date`: the company's expiry days after it. */
export const pointsExpireOn = (date: string, rates: Pick<LoyaltyRates, 'pointsExpiryDays'>) => addDays(date, rates.pointsExpiryDays);
