import { describe, expect, it } from 'vitest';
import { sumCounters } from '../db/aggregate';
import { businessDate, lastMonths } from '@ev/shared/calendar';
import { counterScopes, withoutPurchaseSince } from './dashboard';

describe('clients dashboard: date arithmetic', () => {
  it('lists the last 12 months oldest first, across the turn of the year', () => {
    expect(lastMonths('2026-03-10')).toEqual([
      '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03',
    ]);
    expect(lastMonths('2026-12-31')).toEqual([
      '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12',
    ]);
    expect(lastMonths('2026-01-01', 3)).toEqual(['2025-11', '2025-12', '2026-01']);
  });

  it('puts "without purchase for N days" at today − N on the calendar (leap years, month ends)', () => {
    expect(withoutPurchaseSince('2026-03-31', 90)).toBe('2025-12-31');
    expect(withoutPurchaseSince('2024-03-01', 1)).toBe('2024-02-29');
    expect(withoutPurchaseSince('2025-03-01', 1)).toBe('2025-02-28');
    expect(withoutPurchaseSince('2026-01-15', 365)).toBe('2025-01-15');
    expect(withoutPurchaseSince('2026-01-15', 3650)).toBe('2016-01-18') // ten years back is 3653 days (2016, 2020, 2024 are leap years);
  });

  it('the list compares dates as text: "never" (0) and earlier purchases sort before the limit, the limit day itself after', () => {
    const since = withoutPurchaseSince('2026-03-31', 90);
    // Sort keys of the purchase list are `<date or 0> <id>`; the count Query is `sk < since`.
    expect(`0 0192abc` < since).toBe(true);
    expect(`2025-12-30 0192abc` < since).toBe(true);
    expect(`${since} 0192abc` < since).toBe(false);
    expect(`2026-01-01 0192abc` < since).toBe(false);
  });

  it('takes "today" in the company time zone: 01:30 UTC is still the day before in São Paulo', () => {
    const ms = Date.UTC(2026, 0, 1, 1, 30);
    expect(businessDate('America/Sao_Paulo', ms)).toBe('2025-12-31');
    expect(lastMonths(businessDate('America/Sao_Paulo', ms)).at(-1)).toBe('2025-12');
    expect(businessDate('UTC', ms)).toBe('2026-01-01');
  });
});

describe('clients dashboard: counters', () => {
  it('reads the company counter for all, one per salesman for a team', () => {
    expect(counterScopes({ kind: 'all' })).toEqual(['all']);
    expect(counterScopes({ kind: 'owners', ids: ['a', 'b'], supervisor: true })).toEqual(['sm#a', 'sm#b']);
  });

  it('sums counter items attribute by attribute, skipping keys', () => {
    const sums = sumCounters([
      { pk: 'T#1', sk: 'COUNTS#clients#sm#a', total: 2, 'situation#normal': 2, 'segment#x': 1 },
      { pk: 'T#1', sk: 'COUNTS#clients#sm#b', total: 1, 'situation#normal': 0, 'situation#problem': 1 },
      {},
    ]);
    expect(Object.fromEntries(sums)).toEqual({ total: 3, 'situation#normal': 2, 'situation#problem': 1, 'segment#x': 1 });
  });
});
