import { Clock } from '../clock';

/**
 * Business dates (`yyyy-MM-dd`) in the company's time zone: "today" for due dates, the month a
 * client was created in. Stored instants stay UTC; only these calendar figures use the zone.
 */
export function businessDate(timeZone: string, ms: number = Clock.now()): string {
  // en-CA formats as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
}

/** `date` plus `days` (negative to go back), on the calendar. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
