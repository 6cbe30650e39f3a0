import { describe, expect, it } from 'vitest';
import { routeMeters, type Point } from './geo';
import { optimiseRoute } from './optimise';

/** Numerical Recipes' LCG: the same numbers on every run, in [0, 1). */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const BAURU: Point = { latitude: -22.31, longitude: -49.06 };

/** `count` stops within about ±0.08° (≈ 9 km) of Bauru's centre. */
function stopsAround(count: number, seed: number): Point[] {
  const next = lcg(seed);
  return Array.from({ length: count }, () => ({
    latitude: BAURU.latitude + (next() - 0.5) * 0.16,
    longitude: BAURU.longitude + (next() - 0.5) * 0.16,
  }));
}

/** A sensible order a person would pick: sweeping round the centre by bearing. */
function byBearing(points: Point[]): Point[] {
  const bearing = (q: Point) => Math.atan2(q.latitude - BAURU.latitude, q.longitude - BAURU.longitude);
  return [...points].sort((a, b) => bearing(a) - bearing(b));
}

/** Fisher–Yates with the seeded LCG. */
function shuffled<T>(items: T[], seed: number): T[] {
  const next = lcg(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const k = Math.floor(next() * (i + 1));
    [out[i], out[k]] = [out[k]!, out[i]!];
  }
  return out;
}

function expectPermutation(order: number[], n: number): void {
  expect(order).toHaveLength(n);
  expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
}

/** Points on a meridian, `step` degrees apart, northwards. */
const onALine = (count: number, step = 0.01): Point[] =>
  Array.from({ length: count }, (_, i) => ({ latitude: BAURU.latitude + i * step, longitude: BAURU.longitude }));

const SWEEP = byBearing(stopsAround(30, 2026));
const SHUFFLED = shuffled(SWEEP, 7);

describe('optimiseRoute: 30 stops around Bauru', () => {
  it('never makes a sensible order longer, and reports both lengths', () => {
    const r = optimiseRoute(SWEEP);
    expectPermutation(r.order, 30);
    expect(r.before).toBe(routeMeters(SWEEP));
    expect(r.after).toBe(routeMeters(r.order.map((i) => SWEEP[i]!)));
    expect(r.after).toBeLessThanOrEqual(r.before);
  });

  it('shortens a shuffled order', () => {
    const r = optimiseRoute(SHUFFLED);
    expectPermutation(r.order, 30);
    expect(r.before).toBe(routeMeters(SHUFFLED));
    expect(r.after).toBe(routeMeters(r.order.map((i) => SHUFFLED[i]!)));
    expect(r.after).toBeLessThan(r.before);
    // A shuffle zigzags across town; a route through 30 stops in ~18 km square is far shorter.
    expect(r.after).toBeLessThan(r.before / 2);
  });

  it('keeps the first stop first without a start', () => {
    expect(optimiseRoute(SHUFFLED).order[0]).toBe(0);
    expect(optimiseRoute(SHUFFLED, null).order[0]).toBe(0);
    expect(optimiseRoute(SWEEP, undefined).order[0]).toBe(0);
  });

  it('counts from the start when there is one, and may put any stop first', () => {
    const start: Point = { latitude: -22.5, longitude: -49.3 };
    const r = optimiseRoute(SHUFFLED, start);
    expectPermutation(r.order, 30);
    expect(r.before).toBe(routeMeters(SHUFFLED, start));
    expect(r.after).toBe(routeMeters(r.order.map((i) => SHUFFLED[i]!), start));
    expect(r.after).toBeLessThan(r.before);
    expect(r.before).toBeGreaterThan(routeMeters(SHUFFLED));
  });

  it('gives the same answer every time', () => {
    expect(optimiseRoute(SHUFFLED)).toEqual(optimiseRoute(SHUFFLED));
  });
});

describe('optimiseRoute: never longer than the input', () => {
  it('holds on 200 seeded instances of 0 to 14 stops, with and without a start', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const stops = stopsAround(seed % 15, seed);
      const start = seed % 2 ? null : stopsAround(1, seed + 1000)[0]!;
      const r = optimiseRoute(stops, start);
      expectPermutation(r.order, stops.length);
      expect(r.after).toBeLessThanOrEqual(r.before);
      expect(r.after).toBe(routeMeters(r.order.map((i) => stops[i]!), start));
      if (!start && stops.length > 0) expect(r.order[0]).toBe(0);
    }
  });
});

describe('optimiseRoute: an input already at its best', () => {
  it('keeps points on a line in order, without a start', () => {
    const line = onALine(12);
    const r = optimiseRoute(line);
    expect(r.order).toEqual(line.map((_, i) => i));
    expect(r.after).toBe(r.before);
  });

  it('keeps points on a line in order when the start is behind the first one', () => {
    const line = onALine(12);
    const start = { latitude: BAURU.latitude - 0.01, longitude: BAURU.longitude };
    const r = optimiseRoute(line, start);
    expect(r.order).toEqual(line.map((_, i) => i));
    expect(r.after).toBe(r.before);
  });

  it('walks a line backwards when the start is past its far end', () => {
    const line = onALine(5);
    const r = optimiseRoute(line, { latitude: BAURU.latitude + 0.05, longitude: BAURU.longitude });
    expect(r.order).toEqual([4, 3, 2, 1, 0]);
    expect(r.after).toBeLessThan(r.before);
  });
});

describe('optimiseRoute: few stops', () => {
  const start: Point = { latitude: BAURU.latitude + 0.05, longitude: BAURU.longitude };

  it('returns nothing to do for no stop', () => {
    expect(optimiseRoute([])).toEqual({ order: [], before: 0, after: 0 });
    expect(optimiseRoute([], start)).toEqual({ order: [], before: 0, after: 0 });
  });

  it('keeps one stop, measuring from the start when there is one', () => {
    const [only] = onALine(1);
    expect(optimiseRoute([only!])).toEqual({ order: [0], before: 0, after: 0 });
    const r = optimiseRoute([only!], start);
    expect(r.order).toEqual([0]);
    expect(r.before).toBe(routeMeters([only!], start));
    expect(r.after).toBe(r.before);
  });

  it('keeps two stops as they are without a start (the first is fixed)', () => {
    const two = onALine(2).reverse();
    expect(optimiseRoute(two)).toEqual({ order: [0, 1], before: routeMeters(two), after: routeMeters(two) });
  });

  it('swaps two stops when the second is nearer the start', () => {
    const two = onALine(2); // the start lies north of both; the second stop is the northern one.
    const r = optimiseRoute(two, start);
    expect(r.order).toEqual([1, 0]);
    expect(r.after).toBeLessThan(r.before);
    expect(optimiseRoute([two[1]!, two[0]!], start).order).toEqual([0, 1]);
  });
});
