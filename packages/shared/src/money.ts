import Decimal from 'decimal.js';

/**
 * Money and quantities (ARCHITECTURE invariant 9): decimal strings read and computed with
 * `decimal.js`, never binary floats; rounded half-up once, at the end of a line, at the session
 * branch's `casasDecimais` (2 when the branch says nothing). The API and the web use these same
 * helpers, so a value shows the same in the price chart, its CSV and its PDF.
 */

export { Decimal };

/** The spec's `casasDecimais` when a branch has none. */
export const DEFAULT_DECIMALS = 2;
/** Places a stored price keeps (a price table accepts up to 4). */
export const PRICE_SCALE = 4;

const PLAIN = /^[+-]?\d+(?:[.,]\d+)?$/;
const GROUPED_COMMA = /^[+-]?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
const GROUPED_DOT = /^[+-]?\d{1,3}(?:,\d{3})+\.\d+$/;

/** Valid places for a branch's decimals (0 to 6); anything else is the default. */
export function placesOf(decimals: number | null | undefined): number {
  return typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 && decimals <= 6 ? decimals : DEFAULT_DECIMALS;
}

/**
 * A decimal a person typed or a file carried: `12,5`, `12.5`, `1.234,56` (Brazilian grouping) or
 * `1,234.56`; spaces and a leading `R$` are ignored. A lone separator is the decimal point, whichever
 * it is (`1.234` is one point two three four, as the API writes decimals). Null when malformed.
 */
export function parseDecimal(text: string | number | null | undefined): Decimal | null {
  if (text === null || text === undefined) return null;
  if (typeof text === 'number') return Number.isFinite(text) ? new Decimal(String(text)) : null;
  const s = text.replace(/^\s*R\$/i, '').replace(/\s+/g, '');
  if (!s || s.length > 40) return null;
  if (PLAIN.test(s)) return new Decimal(s.replace(',', '.'));
  if (GROUPED_COMMA.test(s)) return new Decimal(s.replace(/\./g, '').replace(',', '.'));
  if (GROUPED_DOT.test(s)) return new Decimal(s.replace(/,/g, ''));
  return null;
}

/** Significant digits after the decimal point (`12,50` → 1, `12,5001` → 4): trailing zeros carry no value. Null when malformed. */
export function scaleOf(text: string): number | null {
  const d = parseDecimal(text);
  return d ? d.decimalPlaces() : null;
}

/**
 * The places a stored amount carries, never fewer than `atLeast` ("6.1605" → 4, "12.50" → 2,
 * "12" → `atLeast`): what a sum of amounts of several branches' decimals keeps, and how they show.
 */
export function placesIn(values: readonly (string | null | undefined)[] | string, atLeast: number = DEFAULT_DECIMALS): number {
  let places = atLeast;
  for (const v of typeof values === 'string' ? [values] : values) {
    const dot = v ? v.indexOf('.') : -1;
    if (v && dot >= 0) places = Math.max(places, v.length - dot - 1);
  }
  return Math.min(places, 6);
}

/** Half-up at `places` (0.125 → 0.13, -0.125 → -0.13: away from zero on a tie). */
export function roundHalfUp(value: Decimal.Value, places: number): Decimal {
  return new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
}

/** A fixed-scale decimal string as stored and sent by the API ("12.3450" at 4 places). */
export function toFixed(value: Decimal.Value, places: number): string {
  return new Decimal(value).toFixed(places, Decimal.ROUND_HALF_UP);
}

/**
 * pt-BR digits with `places` places, grouping thousands with a point and using a comma for the
 * decimals ("1.234,56"), rounded half-up. No currency symbol (see `formatMoney`).
 */
export function formatDecimal(value: Decimal.Value, places: number = DEFAULT_DECIMALS): string {
  const fixed = toFixed(value, places);
  const negative = fixed.startsWith('-');
  const [int = '0', frac] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const zero = /^[0.]*$/.test(fixed.replace('-', ''));
  return `${negative && !zero ? '-' : ''}${grouped}${frac ? `,${frac}` : ''}`;
}

/**
 * pt-BR digits with at least `atLeast` places, or the value's own where it has more: a quantity as
 * a person reads it ('12', '2,5' at 0; '3,00' at a branch's 2), a unit price ('8,333' at 2).
 */
export function formatDecimalAtLeast(value: Decimal.Value, atLeast = 0): string {
  const d = new Decimal(value);
  return formatDecimal(d, Math.max(atLeast, d.decimalPlaces()));
}

/** "R$ 1.234,56": the amount as a person in Brazil reads it. */
export function formatMoney(value: Decimal.Value, places: number = DEFAULT_DECIMALS): string {
  const text = formatDecimal(value, places);
  return text.startsWith('-') ? `-R$ ${text.slice(1)}` : `R$ ${text}`;
}

/** A payment condition's rates, percent, as decimal strings (the registry stores them at scale 4). */
export interface ConditionRates {
  discountRate?: string | null;
  surchargeRate?: string | null;
}

/**
 * A price under a payment condition: `price × (1 − discount/100) × (1 + surcharge/100)`, rounded
 * half-up once, at the end, at `places`. A condition usually has one of the two rates; with both,
 * the discount applies first and the surcharge on the discounted price (the order does not change
 * the product, only the single rounding matters). Missing rates are zero.
 */
export function applyConditionRates(price: Decimal.Value, rates: ConditionRates, places: number = DEFAULT_DECIMALS): Decimal {
  const discount = new Decimal(rates.discountRate || 0);
  const surcharge = new Decimal(rates.surchargeRate || 0);
  const factor = new Decimal(1).minus(discount.div(100)).times(new Decimal(1).plus(surcharge.div(100)));
  return roundHalfUp(new Decimal(price).times(factor), places);
}

/** True when a condition changes no price (no discount and no surcharge). */
export function isNeutral(rates: ConditionRates): boolean {
  return new Decimal(rates.discountRate || 0).isZero() && new Decimal(rates.surchargeRate || 0).isZero();
}
