import { describe, expect, it } from 'vitest';
import type { MapStop } from './stop';
import { toneOf } from './marker-tone';
import { baseStyle, cameraFor, inOrder, isLocated, mapTilerStyleUrl, planRoute, plainStyle, routeFeature } from './route-geometry';

const stop = (position: number, latitude: number | null, longitude: number | null, extra: Partial<MapStop> = {}): MapStop => ({
  id: `s${position}`,
  position,
  name: `Cliente ${position}`,
  latitude,
  longitude,
  flagged: false,
  status: 'pending',
  ...extra,
});

const company = { latitude: -22.264, longitude: -48.74 };

describe('isLocated', () => {
  it('takes finite coordinates inside the globe and refuses missing or impossible ones', () => {
    expect(isLocated({ latitude: -22.9, longitude: -47.06 })).toBe(true);
    expect(isLocated({ latitude: 0, longitude: 0 })).toBe(true);
    expect(isLocated({ latitude: null, longitude: -47.06 })).toBe(false);
    expect(isLocated({ latitude: -22.9, longitude: null })).toBe(false);
    expect(isLocated({ latitude: Number.NaN, longitude: -47.06 })).toBe(false);
    expect(isLocated({ latitude: 91, longitude: -47.06 })).toBe(false);
    expect(isLocated({ latitude: -22.9, longitude: -181 })).toBe(false);
  });
});

describe('planRoute', () => {
  it('orders by position, keeps only the located stops as markers and joins them from the start', () => {
    const stops = [stop(3, -22.3, -48.6), stop(1, -22.1, -48.8), stop(2, null, null)];
    const plan = planRoute(stops, company);
    expect(plan.markers.map((m) => m.stop.position)).toEqual([1, 3]);
    expect(plan.markers[0]!.lngLat).toEqual([-48.8, -22.1]);
    expect(plan.start).toEqual([-48.74, -22.264]);
    expect(plan.line).toEqual([
      [-48.74, -22.264],
      [-48.8, -22.1],
      [-48.6, -22.3],
    ]);
    expect(plan.bounds).toEqual([
      [-48.8, -22.3],
      [-48.6, -22.1],
    ]);
  });

  it('starts the line at the first stop without a start, and draws no line for a single point', () => {
    expect(planRoute([stop(1, -22.1, -48.8), stop(2, -22.2, -48.7)], null).line).toEqual([
      [-48.8, -22.1],
      [-48.7, -22.2],
    ]);
    const single = planRoute([stop(1, -22.1, -48.8)], null);
    expect(single.line).toEqual([]);
    expect(single.bounds).toEqual([
      [-48.8, -22.1],
      [-48.8, -22.1],
    ]);
  });

  it('leaves cancelled stops on the map but out of the route', () => {
    const plan = planRoute([stop(1, -22.1, -48.8), stop(2, -22.2, -48.7, { status: 'cancelled' }), stop(3, -22.3, -48.6)], null);
    expect(plan.markers).toHaveLength(3);
    expect(plan.line).toEqual([
      [-48.8, -22.1],
      [-48.6, -22.3],
    ]);
  });

  it('has no bounds when no stop is located, even with a start', () => {
    const plan = planRoute([stop(1, null, null), stop(2, null, -48.7)], company);
    expect(plan.markers).toEqual([]);
    expect(plan.line).toEqual([]);
    expect(plan.bounds).toBeNull();
  });

  it('ignores an invalid start', () => {
    const plan = planRoute([stop(1, -22.1, -48.8), stop(2, -22.2, -48.7)], { latitude: Number.NaN, longitude: 0 });
    expect(plan.start).toBeNull();
    expect(plan.line).toHaveLength(2);
  });
});

describe('inOrder', () => {
  it('sorts by position and keeps the given order among equal positions', () => {
    expect(inOrder([stop(2, null, null), { ...stop(1, null, null), id: 'a' }, { ...stop(1, null, null), id: 'b' }]).map((s) => s.id)).toEqual(['a', 'b', 's2']);
  });
});

describe('cameraFor', () => {
  it("fits the bounds no closer than the company's zoom", () => {
    const bounds: [[number, number], [number, number]] = [
      [-48.8, -22.3],
      [-48.6, -22.1],
    ];
    expect(cameraFor(bounds, company, 15)).toEqual({ bounds, maxZoom: 15 });
  });

  it("centres a single point at the company's zoom", () => {
    expect(
      cameraFor(
        [
          [-48.8, -22.1],
          [-48.8, -22.1],
        ],
        company,
        14,
      ),
    ).toEqual({ center: [-48.8, -22.1], zoom: 14 });
  });

  it("uses the company's centre and zoom when nothing is located, and clamps a wrong zoom", () => {
    expect(cameraFor(null, company, 15)).toEqual({ center: [-48.74, -22.264], zoom: 15 });
    expect(cameraFor(null, company, 40)).toEqual({ center: [-48.74, -22.264], zoom: 22 });
    expect(cameraFor(null, company, Number.NaN)).toEqual({ center: [-48.74, -22.264], zoom: 15 });
  });
});

describe('styles', () => {
  it("uses MapTiler's streets with a token, escaped", () => {
    expect(baseStyle('abc123', '#eee')).toBe('https://api.maptiler.com/maps/streets-v2/style.json?key=abc123');
    expect(mapTilerStyleUrl('a b&c')).toBe('https://api.maptiler.com/maps/streets-v2/style.json?key=a%20b%26c');
  });

  it('uses a plain background, with no source, sprite or glyphs, without a token', () => {
    for (const token of [null, '', '   ']) {
      const style = baseStyle(token, '#e7eaee');
      expect(style).toEqual(plainStyle('#e7eaee'));
      expect(style).toEqual({ version: 8, sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e7eaee' } }] });
    }
  });
});

describe('routeFeature and toneOf', () => {
  it('makes a GeoJSON LineString of the route', () => {
    expect(routeFeature([[-48.8, -22.1]])).toEqual({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [[-48.8, -22.1]] } });
  });

  it('marks far check-ins apart unless cancelled', () => {
    expect(toneOf({ flagged: true, status: 'completed' })).toBe('flagged');
    expect(toneOf({ flagged: true, status: 'cancelled' })).toBe('cancelled');
    expect(toneOf({ flagged: false, status: 'active' })).toBe('active');
  });
});
