import { describe, expect, it } from 'vitest';
import { GOOGLE_MAX_WAYPOINTS, googleMapsLegs, wazeLegs } from './links';

// Whole thousandths, written as decimals the links keep as they are.
const stops = Array.from({ length: 23 }, (_, i) => ({ latitude: Number((-22.3 + i / 1000).toFixed(3)), longitude: Number((-49.06 - i / 1000).toFixed(3)) }));
const pointsOf = (url: string) => {
  const q = new URL(url).searchParams;
  return { origin: q.get('origin'), destination: q.get('destination'), waypoints: q.get('waypoints')?.split('|') ?? [] };
};

describe('route links', () => {
  it('splits a long day into Google Maps legs within the waypoint cap, each starting where the last ended', () => {
    const origin = { latitude: -22.264, longitude: -48.74 };
    const legs = googleMapsLegs(stops, origin);
    expect(legs.map((l) => [l.from, l.to])).toEqual([[1, 10], [11, 20], [21, 23]]);
    const parsed = legs.map((l) => pointsOf(l.url));
    for (const p of parsed) expect(p.waypoints.length).toBeLessThanOrEqual(GOOGLE_MAX_WAYPOINTS);
    expect(parsed[0]!.origin).toBe('-22.264,-48.74');
    expect(parsed[1]!.origin).toBe(parsed[0]!.destination);
    expect(parsed[2]!.origin).toBe(parsed[1]!.destination);
    // Every stop is reached once, in order.
    const reached = parsed.flatMap((p) => [...p.waypoints, p.destination]);
    expect(reached).toEqual(stops.map((s) => `${s.latitude},${s.longitude}`));
  });

  it('leaves the origin to the phone when none is given, and gives one Waze link a stop', () => {
    expect(pointsOf(googleMapsLegs(stops.slice(0, 3))[0]!.url).origin).toBeNull();
    const waze = wazeLegs(stops.slice(0, 2));
    expect(waze).toHaveLength(2);
    expect(new URL(waze[1]!.url).searchParams.get('ll')).toBe(`${stops[1]!.latitude},${stops[1]!.longitude}`);
    expect(googleMapsLegs([])).toEqual([]);
  });
});
