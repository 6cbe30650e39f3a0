import { distanceMeters, routeMeters, type Point } from './geo';

/**
 * The order in which to visit a day's schedulings (the "optimise route" button): an open path from
 * the seller's position, or from the first stop when there is none, that need not come back.
 * Nearest neighbour builds a route, 2-opt then untangles it (reversing a stretch removes a
 * crossing). A heuristic, not always the shortest route, but close and quick (milliseconds for
 * hundreds of stops). It never hands back a route longer than the one it was given.
 */

export interface OptimisedRoute {
  /** Indices of the input stops in the new order (a permutation of 0…n−1). */
  order: number[];
  /** Length of the input order, metres (from the start when there is one). */
  before: number;
  /** Length of the new order, metres: never more than `before`. */
  after: number;
}

/**
 * Move evaluations 2-opt may spend. 300 stops take about 45,000 a sweep and 4 to 8 sweeps (random
 * instances), so about 66 sweeps fit: the cap only stops a pathological case (or thousands of
 * stops) from freezing the screen.
 */
export const TWO_OPT_MAX_CHECKS = 3_000_000;

/** A gain under this (metres) is rounding, not a shorter route: taking it could loop forever. */
const EPSILON_METERS = 1e-6;

/**
 * Reorders `stops` to shorten the open path from `start`. Without a start the first stop is where
 * the seller is, so it stays first. Same input, same output (no randomness).
 */
export function optimiseRoute(stops: readonly Point[], start?: Point | null): OptimisedRoute {
  const before = routeMeters(stops, start);
  const identity = stops.map((_, i) => i);
  // Nothing to choose: no stop, one stop, or two with the first one fixed.
  if (stops.length < (start ? 2 : 3)) return { order: identity, before, after: before };

  // Node 0 is the fixed anchor: the start, or the first stop.
  const nodes = start ? [start, ...stops] : [...stops];
  const distance = distanceMatrix(nodes);
  const path = nearestNeighbour(distance, nodes.length);
  twoOpt(path, distance, nodes.length);

  const order = start ? path.slice(1).map((node) => node - 1) : path;
  const after = routeMeters(order.map((i) => stops[i]!), start);
  // The heuristic starts from its own route, not the input's: it can lose to a good input order.
  return after < before ? { order, before, after } : { order: identity, before, after: before };
}

/** Distances between every pair of nodes, row-major (n² numbers: 300 stops are 720 kB). */
function distanceMatrix(nodes: readonly Point[]): Float64Array {
  const n = nodes.length;
  const out = new Float64Array(n * n);
  for (let p = 0; p < n; p++) {
    for (let q = p + 1; q < n; q++) {
      const d = distanceMeters(nodes[p]!, nodes[q]!);
      out[p * n + q] = d;
      out[q * n + p] = d;
    }
  }
  return out;
}

/** From node 0, always on to the closest node not yet visited (ties: the lower index). */
function nearestNeighbour(distance: Float64Array, n: number): number[] {
  const visited = new Uint8Array(n);
  const path = [0];
  visited[0] = 1;
  let current = 0;
  for (let step = 1; step < n; step++) {
    let next = -1;
    let best = Infinity;
    for (let q = 0; q < n; q++) {
      const d = distance[current * n + q]!;
      // `next < 0`: a NaN distance (a bad coordinate) still yields a full path.
      if (!visited[q] && (d < best || next < 0)) {
        best = d;
        next = q;
      }
    }
    visited[next] = 1;
    path.push(next);
    current = next;
  }
  return path;
}

/**
 * 2-opt on an open path with path[0] fixed, in place: reversing path[i..j] swaps the edges
 * (i−1, i) and (j, j+1) for (i−1, j) and (i, j+1). When j is the last node there is no edge after
 * it, so the move also turns the tail around, which a closed tour cannot. First improvement,
 * sweeping until a sweep finds none or the checks run out.
 */
function twoOpt(path: number[], distance: Float64Array, n: number): void {
  const d = (p: number, q: number) => distance[p * n + q]!;
  let checks = 0;
  let improved = true;
  while (improved && checks < TWO_OPT_MAX_CHECKS) {
    improved = false;
    for (let i = 1; i < n - 1; i++) {
      for (let j = i + 1; j < n; j++) {
        checks++;
        const a = path[i - 1]!;
        const b = path[i]!;
        const c = path[j]!;
        let delta = d(a, c) - d(a, b);
        if (j + 1 < n) {
          const e = path[j + 1]!;
          delta += d(b, e) - d(c, e);
        }
        if (delta < -EPSILON_METERS) {
          reverse(path, i, j);
          improved = true;
        }
      }
      if (checks >= TWO_OPT_MAX_CHECKS) return;
    }
  }
}

/** Reverses path[i..j] in place. */
function reverse(path: number[], i: number, j: number): void {
  for (let lo = i, hi = j; lo < hi; lo++, hi--) {
    const t = path[lo]!;
    path[lo] = path[hi]!;
    path[hi] = t;
  }
}
