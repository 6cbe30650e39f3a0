import Papa from 'papaparse';
import { Auth } from '@ev/core/auth';
import { runAs, type Actor } from '@ev/core/context';
import { Registries } from '@ev/core/registries';
import { regions } from '@ev/shared/registries/regions';
import { fold, words } from '@ev/shared/text';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, makeWorld, type World } from '../testing/world';

/**
 * A registry with 500 records (invariants 2 and 3): a page and a search read what they return
 * (ScannedCount at most twice the limit), and the CSV of a filter wider than a page holds every row.
 */
const CITIES = ['Bauru', 'Jaú', 'Lençóis Paulista', 'Botucatu', 'Agudos', 'Pederneiras', 'Piratininga', 'Avaí', 'Duartina', 'Arealva'];
const ZONES = ['Centro', 'Norte', 'Sul', 'Leste', 'Oeste'];
const NAMES = Array.from({ length: 500 }, (_, i) => `${CITIES[i % CITIES.length]} ${ZONES[Math.floor(i / CITIES.length) % ZONES.length]} ${String(i).padStart(3, '0')}`);

let w: World;
let token: string;
let actor: Actor;

beforeAll(async () => {
  w = await makeWorld('Volume');
  const login = await w.login(w.admin.email);
  token = login.accessToken;
  actor = await Auth.authenticate(token);
  await runAs({ tenantId: w.tenant.id }, async () => {
    for (let i = 0; i < NAMES.length; i += 25) {
      await Promise.all(NAMES.slice(i, i + 25).map((name) => Registries.create(regions, { name, observations: `Região de ${name}` })));
    }
  });
}, 120_000);

/** The names a search should find: every term starts some word of the name. */
function expected(q: string): string[] {
  const terms = words(q);
  return NAMES.filter((n) => terms.every((t) => words(n).some((word) => word.startsWith(t))));
}

/** Walks a list or search page by page through the service, checking what each page read. */
async function walk(query: { q?: string; sort?: 'name' | '-name' | 'newest' }, limit: number): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const page = await runAs(actor, () => Registries.list(regions, { ...query, limit, cursor }));
    expect(page.scanned, JSON.stringify(query)).toBeLessThanOrEqual(2 * limit);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    names.push(...page.items.map((r) => String(r.name)));
    if (!page.nextCursor) return names;
    cursor = page.nextCursor;
  }
  throw new Error('too many pages');
}

describe('a registry of 500 records', () => {
  it('searches reading at most twice the limit per page, and finds exactly the matches', async () => {
    for (const [q, limit] of [['bauru', 20], ['centro b', 10], ['a', 20], ['lenc paul', 7], ['jau 00', 5]] as const) {
      const found = await walk({ q }, limit);
      expect(found.sort(), q).toEqual(expected(q).sort());
      expect(found.length, q).toBeGreaterThan(0);
    }
    expect(await walk({ q: 'marilia' }, 20)).toEqual([]);
  });

  it('lists in name order and newest first, reading at most the limit per page', async () => {
    const byName = await walk({}, 50);
    expect(byName).toHaveLength(500);
    const keys = byName.map((n) => fold(n).replace(/[^a-z0-9]+/g, '!'));
    expect(keys).toEqual([...keys].sort());
    expect(await walk({ sort: 'newest' }, 100)).toHaveLength(500);
    const first = await runAs(actor, () => Registries.list(regions, { limit: 20 }));
    expect(first.scanned).toBeLessThanOrEqual(20);
  });

  it('exports every row of a filter wider than one page, with BOM, `;` and Portuguese headers', async () => {
    const res = await call('GET', '/api/regions/export.csv?q=a&sort=-name', { token });
    expect(res.status).toBe(200);
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = Papa.parse<string[]>(res.text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual(['Nome', 'Observações']);
    const rows = parsed.slice(1);
    const names = expected('a');
    expect(names.length).toBeGreaterThan(100);
    expect(rows).toHaveLength(names.length);
    expect(rows.map((r) => r[0]).sort()).toEqual([...names].sort());
    expect(rows.find((r) => r[0] === 'Avaí Centro 007')).toEqual(['Avaí Centro 007', 'Região de Avaí Centro 007']);

    const everything = await call('GET', '/api/regions/export.csv', { token });
    const all = Papa.parse<string[]>(everything.text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(all).toHaveLength(501);
    // The page of the API is at most 100: the export is not limited by it.
    const page = await call('GET', '/api/regions?q=a&limit=100', { token });
    expect(page.body.items.length).toBeLessThanOrEqual(100);
    expect(page.body.nextCursor).toEqual(expect.any(String));
  });
});
