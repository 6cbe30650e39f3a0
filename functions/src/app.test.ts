import { describe, expect, it } from 'vitest';
import { createApi, ROUTES } from './app';

/** A literal segment of `path` that a parameter (`:id`) of `earlier` would take, at the same place. */
function shadows(earlier: string, path: string): boolean {
  const a = earlier.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return false;
  let taken = false;
  for (let i = 0; i < a.length; i++) {
    const param = a[i]!.startsWith(':');
    if (param && !b[i]!.startsWith(':')) taken = true;
    else if (!param && a[i] !== b[i]) return false;
  }
  return taken;
}

/** Pairs [earlier, later] of one method where the later, literal path can never be reached. */
function shadowed(routes: readonly { method: string; path: string }[]): string[] {
  const found: string[] = [];
  const seen: { method: string; path: string }[] = [];
  for (const r of routes) {
    if (r.method === 'ALL') continue;
    const over = seen.find((s) => s.method === r.method && shadows(s.path, r.path));
    if (over) found.push(`${r.method} ${r.path} comes after ${over.path}`);
    seen.push(r);
  }
  return found;
}

describe("the API's routes", () => {
  it('are mounted from one ordered list, with no literal path behind an {id} route', () => {
    const api = createApi();
    const paths = api.routes.filter((r) => r.method !== 'ALL');
    expect(ROUTES.length).toBeGreaterThan(10);
    expect(paths.length).toBeGreaterThan(100);
    expect(shadowed(api.routes)).toEqual([]);
  });

  it('the check finds a literal path mounted after an {id} route of the same method', () => {
    expect(
      shadowed([
        { method: 'GET', path: '/clients/:id' },
        { method: 'POST', path: '/clients/export' },
        { method: 'GET', path: '/clients/export' },
        { method: 'GET', path: '/clients/:id/financial' },
      ]),
    ).toEqual(['GET /clients/export comes after /clients/:id']);
  });
});
