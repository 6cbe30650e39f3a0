import { formatDecimal } from '@ev/shared/money';
import Decimal from 'decimal.js';

/** pt-BR "1.234,50" as the locale writes it ("1,234.50" in English). */
function localized(text: string, locale: string): string {
  if (locale.startsWith('pt')) return text;
  return text.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.'));
}

/**
 * A stock quantity (a decimal string from the API): the branch's `decimals` places, or more when the
 * quantity has more, so no part of a unit is hidden (0,125 kg stays 0,125 with 2 places). Decimal.js
 * throughout: the value never passes through a binary float.
 */
export function showQuantity(value: string, decimals: number, locale: string): string {
  const d = new Decimal(value);
  return localized(formatDecimal(d, Math.max(decimals, d.decimalPlaces())), locale);
}

/** A price at the branch's decimals, rounded half-up ("R$ 3,50"); empty for none. */
export function showPrice(value: string | null, decimals: number, locale: string): string {
  if (value === null) return '';
  return `R$ ${localized(formatDecimal(value, decimals), locale)}`;
}

export const isNegative = (value: string) => new Decimal(value).isNegative();
