import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/**
 * Shared formatters: dates from the server (UTC `yyyy-MM-dd HH:mm:ss`) shown in the user's time
 * zone (`fuso`, default America/Sao_Paulo) and date format (`formatoData`); numbers and money in
 * the user's locale.
 */
export interface FormatContext {
  locale: string;
  timeZone?: string;
  dateFormat?: string;
}

const DEFAULT_TZ = 'America/Sao_Paulo';

export function parseServerTimestamp(value: string): Date {
  return fromZonedTime(value.replace(' ', 'T'), 'UTC');
}

export function formatDateTime(value: string | null | undefined, ctx: FormatContext): string {
  if (!value) return '';
  const date = parseServerTimestamp(value);
  return formatInTimeZone(date, ctx.timeZone || DEFAULT_TZ, `${ctx.dateFormat || 'dd/MM/yyyy'} HH:mm:ss`);
}

export function formatDate(value: string | null | undefined, ctx: FormatContext): string {
  if (!value) return '';
  // Business dates (yyyy-MM-dd) have no time zone: shown as written.
  const [y, m, d] = value.split('-');
  const pattern = ctx.dateFormat || 'dd/MM/yyyy';
  return pattern.replace('yyyy', y ?? '').replace('MM', m ?? '').replace('dd', d ?? '');
}

export function formatNumber(value: string | number, ctx: FormatContext, fractionDigits = 2): string {
  return new Intl.NumberFormat(ctx.locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(Number(value));
}

/** Money from a decimal string: R$ 1.234,56 in pt-BR. */
export function formatMoney(value: string | number, ctx: FormatContext, fractionDigits = 2): string {
  return new Intl.NumberFormat(ctx.locale, { style: 'currency', currency: 'BRL', minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(Number(value));
}
