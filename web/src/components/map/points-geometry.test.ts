import { describe, expect, it } from 'vitest';
import { boundsOfPoints, metresPerPixelAtZoom0, pointsCollection, radiusInPixels, trailOf, type MapPoint } from './points-geometry';

const point = (id: string, at: string, over: Partial<MapPoint> = {}): MapPoint => ({ id, kind: 'sale', flagged: false, accuracy: 20, latitude: -22.3, longitude: -49.06, at, ...over });

describe('points geometry', () => {
  it('turns metres into pixels as MapLibre draws the world (512 px at zoom 0), each zoom doubling them, fewer metres a pixel away from the equator', () => {
    expect(metresPerPixelAtZoom0(0)).toBeCloseTo(78_271.52, 1);
    expect(radiusInPixels(100, 0, 15)).toBeCloseTo(41.86, 1);
    expect(radiusInPixels(100, 0, 16)).toBeCloseTo(2 * radiusInPixels(100, 0, 15), 6);
    expect(radiusInPixels(100, 60, 15)).toBeCloseTo(2 * radiusInPixels(100, 0, 15), 6);
  });

  it('marks each point by kind, the far check-in apart; an unknown precision draws no circle', () => {
    const { features } = pointsCollection([point('a', '2026-11-30 12:00:00'), point('b', '2026-11-30 13:00:00', { kind: 'visit' }), point('c', '2026-11-30 14:00:00', { kind: 'visit', flagged: true, accuracy: null })]);
    expect(features.map((f) => [f.properties.tone, f.properties.accuracy])).toEqual([['sale', 20], ['visit', 20], ['flagged', 0]]);
    expect(features[0]!.geometry.coordinates).toEqual([-49.06, -22.3]);
  });

  it('draws a day’s trail in time order, none under two points, and bounds the points', () => {
    const late = point('late', '2026-11-30 15:00:00', { longitude: -49.1 });
    const early = point('early', '2026-11-30 09:00:00', { longitude: -49.0 });
    expect(trailOf([late, early])).toEqual([[-49.0, -22.3], [-49.1, -22.3]]);
    expect(trailOf([late])).toEqual([]);
    expect(boundsOfPoints([late, early])).toEqual([[-49.1, -22.3], [-49.0, -22.3]]);
    expect(boundsOfPoints([])).toBeNull();
  });
});
