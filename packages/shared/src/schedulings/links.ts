import type { Point } from './geo';

/**
 * A day's route handed to the navigation apps the salesmen already use (spec section 2, "external
 * route export"). Both take a route in a link, each with its own cap:
 * - Google Maps (Maps URLs, `dir` action): an origin, a destination and at most 9 waypoints between
 *   them, so a longer day is split into legs of up to 10 stops, each leg starting where the last
 *   one ended. Without an origin the first leg starts where the phone is.
 * - Waze (deep link `ul`): one destination a link, so a leg is a stop.
 */

/** Most waypoints a Google Maps directions link carries between its origin and destination. */
export const GOOGLE_MAX_WAYPOINTS = 9;

const at = (p: Point) => `${round(p.latitude)},${round(p.longitude)}`;
/** Six places: about 10 cm, more than any address needs, and the links stay short. */
const round = (v: number) => String(Math.round(v * 1e6) / 1e6);

export interface RouteLeg {
  /** 1-based positions (in the stops given) this leg reaches, its first and last. */
  from: number;
  to: number;
  url: string;
}

/** Google Maps directions links for the stops in order, split into legs of at most 10 stops reached. */
export function googleMapsLegs(stops: readonly Point[], origin?: Point | null): RouteLeg[] {
  const legs: RouteLeg[] = [];
  const perLeg = GOOGLE_MAX_WAYPOINTS + 1;
  let previous = origin ?? null;
  for (let i = 0; i < stops.length; i += perLeg) {
    const reached = stops.slice(i, i + perLeg);
    const destination = reached[reached.length - 1]!;
    const params = new URLSearchParams({ api: '1' });
    if (previous) params.set('origin', at(previous));
    params.set('destination', at(destination));
    const waypoints = reached.slice(0, -1);
    if (waypoints.length) params.set('waypoints', waypoints.map(at).join('|'));
    params.set('travelmode', 'driving');
    legs.push({ from: i + 1, to: i + reached.length, url: `https://www.google.com/maps/dir/?${params.toString()}` });
    previous = destination;
  }
  return legs;
}

/** One Waze link a stop (Waze navigates to a single destination from where the phone is). */
export function wazeLegs(stops: readonly Point[]): RouteLeg[] {
  return stops.map((p, i) => ({ from: i + 1, to: i + 1, url: `https://waze.com/ul?${new URLSearchParams({ ll: at(p), navigate: 'yes' }).toString()}` }));
}
