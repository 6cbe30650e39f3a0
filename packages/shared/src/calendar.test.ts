import { describe, expect, it } from 'vitest';
import { addDays, addMonths, businessDate, weekday, daysBetween, fileStamp, formatCalendarDate, inDateRange, isCalendarDate, lastMonths, monthOf, monthRange, utcTimestamp, zonedDateTime, zonedInstant, zonedParts } from './calendar';

const utc = (iso: string) => Date.parse(`${iso}Z`);

describe('calendar: business dates in a time zone', () => {
  it('takes the day in São Paulo (UTC−3, no daylight saving): 02:59 UTC is still the day before', () => {
    expect(businessDate('America/Sao_Paulo', utc('2026-03-11T02:59:59'))).toBe('2026-03-10');
    expect(businessDate('America/Sao_Paulo', utc('2026-03-11T03:00:00'))).toBe('2026-03-11');
    // Southern summer (São Paulo kept daylight saving until 2019; no more): still UTC−3 in January.
    expect(businessDate('America/Sao_Paulo', utc('2026-01-01T01:30:00'))).toBe('2025-12-31');
  });

  it('takes the day in Tokyo (UTC+9): 15:00 UTC is already tomorrow, midnight UTC is 09:00 there', () => {
    expect(businessDate('Asia/Tokyo', utc('2026-03-10T14:59:59'))).toBe('2026-03-10');
    expect(businessDate('Asia/Tokyo', utc('2026-03-10T15:00:00'))).toBe('2026-03-11');
    expect(businessDate('Asia/Tokyo', utc('2026-12-31T23:59:59'))).toBe('2027-01-01');
    expect(businessDate('UTC', utc('2026-12-31T23:59:59'))).toBe('2026-12-31');
  });

  it('accepts a Date or milliseconds', () => {
    const ms = utc('2024-02-29T12:00:00');
    expect(businessDate('UTC', new Date(ms))).toBe(businessDate('UTC', ms));
  });

  it('throws on an unknown zone (the company zone is validated when stored)', () => {
    expect(() => businessDate('Mars/Olympus', 0)).toThrow(RangeError);
  });
});

describe('calendar: arithmetic on yyyy-MM-dd', () => {
  it('adds and subtracts days across month ends, year ends and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-15', -3650)).toBe('2016-01-18');
    expect(addDays('2026-04-30', 0)).toBe('2026-04-30');
  });

  it('counts whole days between dates, negative backwards', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2024-02-27', '2024-03-01')).toBe(3);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2026-03-10', '2026-03-10')).toBe(0);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
  });

  it('is the same whatever the process TZ says (UTC arithmetic)', () => {
    for (let d = 0; d < 400; d += 7) expect(daysBetween('2026-01-01', addDays('2026-01-01', d))).toBe(d);
  });

  it('tells a calendar date from text that only looks like one', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2026-04-31')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(isCalendarDate('2026-01-01T00:00')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });

  it('checks a window with open ends, both ends included', () => {
    expect(inDateRange('2026-02-01', '2026-02-01', '2026-02-28')).toBe(true);
    expect(inDateRange('2026-02-28', '2026-02-01', '2026-02-28')).toBe(true);
    expect(inDateRange('2026-03-01', '2026-02-01', '2026-02-28')).toBe(false);
    expect(inDateRange('2026-01-31', '2026-02-01', null)).toBe(false);
    expect(inDateRange('2099-01-01', '2026-02-01', null)).toBe(true);
    expect(inDateRange('1999-01-01', undefined, undefined)).toBe(true);
  });
});

