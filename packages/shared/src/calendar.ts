/**
 * The calendar of the back office, written once for the API and the web. Business dates are
 * `yyyy-MM-dd` strings and months `yyyy-MM` strings: they have no time zone, compare as text and
 * are computed in UTC arithmetic (a day is a day, whatever the server's TZ). Instants become
 * calendar figures only through a named time zone (the company's, or the user's `fuso`), read
 * with Intl. Stored instants stay UTC (`yyyy-MM-dd HH:mm:ss`). Pure functions: "now" is the
 * caller's (core's Clock, the browser's Date).
 */

/** The time zone when none is set or the one set is unknown. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** Brazil's time zones (IANA): what the screens offer for a user's time zone. */
export const BRAZIL_TIME_ZONES = ['America/Sao_Paulo', 'America/Bahia', 'America/Fortaleza', 'America/Recife', 'America/Maceio', 'America/Belem', 'America/Araguaina', 'America/Santarem', 'America/Manaus', 'America/Cuiaba', 'America/Campo_Grande', 'America/Porto_Velho', 'America/Boa_Vista', 'America/Rio_Branco', 'America/Eirunepe', 'America/Noronha'] as const;
/** The date format when the user chose none. */
export const DEFAULT_DATE_FORMAT = 'dd/MM/yyyy';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Midnight UTC of a business date, in milliseconds (NaN when it is not one). */
function utcMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** The business date of a UTC instant in milliseconds. */
function ofUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whether `value` is `yyyy-MM-dd` and a day of the calendar (no 2025-02-29, no 2026-04-31). */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const ms = utcMs(value);
  return !Number.isNaN(ms) && ofUtcMs(ms) === value;
}

// One day format per zone, made once (making one loads the zone's rules: about 13 ms on a phone,
// every time, where using one is microseconds). An unknown zone throws and is not kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day (`yyyy-MM-dd`) an instant falls on in `timeZone`: "today" in the company's zone. */
export function businessDate(timeZone: string, at: number | Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as yyyy-MM-dd.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** `date` plus `days` (negative to go back), on the calendar. */
export function addDays(date: string, days: number): string {
  const d = new Date(utcMs(date));
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is before). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMs(to) - utcMs(from)) / DAY_MS);
}

/** A known Sunday: weekdays are counted from it. */
const SUNDAY = '1970-01-04';

/** The day of the week of a business date: 0 Sunday … 6 Saturday (as Date#getUTCDay). */
export function weekday(date: string): number {
  return ((daysBetween(SUNDAY, date) % 7) + 7) % 7;
}

/** Whether `day` lies in the window (ends included; a missing end is open). */
export function inDateRange(day: string, from: string | null | undefined, until: string | null | undefined): boolean {
  return (!from || from <= day) && (!until || day <= until);
}

/** The month (`yyyy-MM`) of a business date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** `month` (`yyyy-MM`) plus `n` months (negative to go back). */
export function addMonths(month: string, n: number): string {
  const total = Number(month.slice(0, 4)) * 12 + (Number(month.slice(5, 7)) - 1) + n;
  const year = Math.floor(total / 12);
  return `${String(year).padStart(4, '0')}-${String(total - year * 12 + 1).padStart(2, '0')}`;
}

/** The `count` months (`yyyy-MM`) ending with `today`'s, oldest first. */
export function lastMonths(today: string, count = 12): string[] {
  const current = monthOf(today);
  const out: string[] = [];
  for (let k = count - 1; k >= 0; k--) out.push(addMonths(current, -k));
  return out;
}

/** The first and last days of a month (`yyyy-MM`): leap years and 30-day months included. */
export function monthRange(month: string): { first: string; last: string } {
  return { first: `${month}-01`, last: addDays(`${addMonths(month, 1)}-01`, -1) };
}

/** A business date in a date format made of dd, MM and yyyy (`dd/MM/yyyy` by default). */
export function formatCalendarDate(date: string, pattern: string = DEFAULT_DATE_FORMAT): string {
  const m = DATE.exec(date);
  if (!m) return date;
  return pattern.replace('yyyy', m[1]!).replace('MM', m[2]!).replace('dd', m[3]!);
}

export interface ZonedParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

// One format per zone, made once: making one costs far more than using it (the zone's rules are loaded).
const zonedFormats = new Map<string, Intl.DateTimeFormat>();

function zonedFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zonedFormats.get(timeZone);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };
    try {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    } catch {
      format = zonedFormat(DEFAULT_TIME_ZONE);
    }
    zonedFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of an instant in `timeZone` (an unknown zone reads as the default one), digit strings. */
export function zonedParts(at: number | Date, timeZone: string): ZonedParts {
  const out: Record<string, string> = {};
  for (const part of zonedFormat(timeZone).formatToParts(at)) out[part.type] = part.value;
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour!, minute: out.minute!, second: out.second! };
}

/** `dd/MM/yyyy HH:mm` in `timeZone` (the date and time printed in files). */
export function zonedDateTime(at: number | Date, timeZone: string): string {
  const p = zonedParts(at, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** `yyyy-MM-dd-HHmm` in `timeZone` (file names), or `yyyy-MM-dd` with `'day'`. */
export function fileStamp(at: number | Date, timeZone: string, precision: 'minute' | 'day' = 'minute'): string {
  const p = zonedParts(at, timeZone);
  const day = `${p.year}-${p.month}-${p.day}`;
  return precision === 'day' ? day : `${day}-${p.hour}${p.minute}`;
}

/** `yyyy-MM-dd HH:mm:ss` in UTC: the API's timestamp format. */
export function utcTimestamp(at: number | Date): string {
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant (ms) of an API timestamp (`yyyy-MM-dd HH:mm:ss`, UTC): the reverse of `utcTimestamp`. */
export function timestampMs(ts: string): number {
  return Date.parse(`${ts.replace(' ', 'T')}Z`);
}

/**
 * The instant (ms) at which the wall clock of `timeZone` reads `date` at `hour`:`minute`: the
 * reverse of `zonedParts`, for a business date and time stored as UTC. The zone's offset is read
 * at that instant (twice, so an offset change near the time is followed).
 */
export function zonedInstant(date: string, hour: number, minute: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d, hour, minute);
  let at = wanted;
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(at, timeZone);
    const shown = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
    at += wanted - shown;
  }
  return at;
}
