import fc from 'fast-check';
import { words } from '@ev/shared/text';
import { describe, expect, it } from 'vitest';
import { runAs } from '../context';
import { newId } from '../ids';
import { listingSteps, listPage, searchPage, sortKey, type Listing } from './listing';
import type { Page } from './query';
import { transact } from './tx';

interface Rec {
  id: string;
  name: string;
  nickname?: string | null;
  owner?: string;
}

let entities = 0;
function listingOf(): Listing<Rec> {
  entities += 1;
  return {
    entity: `test${entities}`,
    scopes: (r) => ['all', ...(r.owner ? [`own#${r.owner}`] : [])],
    sortValue: (r) => sortKey(r.name),
    words: (r) => [...words(r.name), ...words(r.nickname)],
    summary: (r) => ({ id: r.id, name: r.name }),
  };
}

/** Writes a record's derived items and returns the keys to keep on it (its `ix`). */
async function save(listing: Listing<Rec>, rec: Rec | null, previous?: string[]): Promise<string[]> {
  const { steps, ix } = listingSteps(listing, previous, rec);
  await transact(steps);
  return ix;
}

/** Every page of a list or search, checking each page reads at most `limit` × `factor` items. */
async function walk(limit: number, fetch: (cursor: string | undefined) => Promise<Page<Record<string, unknown>>>, factor = 1): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const page = await fetch(cursor);
    expect(page.scanned).toBeLessThanOrEqual(limit * factor);
    ids.push(...page.items.map((i) => String(i.id)));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
  throw new Error('too many pages');
}

// One term reads what it returns; further terms may read up to twice the page to fill it.
const search = (listing: Listing<Rec>, terms: string[], limit: number, scope = 'all') =>
  walk(limit, (cursor) => searchPage(listing, scope, terms, { cursor, limit, query: `${listing.entity}|${scope}|${terms.join(' ')}` }), new Set(terms).size > 1 ? 2 : 1);

const inTenant = <T>(fn: () => Promise<T>) => runAs({ tenantId: newId(), userId: newId() }, fn);