describe('calendar: months', () => {
  it('moves months across years', () => {
    expect(monthOf('2026-03-31')).toBe('2026-03');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-03', -27)).toBe('2023-12');
    expect(addMonths('2026-03', 0)).toBe('2026-03');
  });

  it('lists the last N months oldest first, the current one last', () => {
    expect(lastMonths('2026-02-15')).toEqual(['2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02']);
    expect(lastMonths('2026-12-31')).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12']);
    expect(lastMonths('2026-01-01', 3)).toEqual(['2025-11', '2025-12', '2026-01']);
    expect(lastMonths('2026-01-01', 0)).toEqual([]);
  });

  it('gives a month its first and last day (leap years, 30-day months, December)', () => {
    expect(monthRange('2024-02')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(monthRange('2025-02')).toEqual({ first: '2025-02-01', last: '2025-02-28' });
    expect(monthRange('1900-02')).toEqual({ first: '1900-02-01', last: '1900-02-28' });
    expect(monthRange('2000-02')).toEqual({ first: '2000-02-01', last: '2000-02-29' });
    expect(monthRange('2026-04')).toEqual({ first: '2026-04-01', last: '2026-04-30' });
    expect(monthRange('2026-12')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
  });
});

describe('calendar: formatting', () => {
  it('rewrites a business date in the user date format, without any zone', () => {
    expect(formatCalendarDate('2026-02-01')).toBe('01/02/2026');
    expect(formatCalendarDate('2026-02-01', 'MM/dd/yyyy')).toBe('02/01/2026');
    expect(formatCalendarDate('2026-02-01', 'yyyy-MM-dd')).toBe('2026-02-01');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });

  it('writes the wall clock of an instant in a zone, around midnight UTC', () => {
    const midnight = utc('2026-03-01T00:00:00');
    expect(zonedDateTime(midnight, 'America/Sao_Paulo')).toBe('28/02/2026 21:00');
    expect(zonedDateTime(midnight, 'Asia/Tokyo')).toBe('01/03/2026 09:00');
    expect(zonedDateTime(midnight, 'UTC')).toBe('01/03/2026 00:00');
    expect(zonedParts(utc('2024-02-29T23:59:58'), 'UTC')).toEqual({ year: '2024', month: '02', day: '29', hour: '23', minute: '59', second: '58' });
  });

  it('reads an unknown zone as São Paulo (a file is still written)', () => {
    expect(zonedDateTime(utc('2026-03-01T00:00:00'), 'Nowhere/Special')).toBe('28/02/2026 21:00');
  });

  it('stamps file names by the minute or by the day in the zone', () => {
    const at = new Date(utc('2026-03-10T15:04:00'));
    expect(fileStamp(at, 'Asia/Tokyo')).toBe('2026-03-11-0004');
    expect(fileStamp(at, 'Asia/Tokyo', 'day')).toBe('2026-03-11');
    expect(fileStamp(at, 'America/Sao_Paulo')).toBe('2026-03-10-1204');
    expect(fileStamp(at, 'America/Sao_Paulo', 'day')).toBe('2026-03-10');
  });

  it('writes API timestamps in UTC, seconds and no zone letter', () => {
    expect(utcTimestamp(utc('2026-03-10T15:04:05.678'))).toBe('2026-03-10 15:04:05');
    expect(utcTimestamp(new Date(0))).toBe('1970-01-01 00:00:00');
  });
});

describe('calendar: a wall clock time in a zone as an instant', () => {
  it('is the reverse of zonedParts (São Paulo is UTC−3; Lisbon moves with summer time)', () => {
    expect(utcTimestamp(zonedInstant('2026-03-10', 9, 30, 'America/Sao_Paulo'))).toBe('2026-03-10 12:30:00');
    expect(utcTimestamp(zonedInstant('2026-03-10', 22, 0, 'America/Sao_Paulo'))).toBe('2026-03-11 01:00:00');
    expect(utcTimestamp(zonedInstant('2026-07-01', 10, 0, 'Europe/Lisbon'))).toBe('2026-07-01 09:00:00');
    expect(utcTimestamp(zonedInstant('2026-01-01', 10, 0, 'Europe/Lisbon'))).toBe('2026-01-01 10:00:00');
    expect(businessDate('America/Sao_Paulo', zonedInstant('2026-05-31', 23, 59, 'America/Sao_Paulo'))).toBe('2026-05-31');
  });
});

describe('weekday', () => {
  it('answers the day of the week of a business date, Sunday 0 to Saturday 6, before and after 1970', () => {
    expect(['2026-11-22', '2026-11-23', '2026-11-27', '2026-11-28', '1969-12-31', '2000-02-29'].map(weekday)).toEqual([0, 1, 5, 6, 3, 2]);
  });
});
