import { addDays } from '../calendar';
import { Decimal, placesOf, roundHalfUp, type ConditionRates } from '../money';

/**
 * An order's figures (issue 13, docs/sales.md "Totals"), written once: the browser runs it on every
 * change and the server runs it again at save and close, and the server's figures are the ones
 * stored. Every amount is a decimal string; nothing passes through a binary float. Each line is
 * rounded half-up once, at the branch's `casasDecimais` (ARCHITECTURE invariant 9); the order's own
 * discounts and increases are lines of their own, rounded once each.
 */

export interface TotalsItem {
  quantity: string;
  unitPrice: string;
  /** The line's discount, percent (0 to 100). */
  discountPercent?: string | null;
  /** The line's campaign: its discount, percent, off the unit price before the line's own discount (docs/campaigns.md). */
  campaign?: { discountPercent?: string | null } | null;
  /** A cancelled item stays on the order and counts nowhere. */
  cancelled?: boolean;
}

export interface TotalsInput {
  items: readonly TotalsItem[];
  /** The order's general discount, percent, on the items' net sum. */
  generalDiscountPercent?: string | null;
  /** Other discount, an amount. */
  otherDiscount?: string | null;
  /** Transport charged to the client, an amount. */
  transportIncrease?: string | null;
  /** Other expenses charged to the client, an amount. */
  otherIncrease?: string | null;
  /** The payment condition's own rates: its discount is the payment discount, its surcharge the payment increase. */
  condition?: ConditionRates | null;
  /** A free (bonificado) order: no item discounts and no payment rates apply. */
  free?: boolean;
  /** The client's cashback and points used, an amount (`loyaltyDiscount`, sales/loyalty.ts): off the total, last. */
  loyaltyDiscount?: string | null;
}

export interface LineFigures {
  /** quantity × unit price, rounded. */
  gross: string;
  /** The line's discount: gross less net. */
  discount: string;
  /** quantity × unit price × (1 − discount %), rounded once: the line's total. */
  net: string;
  /** Whether the line counts (not cancelled). */
  counted: boolean;
}

export interface SaleTotals {
  lines: LineFigures[];
  /** Sum of the counted lines' gross. */
  items: string;
  discounts: { items: string; general: string; payment: string; other: string; loyalty: string };
  increases: { payment: string; transport: string; other: string };
  /** items − every discount + every increase. */
  total: string;
  /** Counted lines and their quantities. */
  count: number;
  quantity: string;
}

const ZERO = new Decimal(0);
const HUNDRED = new Decimal(100);

function dec(value: string | null | undefined): Decimal {
  if (value === null || value === undefined || value === '') return ZERO;
  const d = new Decimal(value);
  return d.isFinite() ? d : ZERO;
}

/** A line's figures kept between two calls (the order entry recomputes on every keystroke). */
interface KeptLine {
  key: string;
  gross: Decimal;
  discount: Decimal;
  net: Decimal;
  quantity: Decimal;
  figures: LineFigures;
}

/** Lines already computed, by the item object: an item that did not change is not computed again. */
export type LineCache = WeakMap<TotalsItem, KeptLine>;
export const lineCache = (): LineCache => new WeakMap();

/**
 * The figures of an order at `decimals` places (the branch's `casasDecimais`; 2 when unknown).
 * `cache` (the browser's, across keystrokes) keeps each item's own figures while the item object,
 * the places and the free flag stay the same; the result is the same with or without it.
 */