describe('listing', () => {
  it('returns a record once even when several of its words start with the term', () =>
    inTenant(async () => {
      const listing = listingOf();
      const ana = { id: newId(), name: 'Ana Anabela Anastácia', nickname: 'Aninha' };
      const bruno = { id: newId(), name: 'Bruno Anselmo' };
      const carla = { id: newId(), name: 'Carla Souza' };
      await Promise.all([ana, bruno, carla].map((r) => save(listing, r)));
      for (const limit of [1, 2, 3, 100]) {
        const ids = await search(listing, ['an'], limit);
        expect(ids.sort(), `limit ${limit}`).toEqual([ana.id, bruno.id].sort());
      }
      expect(await search(listing, ['anast'], 1)).toEqual([ana.id]);
      expect(await search(listing, ['anin'], 1)).toEqual([ana.id]);
    }));

  it('treats several terms as AND, in any order', () =>
    inTenant(async () => {
      const listing = listingOf();
      const recs = [
        { id: newId(), name: 'Maria Silva' },
        { id: newId(), name: 'Maria Souza' },
        { id: newId(), name: 'Joana Silveira' },
        { id: newId(), name: 'Mariana Silvestre' },
      ];
      await Promise.all(recs.map((r) => save(listing, r)));
      expect((await search(listing, ['mar', 'silv'], 2)).sort()).toEqual([recs[0]!.id, recs[3]!.id].sort());
      expect((await search(listing, ['silv', 'mar'], 1)).sort()).toEqual([recs[0]!.id, recs[3]!.id].sort());
      expect(await search(listing, ['maria', 'souza'], 5)).toEqual([recs[1]!.id]);
      expect(await search(listing, ['joana', 'maria'], 5)).toEqual([]);
      expect(await search(listing, [], 5)).toEqual([]);
    }));

  it('fills a page of several terms past records that match only the lead term, reading at most twice the page', () =>
    inTenant(async () => {
      const listing = listingOf();
      // Created one after another: ids (UUID v7) put the four Souza before the Silva in the "maria" range.
      for (let i = 0; i < 4; i++) await save(listing, { id: newId(), name: `Maria Souza ${i}` });
      const silvas: string[] = [];
      for (let i = 0; i < 6; i++) {
        const rec = { id: newId(), name: `Maria Silva ${i}` };
        await save(listing, rec);
        silvas.push(rec.id);
      }
      const first = await searchPage(listing, 'all', ['maria', 'silv'], { limit: 5, query: 'fill' });
      expect(first.items.map((i) => i.id)).toEqual(silvas.slice(0, 5));
      expect(first.scanned).toBeLessThanOrEqual(10);
      expect(await search(listing, ['maria', 'silv'], 5)).toEqual(silvas);
    }));

  it('replaces derived items on every write and removes them on delete', () =>
    inTenant(async () => {
      const listing = listingOf();
      const rec: Rec = { id: newId(), name: 'Ana Souza', owner: 'u1' };
      let ix = await save(listing, rec);
      expect(await search(listing, ['ana'], 5, 'own#u1')).toEqual([rec.id]);
      ix = await save(listing, { ...rec, name: 'Beatriz Souza', owner: 'u2' }, ix);
      expect(await search(listing, ['ana'], 5)).toEqual([]);
      expect(await search(listing, ['beat'], 5)).toEqual([rec.id]);
      expect(await search(listing, ['souza'], 5, 'own#u1')).toEqual([]);
      expect(await search(listing, ['souza'], 5, 'own#u2')).toEqual([rec.id]);
      await save(listing, null, ix);
      expect(await search(listing, ['souza'], 5)).toEqual([]);
      expect(await walk(5, (cursor) => listPage(listing, 'all', { cursor, limit: 5, query: 'l' }))).toEqual([]);
    }));

  it('a record written twice from the copy it was read as (its ix not refreshed) keeps nothing of the middle write', () =>
    inTenant(async () => {
      const listing = listingOf();
      const read: Rec = { id: newId(), name: 'Ana Souza', owner: 'u1' };
      const ix = await save(listing, read);
      // A flow writes a middle state over what it read, then the final state over the middle one,
      // still holding the `ix` it read (as a close marks a draft, then writes the sale).
      const middle: Rec = { ...read, name: 'Beatriz Souza', owner: 'u2' };
      await transact(listingSteps(listing, ix, middle, read).steps);
      const final: Rec = { ...read, name: 'Carla Souza', owner: 'u3' };
      await transact(listingSteps(listing, ix, final, middle).steps);
      for (const scope of ['all', 'own#u1', 'own#u2', 'own#u3']) {
        const expected = scope === 'own#u1' || scope === 'own#u2' ? [] : [read.id];
        expect(await walk(5, (cursor) => listPage(listing, scope, { cursor, limit: 5, query: `l${scope}` })), scope).toEqual(expected);
        expect(await search(listing, ['souza'], 5, scope), scope).toEqual(expected);
      }
      expect(await search(listing, ['beat'], 5)).toEqual([]);
    }));

  it('lists every record once, in name order, page after page', () =>
    inTenant(async () => {
      const listing = listingOf();
      const names = ['Ana Maria', 'ana', 'Álvaro', 'Bruno', 'Zé', 'Érica', 'carla'];
      const recs = names.map((name) => ({ id: newId(), name }));
      await Promise.all(recs.map((r) => save(listing, r)));
      const expected = [...recs].sort((a, b) => (sortKey(a.name) < sortKey(b.name) ? -1 : sortKey(a.name) > sortKey(b.name) ? 1 : 0)).map((r) => r.id);
      for (const limit of [1, 2, 3, 7, 100]) {
        expect(await walk(limit, (cursor) => listPage(listing, 'all', { cursor, limit, query: 'l' })), `limit ${limit}`).toEqual(expected);
      }
      // Accents do not move a name ('Álvaro' among the a's), and 'ana' sorts before 'ana maria'.
      expect(expected.slice(0, 3)).toEqual([recs[2]!.id, recs[1]!.id, recs[0]!.id]);
    }));

  it('merges several partitions under one cursor: every record once, in key order, with or without a filter (property)', () =>
    inTenant(async () => {
      const owner = fc.constantFrom('u1', 'u2', 'u3');
      const name = fc.array(fc.constantFrom('a', 'b', 'c', 'á', 'ç', 'z'), { minLength: 1, maxLength: 3 }).map((l) => l.join(''));
      await fc.assert(
        fc.asyncProperty(fc.array(fc.record({ name, owner }), { minLength: 0, maxLength: 12 }), fc.integer({ min: 1, max: 4 }), fc.boolean(), async (inputs, limit, filtered) => {
          const listing = listingOf();
          const recs: Rec[] = inputs.map((r) => ({ id: newId(), ...r }));
          await Promise.all(recs.map((r) => save(listing, r)));
          const scopes = ['own#u1', 'own#u2'];
          const keep = (r: Record<string, unknown>) => !filtered || String(r.name).length > 1;
          const key = (r: Rec) => `${sortKey(r.name)} ${r.id}`;
          const expected = recs
            .filter((r) => scopes.includes(`own#${r.owner}`) && keep({ ...r }))
            .sort((a, b) => (key(a) < key(b) ? -1 : 1))
            .map((r) => r.id);
          const got: string[] = [];
          let cursor: string | undefined;
          for (let pages = 0; pages < 100; pages++) {
            const page = await listPage(listing, scopes, { cursor, limit, query: `m|${filtered}` }, filtered ? { match: keep, readFactor: 2 } : {});
            expect(page.items.length).toBeLessThanOrEqual(limit);
            got.push(...page.items.map((i) => String(i.id)));
            if (!page.nextCursor) break;
            cursor = page.nextCursor;
          }
          expect(got).toEqual(expected);
        }),
        { numRuns: 25, examples: [[[{ name: 'aa', owner: 'u1' }, { name: 'a', owner: 'u1' }, { name: 'aa', owner: 'u2' }, { name: 'a', owner: 'u1' }], 1, true]] },
      );
    }));

  it('search by any prefix of any word returns exactly the records whose words match (property)', () =>
    inTenant(async () => {
      const letter = fc.constantFrom('a', 'b', 'c', 'á', 'ã', 'Â', 'ç', 'É', 'e', 'o', 'ô', 'B');
      const word = fc.array(letter, { minLength: 1, maxLength: 4 }).map((l) => l.join(''));
      const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
      // A term: a prefix of a word of one of the names (or, with pick = null, a free string).
      const pick = fc.record({ rec: fc.nat(), word: fc.nat(), len: fc.integer({ min: 1, max: 4 }) });
      const query = fc.oneof(
        { weight: 4, arbitrary: fc.array(pick, { minLength: 1, maxLength: 2 }) },
        { weight: 1, arbitrary: word.map((w) => [w]) },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ name, nickname: fc.option(word, { nil: null }) }), { minLength: 1, maxLength: 7 }),
          fc.array(query, { minLength: 1, maxLength: 3 }),
          fc.integer({ min: 1, max: 3 }),
          async (inputs, queries, limit) => {
            const listing = listingOf();
            const recs: Rec[] = inputs.map((r) => ({ id: newId(), ...r }));
            await Promise.all(recs.map((r) => save(listing, r)));
            const recWords = new Map(recs.map((r) => [r.id, [...words(r.name), ...words(r.nickname)]]));
            for (const q of queries) {
              const raw = q.map((p) => {
                if (typeof p === 'string') return p;
                const rec = recs[p.rec % recs.length]!;
                const ws = `${rec.name} ${rec.nickname ?? ''}`.split(' ').filter(Boolean);
                return ws[p.word % ws.length]!.slice(0, p.len);
              });
              const terms = words(raw.join(' '));
              const expected = recs.filter((r) => terms.length > 0 && terms.every((t) => recWords.get(r.id)!.some((w) => w.startsWith(t)))).map((r) => r.id);
              const got = await search(listing, terms, limit);
              expect(new Set(got).size, `duplicates for ${JSON.stringify(terms)}`).toBe(got.length);
              expect([...got].sort(), `terms ${JSON.stringify(terms)} over ${JSON.stringify(recs.map((r) => [r.name, r.nickname]))}`).toEqual(expected.sort());
            }
          },
        ),
        { numRuns: 30 },
      );
    }));
});
