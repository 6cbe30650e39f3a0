import { describe, expect, it } from 'vitest';
import { spreadCapacity, spreadDates } from './spread';

// 2026-03-06 is a Friday; 07 and 08 the weekend.
const FRIDAY = '2026-03-06';

describe('spreadDates: one day', () => {
  it('puts every item on the day', () => {
    expect(spreadDates(3, { mode: 'day', date: '2026-03-07' })).toEqual(['2026-03-07', '2026-03-07', '2026-03-07']);
    expect(spreadDates(0, { mode: 'day', date: '2026-03-07' })).toEqual([]);
  });

  it('holds any number', () => {
    expect(spreadCapacity({ mode: 'day', date: FRIDAY })).toBe(Infinity);
  });
});

describe('spreadDates: so many a day', () => {
  it('checks the fixture: the Friday is a Friday', () => {
    expect(new Date(`${FRIDAY}T00:00:00Z`).getUTCDay()).toBe(5);
  });

  it('fills 3 a day from a Friday, skipping the weekend: Fri, Mon, Tue', () => {
    const plan = { mode: 'perDay', from: FRIDAY, until: '2026-03-13', perDay: 3, skipWeekends: true } as const;
    expect(spreadDates(7, plan)).toEqual(['2026-03-06', '2026-03-06', '2026-03-06', '2026-03-09', '2026-03-09', '2026-03-09', '2026-03-10']);
  });

  it('fills 3 a day from a Friday through the weekend: Fri, Sat, Sun', () => {
    const plan = { mode: 'perDay', from: FRIDAY, until: '2026-03-13', perDay: 3, skipWeekends: false } as const;
    expect(spreadDates(7, plan)).toEqual(['2026-03-06', '2026-03-06', '2026-03-06', '2026-03-07', '2026-03-07', '2026-03-07', '2026-03-08']);
  });

  it('starts on the Monday when the range starts on a skipped Saturday', () => {
    const plan = { mode: 'perDay', from: '2026-03-07', until: '2026-03-10', perDay: 1, skipWeekends: true } as const;
    expect(spreadDates(2, plan)).toEqual(['2026-03-09', '2026-03-10']);
  });

  it('fills a range exactly to its capacity, across a month end', () => {
    const plan = { mode: 'perDay', from: '2026-02-27', until: '2026-03-02', perDay: 2, skipWeekends: true } as const;
    expect(spreadCapacity(plan)).toBe(4);
    expect(spreadDates(4, plan)).toEqual(['2026-02-27', '2026-02-27', '2026-03-02', '2026-03-02']);
  });

  it('throws a RangeError saying how many fit when the range is too small', () => {
    const plan = { mode: 'perDay', from: FRIDAY, until: '2026-03-09', perDay: 3, skipWeekends: true } as const;
    expect(() => spreadDates(7, plan)).toThrow(RangeError);
    expect(() => spreadDates(7, plan)).toThrow(/7 items do not fit .*: 6 fit/);
    expect(spreadDates(7, { ...plan, skipWeekends: false })).toHaveLength(7);
    expect(() => spreadDates(13, { ...plan, skipWeekends: false })).toThrow(/13 items do not fit .*: 12 fit/);
    expect(spreadDates(6, plan)).toHaveLength(6);
  });

  it('refuses a bad plan or count', () => {
    const plan = { mode: 'perDay', from: FRIDAY, until: '2026-03-13', perDay: 3, skipWeekends: true } as const;
    expect(() => spreadDates(1, { ...plan, perDay: 0 })).toThrow(RangeError);
    expect(() => spreadDates(1, { ...plan, perDay: 1.5 })).toThrow(RangeError);
    expect(() => spreadDates(1, { ...plan, from: '2026-03-14' })).toThrow(RangeError);
    expect(() => spreadDates(1, { ...plan, until: '2026-02-30' })).toThrow(RangeError);
    expect(() => spreadDates(-1, plan)).toThrow(RangeError);
    expect(() => spreadDates(1, { mode: 'day', date: '06/03/2026' })).toThrow(RangeError);
  });
});

describe('spreadCapacity', () => {
  const plan = (from: string, until: string, perDay: number, skipWeekends: boolean) => ({ mode: 'perDay', from, until, perDay, skipWeekends }) as const;

  it('counts the days of the range times the items a day', () => {
    expect(spreadCapacity(plan(FRIDAY, FRIDAY, 5, true))).toBe(5);
    expect(spreadCapacity(plan(FRIDAY, '2026-03-12', 3, false))).toBe(21);
    expect(spreadCapacity(plan(FRIDAY, '2026-03-12', 3, true))).toBe(15);
  });

  it('holds nothing on a weekend alone when weekends are skipped', () => {
    expect(spreadCapacity(plan('2026-03-07', '2026-03-08', 4, true))).toBe(0);
    expect(spreadCapacity(plan('2026-03-07', '2026-03-08', 4, false))).toBe(8);
    expect(() => spreadDates(1, plan('2026-03-07', '2026-03-08', 4, true))).toThrow(/: 0 fit/);
  });

  it('counts weekdays over long ranges and leap years (2024: 366 days, 262 weekdays)', () => {
    expect(spreadCapacity(plan('2024-01-01', '2024-12-31', 1, false))).toBe(366);
    expect(spreadCapacity(plan('2024-01-01', '2024-12-31', 1, true))).toBe(262);
    expect(spreadCapacity(plan('2026-01-01', '2026-12-31', 2, true))).toBe(2 * 261);
  });

  it('matches a day-by-day count from every weekday and for every length up to three weeks', () => {
    for (let start = 0; start < 7; start++) {
      const from = `2026-03-0${start + 1}`;
      for (let length = 1; length <= 21; length++) {
        const until = new Date(Date.parse(`${from}T00:00:00Z`) + (length - 1) * 86_400_000).toISOString().slice(0, 10);
        let weekdays = 0;
        for (let k = 0; k < length; k++) {
          const day = new Date(Date.parse(`${from}T00:00:00Z`) + k * 86_400_000).getUTCDay();
          if (day !== 0 && day !== 6) weekdays++;
        }
        expect(spreadCapacity(plan(from, until, 1, true))).toBe(weekdays);
      }
    }
  });
});
