import { businessDate, DEFAULT_DATE_FORMAT, DEFAULT_TIME_ZONE, formatCalendarDate, zonedParts } from '@ev/shared/calendar';
import { Decimal, formatDecimal } from '@ev/shared/money';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from './i18n';
import { useSession } from './use-session';

/**
 * The one formatter of the web app for money, numbers and dates. Money and numbers are decimal
 * strings from the API, read with decimal.js and written digit by digit (never through a binary
 * float), rounded half-up; dates from the server (UTC `yyyy-MM-dd HH:mm:ss`) are shown in the
 * user's time zone (`fuso`, default America/Sao_Paulo) and date format (`formatoData`); business
 * dates (`yyyy-MM-dd`) have no time zone and are only rewritten in the user's date format.
 * Components take it from `useFormat()`, which reads the session's preferences and the language.
 */
export interface FormatContext {
  locale: string;
  timeZone?: string | undefined;
  dateFormat?: string | undefined;
}

export { DEFAULT_DATE_FORMAT, DEFAULT_TIME_ZONE } from '@ev/shared/calendar';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant of a server timestamp: UTC `yyyy-MM-dd HH:mm:ss`, or ISO with its own zone. */
export function parseServerTimestamp(value: string): Date {
  const iso = value.replace(' ', 'T');
  return new Date(/(?:Z|[+-]\d{2}:?\d{2})$/i.test(iso) ? iso : `${iso}Z`);
}

/** A server timestamp's wall clock in the user's time zone (the shared calendar's, as the server prints it), or null when it is no timestamp. */
function zoned(value: string, ctx: FormatContext) {
  const at = parseServerTimestamp(value).getTime();
  return Number.isNaN(at) ? null : zonedParts(at, ctx.timeZone || DEFAULT_TIME_ZONE);
}

/** A server timestamp in the user's time zone and date format, with the time (`dd/MM/yyyy HH:mm:ss`). */
export function formatDateTime(value: string | null | undefined, ctx: FormatContext): string {
  if (!value) return '';
  const p = zoned(value, ctx);
  return p ? `${formatCalendarDate(`${p.year}-${p.month}-${p.day}`, ctx.dateFormat || DEFAULT_DATE_FORMAT)} ${p.hour}:${p.minute}:${p.second}` : value;
}

/**
 * A date in the user's date format: a business date (`yyyy-MM-dd`) as written; a server timestamp
 * by its day in the user's time zone.
 */
export function formatDate(value: string | null | undefined, ctx: FormatContext): string {
  if (!value) return '';
  const pattern = ctx.dateFormat || DEFAULT_DATE_FORMAT;
  if (DATE_ONLY.test(value)) return formatCalendarDate(value, pattern);
  const p = TIMESTAMP.test(value) ? zoned(value, ctx) : null;
  return p ? formatCalendarDate(`${p.year}-${p.month}-${p.day}`, pattern) : value;
}

/** A month (`yyyy-MM`) short in the locale ("mar. de 26", "Mar 26"), read as a calendar month (no time zone shift). */
export function formatMonth(month: string, ctx: FormatContext): string {
  return new Intl.DateTimeFormat(ctx.locale, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(Date.parse(`${month}-01T00:00:00Z`));
}

/** pt-BR digits ("1.234,56") as the locale writes them ("1,234.56" in English). */
function localized(text: string, locale: string): string {
  if (locale.startsWith('pt')) return text;
  return text.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.'));
}

/** A decimal (a string from the API) with `places` places, grouped, in the user's locale; '' for none or a malformed value. */
export function formatNumber(value: Decimal.Value | null | undefined, ctx: FormatContext, places = 2): string {
  if (value === null || value === undefined || value === '') return '';
  try {
    return localized(formatDecimal(new Decimal(value), places), ctx.locale);
  } catch {
    return String(value);
  }
}

/**
 * A quantity: at least `places` places, or more when the value has more, so no part of a unit is
 * hidden (0,125 kg stays 0,125 with 2 places).
 */
export function formatQuantity(value: Decimal.Value, ctx: FormatContext, places = 2): string {
  const d = new Decimal(value);
  return formatNumber(d, ctx, Math.max(places, d.decimalPlaces()));
}

/** Money from a decimal string: "R$ 1.234,56" in Portuguese, "R$ 1,234.56" in English; '' for none. */
export function formatMoney(value: Decimal.Value | null | undefined, ctx: FormatContext, places = 2): string {
  const text = formatNumber(value, ctx, places);
  if (!text) return '';
  return text.startsWith('-') ? `-R$ ${text.slice(1)}` : `R$ ${text}`;
}

/** A decimal with the places it carries, trailing zeros dropped ("5.0000" → "5", "2.5000" → "2,5"). */
export function formatExact(value: Decimal.Value, ctx: FormatContext): string {
  return formatNumber(value, ctx, new Decimal(value).decimalPlaces());
}

/** A share (0 to 1) as a whole percentage in the user's locale ("75%"). */
export function formatPercent(part: number, whole: number, ctx: FormatContext): string {
  if (!whole) return '';
  return `${formatNumber(new Decimal(part).times(100).div(whole), ctx, 0)}%`;
}

/** The formatter bound to one context: what components use. */
export interface Formatter {
  ctx: FormatContext;
  money(value: Decimal.Value | null | undefined, places?: number): string;
  number(value: Decimal.Value | null | undefined, places?: number): string;
  quantity(value: Decimal.Value, places?: number): string;
  decimal(value: Decimal.Value): string;
  percent(part: number, whole: number): string;
  date(value: string | null | undefined): string;
  dateTime(value: string | null | undefined): string;
  /** A month (`yyyy-MM`), short. */
  month(value: string): string;
  /** Today's date in the user's time zone and date format. */
  today(): string;
}

export function formatter(ctx: FormatContext): Formatter {
  return {
    ctx,
    money: (v, places) => formatMoney(v, ctx, places),
    number: (v, places) => formatNumber(v, ctx, places),
    quantity: (v, places) => formatQuantity(v, ctx, places),
    decimal: (v) => formatExact(v, ctx),
    percent: (part, whole) => formatPercent(part, whole, ctx),
    date: (v) => formatDate(v, ctx),
    dateTime: (v) => formatDateTime(v, ctx),
    month: (v) => formatMonth(v, ctx),
    today: () => formatCalendarDate(businessDate(ctx.timeZone || DEFAULT_TIME_ZONE, Date.now()), ctx.dateFormat || DEFAULT_DATE_FORMAT),
  };
}

/** The formatter of the signed-in user: the language's locale, the session's `fuso` and `formatoData`. */
export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  const user = useSession().data?.user;
  const locale = localeOf(i18n.language);
  const timeZone = user?.fuso;
  const dateFormat = user?.formatoData;
  return useMemo(() => formatter({ locale, timeZone, dateFormat }), [locale, timeZone, dateFormat]);
}