export function saleTotals(input: TotalsInput, decimals?: number | null, cache?: LineCache): SaleTotals {
  const places = placesOf(decimals);
  const fixed = (d: Decimal) => d.toFixed(places);
  let items = ZERO;
  let itemDiscounts = ZERO;
  let net = ZERO;
  let quantity = ZERO;
  let count = 0;
  const key = `${places}|${input.free ? 1 : 0}`;
  const lines = input.items.map((item): LineFigures => {
    let kept = cache?.get(item);
    if (!kept || kept.key !== key) {
      const exact = dec(item.quantity).times(dec(item.unitPrice));
      const percent = input.free ? ZERO : dec(item.discountPercent);
      const campaign = input.free ? ZERO : dec(item.campaign?.discountPercent);
      const gross = roundHalfUp(exact, places);
      const lineNet = roundHalfUp(exact.times(HUNDRED.minus(campaign)).div(HUNDRED).times(HUNDRED.minus(percent)).div(HUNDRED), places);
      const discount = gross.minus(lineNet);
      const counted = !item.cancelled;
      kept = { key, gross, discount, net: lineNet, quantity: dec(item.quantity), figures: { gross: fixed(gross), discount: fixed(discount), net: fixed(lineNet), counted } };
      cache?.set(item, kept);
    }
    if (kept.figures.counted) {
      items = items.plus(kept.gross);
      itemDiscounts = itemDiscounts.plus(kept.discount);
      net = net.plus(kept.net);
      quantity = quantity.plus(kept.quantity);
      count++;
    }
    return kept.figures;
  });
  const general = roundHalfUp(net.times(dec(input.generalDiscountPercent)).div(HUNDRED), places);
  const afterGeneral = net.minus(general);
  // The condition's discount first, its surcharge on what is left (as applyConditionRates does).
  const rates = input.free ? {} : (input.condition ?? {});
  const paymentDiscount = roundHalfUp(afterGeneral.times(dec(rates.discountRate)).div(HUNDRED), places);
  const paymentIncrease = roundHalfUp(afterGeneral.minus(paymentDiscount).times(dec(rates.surchargeRate)).div(HUNDRED), places);
  const other = roundHalfUp(dec(input.otherDiscount), places);
  const transport = roundHalfUp(dec(input.transportIncrease), places);
  const otherIncrease = roundHalfUp(dec(input.otherIncrease), places);
  const loyalty = input.free ? ZERO : roundHalfUp(dec(input.loyaltyDiscount), places);
  const total = afterGeneral.minus(paymentDiscount).plus(paymentIncrease).minus(other).plus(transport).plus(otherIncrease).minus(loyalty);
  return {
    lines,
    items: fixed(items),
    discounts: { items: fixed(itemDiscounts), general: fixed(general), payment: fixed(paymentDiscount), other: fixed(other), loyalty: fixed(loyalty) },
    increases: { payment: fixed(paymentIncrease), transport: fixed(transport), other: fixed(otherIncrease) },
    total: fixed(total),
    count,
    quantity: quantity.toFixed(),
  };
}

/**
 * What the client pays for one unit of a line (docs/sales.md "The minimum price"): the unit price
 * less the line's discount and the order's general discount, exact (never rounded), the figure a
 * product's minimum price holds against. A free order takes no line discount. The payment
 * condition's rates and the other discount (an amount on the order) are not a price of the product
 * and do not count.
 */
export function unitNet(item: Pick<TotalsItem, 'unitPrice' | 'discountPercent'>, order: Pick<TotalsInput, 'generalDiscountPercent' | 'free'>): Decimal {
  const line = order.free ? ZERO : dec(item.discountPercent);
  return dec(item.unitPrice).times(HUNDRED.minus(line)).div(HUNDRED).times(HUNDRED.minus(dec(order.generalDiscountPercent))).div(HUNDRED);
}

export interface PlannedInstallment {
  /** "1/3". */
  installment: string;
  /** Days after the order date (the condition's term). */
  term: number;
  dueDate: string;
  value: string;
}

/**
 * The installments of a total under a payment condition's terms (days; 0 is cash): one per term,
 * due that many days after the order's business date, each the total divided by their count and
 * cut (never rounded up) at `decimals` places, the remainder on the first, so they add up to the
 * total exactly. No terms: one installment due on the order date (cash).
 */
export function splitInstallments(total: string, terms: readonly number[], orderDate: string, decimals?: number | null): PlannedInstallment[] {
  const places = placesOf(decimals);
  const days = terms.length ? [...terms] : [0];
  const n = days.length;
  const whole = new Decimal(total);
  const each = whole.div(n).toDecimalPlaces(places, Decimal.ROUND_DOWN);
  const first = whole.minus(each.times(n - 1));
  return days.map((term, i) => ({
    installment: `${i + 1}/${n}`,
    term,
    dueDate: addDays(orderDate, term),
    value: (i === 0 ? first : each).toFixed(places),
  }));
}
