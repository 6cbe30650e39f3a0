import { describe, expect, it } from 'vitest';
import type { GeoFix } from '../schemas/schedulings';
import { visitFixRefusal } from './check-in';

const NOW = Date.UTC(2026, 10, 30, 15, 0, 0);
const fix = (accuracy: number, takenAt: number): GeoFix => ({ latitude: -22.3, longitude: -49.1, accuracy, takenAt, heading: null, speed: null, altitude: null, altitudeAccuracy: null });
const rules = { geolocationRequired: true, minimumPrecision: 50 };
const key = (o: Parameters<typeof visitFixRefusal>[0]) => visitFixRefusal(o)?.key ?? null;

describe('visitFixRefusal: the company geolocation rule for a visit start, online and offline', () => {
  it('asks nothing of a call, or where the company does not require geolocation', () => {
    expect(key({ contactMode: 'call', rules, position: null, actionAt: null, now: NOW })).toBeNull();
    expect(key({ contactMode: 'visit', rules: { ...rules, geolocationRequired: false }, position: null, actionAt: NOW, now: NOW })).toBeNull();
  });

  it('refuses a visit without a fix, or with one less precise than the minimum (the accuracy said rounded)', () => {
    expect(key({ contactMode: 'visit', rules, position: null, actionAt: null, now: NOW })).toBe('geolocation.required');
    const imprecise = visitFixRefusal({ contactMode: 'visit', rules, position: fix(80.4, NOW), actionAt: NOW, now: NOW });
    expect(imprecise?.key).toBe('schedulings.imprecise');
    expect(imprecise?.message).toContain('precisão de 80 m, acima dos 50 m');
    expect(key({ contactMode: 'visit', rules, position: fix(50, NOW), actionAt: null, now: NOW })).toBeNull();
  });

  it('online, judges the fix age against now', () => {
    expect(key({ contactMode: 'visit', rules, position: fix(10, NOW - 120_000), actionAt: null, now: NOW })).toBeNull();
    expect(key({ contactMode: 'visit', rules, position: fix(10, NOW - 120_001), actionAt: null, now: NOW })).toBe('schedulings.staleFix');
  });

  it('offline, judges it against the device time of the action, however long ago: two minutes before, a minute after', () => {
    const at = NOW - 3 * 3600_000;
    expect(key({ contactMode: 'visit', rules, position: fix(10, at - 60_000), actionAt: at, now: NOW })).toBeNull();
    expect(key({ contactMode: 'visit', rules, position: fix(10, at - 120_001), actionAt: at, now: NOW })).toBe('schedulings.fixBeforeAction');
    expect(key({ contactMode: 'visit', rules, position: fix(10, at + 60_000), actionAt: at, now: NOW })).toBeNull();
    expect(key({ contactMode: 'visit', rules, position: fix(10, at + 60_001), actionAt: at, now: NOW })).toBe('schedulings.fixAfterAction');
  });
});
