import { describe, expect, it } from 'vitest';
import { distanceMeters, EARTH_RADIUS_METERS, routeMeters, type Point } from './geo';

const p = (latitude: number, longitude: number): Point => ({ latitude, longitude });
/** One degree of a great circle on the sphere, metres. */
const DEGREE = (EARTH_RADIUS_METERS * Math.PI) / 180;

describe('geo: distances on the sphere', () => {
  it('measures a degree of latitude or of the equator as the same arc (≈ 111.195 km)', () => {
    expect(DEGREE).toBeCloseTo(111_195.08, 2);
    expect(distanceMeters(p(-22, -49), p(-23, -49))).toBeCloseTo(DEGREE, 6);
    expect(distanceMeters(p(0, 10), p(0, 11))).toBeCloseTo(DEGREE, 6);
  });

  it('shrinks a degree of longitude by the cosine of the latitude (short arcs)', () => {
    const arc = distanceMeters(p(60, 0), p(60, 0.001));
    expect(arc / (DEGREE * 0.001)).toBeCloseTo(0.5, 6);
  });

  it('is zero at the same point, symmetric, and half the circumference at the antipode', () => {
    const bauru = p(-22.3145, -49.0606);
    expect(distanceMeters(bauru, bauru)).toBe(0);
    expect(distanceMeters(bauru, p(-23.5505, -46.6333))).toBe(distanceMeters(p(-23.5505, -46.6333), bauru));
    expect(distanceMeters(p(0, 0), p(0, 180))).toBeCloseTo(Math.PI * EARTH_RADIUS_METERS, 3);
    expect(distanceMeters(p(90, 0), p(-90, 0))).toBeCloseTo(Math.PI * EARTH_RADIUS_METERS, 3);
  });

  it('crosses the antimeridian the short way', () => {
    expect(distanceMeters(p(0, 179.5), p(0, -179.5))).toBeCloseTo(DEGREE, 6);
  });

  it('keeps metres between neighbours (no rounding to zero)', () => {
    // 0.00001° of latitude ≈ 1.11 m.
    expect(distanceMeters(p(-22.31, -49.06), p(-22.31001, -49.06))).toBeCloseTo(DEGREE * 1e-5, 6);
  });
});

describe('geo: route length', () => {
  const line = [p(0, 0), p(0, 1), p(0, 3)];

  it('adds the legs from the first point when there is no start', () => {
    expect(routeMeters(line)).toBeCloseTo(3 * DEGREE, 6);
    expect(routeMeters(line, null)).toBe(routeMeters(line));
  });

  it('counts the leg from the start to the first point', () => {
    expect(routeMeters(line, p(0, -2))).toBeCloseTo(5 * DEGREE, 6);
  });

  it('is zero for no point or a single one without a start', () => {
    expect(routeMeters([])).toBe(0);
    expect(routeMeters([], p(1, 1))).toBe(0);
    expect(routeMeters([p(1, 1)])).toBe(0);
    expect(routeMeters([p(0, 1)], p(0, 0))).toBeCloseTo(DEGREE, 6);
  });
});
