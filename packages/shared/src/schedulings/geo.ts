/**
 * Distances between the places of the schedulings (the clients' addresses, the seller's position),
 * for the route screens. Coordinates are plain numbers, degrees in WGS 84: they are positions, not
 * money, so binary floats are right here (a metre is about 1e-5 degrees, far above their error).
 * Distances are in metres on a sphere: a route is ordered by them, not billed, so the Earth's
 * flattening (under 0.5 %) does not matter.
 */

/** A place in decimal degrees: latitude −90 to 90 (south negative), longitude −180 to 180 (west negative). */
export interface Point {
  latitude: number;
  longitude: number;
}

/** The Earth's mean radius (IUGG), metres: the sphere closest to the ellipsoid on average. */
export const EARTH_RADIUS_METERS = 6_371_008.8;

const RAD = Math.PI / 180;

/**
 * The great-circle distance between two points, metres. Haversine rather than the spherical law of
 * cosines: it stays exact for the few metres between two clients on the same street.
 */
export function distanceMeters(a: Point, b: Point): number {
  const sinLat = Math.sin(((b.latitude - a.latitude) * RAD) / 2);
  const sinLng = Math.sin(((b.longitude - a.longitude) * RAD) / 2);
  const h = sinLat * sinLat + Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * sinLng * sinLng;
  // Rounding can push h a hair above 1 for antipodes; asin would then be NaN.
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** The length of the path start → points[0] → … → points[n−1], metres (no start: from points[0]). */
export function routeMeters(points: readonly Point[], start?: Point | null): number {
  let total = 0;
  let previous = start ?? points[0];
  for (const point of points) {
    total += distanceMeters(previous!, point);
    previous = point;
  }
  return total;
}
