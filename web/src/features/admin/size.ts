import { Decimal, formatDecimal } from '@ev/shared/money';

const MB = 1024 * 1024;

/** pt-BR digits ("1.234,5") as the locale writes them ("1,234.5" in English), as lib/format does. */
const localized = (text: string, locale: string) => (locale.startsWith('pt') ? text : text.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.')));

/**
 * A company's size in MB (docs/admin.md "Usage"; MB of 1,048,576 bytes, as the import limits say):
 * one place in the user's locale ("12,3 MB"), "< 0,1 MB" for a few bytes, "—" before the first
 * count (null).
 */
export function formatMegabytes(bytes: number | null | undefined, locale: string): string {
  if (bytes === null || bytes === undefined) return '—';
  const mb = new Decimal(bytes).div(MB);
  if (bytes > 0 && mb.lessThan('0.05')) return `< ${localized('0,1', locale)} MB`;
  return `${localized(formatDecimal(mb, 1), locale)} MB`;
}

/** A count grouped in the user's locale ("1.234"), "—" before the first count. */
export function formatCount(value: number | null | undefined, locale: string): string {
  return value === null || value === undefined ? '—' : localized(formatDecimal(new Decimal(value), 0), locale);
}
