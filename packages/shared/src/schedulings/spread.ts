import { addDays, daysBetween, isCalendarDate, weekday } from '../calendar';

/**
 * The dates of "one scheduling per chosen client": all on one day, or so many a day over a range
 * (weekends skipped or not). Dates are business dates `yyyy-MM-dd` (see calendar.ts): no time zone,
 * UTC arithmetic. The same plan gives the same dates on the API and in the screen's preview.
 */

export type SpreadPlan =
  | { mode: 'day'; date: string }
  | { mode: 'perDay'; from: string; until: string; perDay: number; skipWeekends: boolean };

function isWeekend(date: string): boolean {
  const day = weekday(date);
  return day === 0 || day === 6;
}

/** A plan the functions can work on; anything else is the caller's bug or bad input. */
function checkPlan(plan: SpreadPlan): void {
  if (plan.mode === 'day') {
    if (!isCalendarDate(plan.date)) throw new RangeError(`Not a date: ${plan.date}`);
    return;
  }
  if (!isCalendarDate(plan.from)) throw new RangeError(`Not a date: ${plan.from}`);
  if (!isCalendarDate(plan.until)) throw new RangeError(`Not a date: ${plan.until}`);
  if (plan.from > plan.until) throw new RangeError(`The range starts (${plan.from}) after it ends (${plan.until})`);
  if (!Number.isInteger(plan.perDay) || plan.perDay < 1) throw new RangeError(`Per day must be a whole number from 1: ${plan.perDay}`);
}

/** Days in from..until (both included) that take items: every day, or Monday to Friday. */
function usableDays(from: string, until: string, skipWeekends: boolean): number {
  const days = daysBetween(from, until) + 1;
  if (!skipWeekends) return days;
  // Any 7 days in a row hold 5 weekdays; only the remainder needs looking at.
  const rest = days % 7;
  let usable = (days - rest) / 7 * 5;
  for (let k = 0; k < rest; k++) if (!isWeekend(addDays(from, k))) usable++;
  return usable;
}

/** How many items the plan holds: the preview's "up to N clients". One day holds any number (Infinity). */
export function spreadCapacity(plan: SpreadPlan): number {
  checkPlan(plan);
  if (plan.mode === 'day') return Number.POSITIVE_INFINITY;
  return usableDays(plan.from, plan.until, plan.skipWeekends) * plan.perDay;
}

/**
 * The date of each of `count` items, in order: all on `date`, or `perDay` on each day from `from`
 * before moving on to the next (usable) day. Throws a RangeError saying how many fit when the range
 * cannot hold `count`, so the caller can answer a validation error instead of a partial batch.
 */
export function spreadDates(count: number, plan: SpreadPlan): string[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`The count must be a whole number from 0: ${count}`);
  const capacity = spreadCapacity(plan);
  if (plan.mode === 'day') return Array.from({ length: count }, () => plan.date);
  if (count > capacity) {
    throw new RangeError(`${count} items do not fit from ${plan.from} to ${plan.until} at ${plan.perDay} a day: ${capacity} fit`);
  }
  const out: string[] = [];
  let date = plan.from;
  while (out.length < count) {
    if (plan.skipWeekends && isWeekend(date)) {
      date = addDays(date, 1);
      continue;
    }
    for (let k = 0; k < plan.perDay && out.length < count; k++) out.push(date);
    date = addDays(date, 1);
  }
  return out;
}
