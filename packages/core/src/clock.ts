import { businessDate, utcTimestamp } from '@ev/shared/calendar';

/** The one source of "now", replaceable in tests (throttling windows, token expiry, grace). */
let source: () => number = () => Date.now();

export const Clock = {
  now(): number {
    return source();
  },
  date(): Date {
    return new Date(source());
  },
  /** Seconds since the epoch. */
  seconds(): number {
    return Math.floor(source() / 1000);
  },
  /** Today (`yyyy-MM-dd`) in `timeZone`: the company's business date. */
  today(timeZone: string): string {
    return businessDate(timeZone, source());
  },
  set(fn: () => number): void {
    source = fn;
  },
  reset(): void {
    source = () => Date.now();
  },
};

/** `yyyy-MM-dd HH:mm:ss` in UTC: the API's timestamp format (ARCHITECTURE, "The API contract"). */
export function timestamp(ms: number = Clock.now()): string {
  return utcTimestamp(ms);
}
