import type { StyleSpecification } from 'maplibre-gl';
import type { MapStop } from './stop';

/** A point as MapLibre takes it: [longitude, latitude]. */
export type LngLat = [number, number];
/** [[west, south], [east, north]]. */
export type Bounds = [LngLat, LngLat];

/** What the map draws of an itinerary; pure data, built without MapLibre. */
export interface RoutePlan {
  /** The stops that have coordinates, in the itinerary's order, each with its point. */
  markers: { stop: MapStop; lngLat: LngLat }[];
  /** The starting point, when given and valid. */
  start: LngLat | null;
  /** The route: the start (when given), then the located stops in order, cancelled ones left out; empty under two points. */
  line: LngLat[];
  /** The box around everything drawn (start and markers); null when no stop is located. */
  bounds: Bounds | null;
}

/** Valid coordinates: both given, finite and inside the globe's ranges. */
export function isLocated<T extends { latitude: number | null; longitude: number | null }>(p: T): p is T & { latitude: number; longitude: number } {
  const { latitude, longitude } = p;
  return latitude !== null && longitude !== null && Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}

/** The stops in the itinerary's order (by position; the given order among equal positions). */
export function inOrder(stops: readonly MapStop[]): MapStop[] {
  return stops
    .map((stop, i) => ({ stop, i }))
    .sort((a, b) => a.stop.position - b.stop.position || a.i - b.i)
    .map((e) => e.stop);
}

/** The markers, the route line and the bounds of an itinerary's stops and starting point. */
export function planRoute(stops: readonly MapStop[], start: { latitude: number; longitude: number } | null): RoutePlan {
  const markers = inOrder(stops)
    .filter(isLocated)
    .map((stop) => ({ stop, lngLat: [stop.longitude, stop.latitude] as LngLat }));
  const origin: LngLat | null = start && isLocated(start) ? [start.longitude, start.latitude] : null;
  const visited = markers.filter((m) => m.stop.status !== 'cancelled').map((m) => m.lngLat);
  const joined = origin && visited.length ? [origin, ...visited] : visited;
  const line = joined.length >= 2 ? joined : [];
  if (!markers.length) return { markers, start: origin, line, bounds: null };
  const points = origin ? [origin, ...markers.map((m) => m.lngLat)] : markers.map((m) => m.lngLat);
  const lngs = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return {
    markers,
    start: origin,
    line,
    bounds: [
      [Math.min(...lngs), Math.min(...lats)],
      [Math.max(...lngs), Math.max(...lats)],
    ],
  };
}

/**
 * Where the camera starts: the bounds of what is drawn, zoomed in no closer than the company's zoom;
 * a single point (or points all at one place) at the company's zoom; nothing located, the company's
 * centre and zoom.
 */
export function cameraFor(bounds: Bounds | null, center: { latitude: number; longitude: number }, zoom: number): { center: LngLat; zoom: number } | { bounds: Bounds; maxZoom: number } {
  const z = Number.isFinite(zoom) ? Math.min(Math.max(zoom, 0), 22) : 15;
  if (!bounds) return { center: isLocated(center) ? [center.longitude, center.latitude] : [0, 0], zoom: z };
  const [[west, south], [east, north]] = bounds;
  if (west === east && south === north) return { center: [west, south], zoom: z };
  return { bounds, maxZoom: z };
}

/** The route line as a GeoJSON feature (a LineString; no coordinates when there is no route). */
export function routeFeature(line: readonly LngLat[]): { type: 'Feature'; properties: Record<string, never>; geometry: { type: 'LineString'; coordinates: LngLat[] } } {
  return { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [...line] } };
}

/** MapTiler's streets style for a company's maps token. */
export function mapTilerStyleUrl(token: string): string {
  return `https://api.maptiler.com/maps/streets-v2/style.json?key=${encodeURIComponent(token)}`;
}

/** A style with one plain background layer and no source: it fetches nothing, so it works offline. */
export function plainStyle(background: string): StyleSpecification {
  return { version: 8, sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': background } }] };
}

/** The base map: MapTiler's streets with a (non-blank) token, the plain background without one. */
export function baseStyle(token: string | null, background: string): string | StyleSpecification {
  const key = token?.trim();
  return key ? mapTilerStyleUrl(key) : plainStyle(background);
}
