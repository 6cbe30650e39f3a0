import type { Bounds, LngLat } from './route-geometry';

/** A place on a map of points (a sale where it was closed, a visit where it was checked in); pure data. */
export interface MapPoint {
  id: string;
  kind: 'sale' | 'visit';
  /** A check-in outside the company's rules (far from the client): marked apart. */
  flagged: boolean;
  /** The position's precision in metres (null: unknown): a circle of that radius when zoomed in. */
  accuracy: number | null;
  latitude: number;
  longitude: number;
  /** When the position was taken (API timestamp, UTC): the trail's order. */
  at: string;
}

/** How a point looks: a sale, a visit, a far check-in. */
export type PointTone = 'sale' | 'visit' | 'flagged';
export const pointTone = (p: Pick<MapPoint, 'kind' | 'flagged'>): PointTone => (p.flagged ? 'flagged' : p.kind);

/** Metres a pixel holds at zoom 0 at a latitude: the equator's length over MapLibre's 512-pixel world, shrunk by the latitude. */
export function metresPerPixelAtZoom0(latitude: number): number {
  return (40_075_016.686 * Math.cos((latitude * Math.PI) / 180)) / 512;
}

/** The radius in pixels of `metres` at a latitude and zoom (each zoom step halves the metres a pixel holds). */
export function radiusInPixels(metres: number, latitude: number, zoom: number): number {
  return (metres * 2 ** zoom) / metresPerPixelAtZoom0(latitude);
}

export interface PointProperties {
  id: string;
  kind: MapPoint['kind'];
  tone: PointTone;
  /** Metres (0: unknown, no circle). */
  accuracy: number;
  /** Metres a pixel holds at zoom 0 at the point's latitude: the accuracy circle's radius divides by it. */
  mpp0: number;
}

/** The points as a GeoJSON collection for a clustered source. */
export function pointsCollection(points: readonly MapPoint[]): { type: 'FeatureCollection'; features: { type: 'Feature'; properties: PointProperties; geometry: { type: 'Point'; coordinates: LngLat } }[] } {
  return {
    type: 'FeatureCollection',
    features: points.map((p) => ({
      type: 'Feature',
      properties: { id: p.id, kind: p.kind, tone: pointTone(p), accuracy: p.accuracy ?? 0, mpp0: metresPerPixelAtZoom0(p.latitude) },
      geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
    })),
  };
}

/**
 * The accuracy circle's radius as a MapLibre expression: the metres over the metres a pixel holds,
 * doubling with each zoom step (exponential interpolation of base 2 between zoom 0 and 24).
 */
export const ACCURACY_RADIUS = ['interpolate', ['exponential', 2], ['zoom'], 0, ['/', ['get', 'accuracy'], ['get', 'mpp0']], 24, ['/', ['*', ['get', 'accuracy'], 2 ** 24], ['get', 'mpp0']]] as const;

/** The box around the points; null when there are none. */
export function boundsOfPoints(points: readonly Pick<MapPoint, 'latitude' | 'longitude'>[]): Bounds | null {
  if (!points.length) return null;
  const lngs = points.map((p) => p.longitude);
  const lats = points.map((p) => p.latitude);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

/** A day's trail: the points in time order, as a line (empty under two points). */
export function trailOf(points: readonly MapPoint[]): LngLat[] {
  const line = [...points].sort((a, b) => a.at.localeCompare(b.at)).map((p) => [p.longitude, p.latitude] as LngLat);
  return line.length >= 2 ? line : [];
}
