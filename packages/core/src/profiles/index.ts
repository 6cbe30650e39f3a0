import { ProfilesListQuery } from '@ev/shared/schemas/profiles';
import type { Profile } from '@ev/shared/schemas/profiles';
import type { z } from 'zod';
import { words } from '@ev/shared/text';
import { authorize, currentUserActor } from '../context';
import { readCursor, signCursor } from '../db/cursor';
import { notFound } from '../db/records';
import { Tenants } from '../tenants';
import type { ProfileRecord } from '../tenants/records';
import { parseInput } from '../validation';

function publicProfile(p: ProfileRecord): Profile {
  return { id: p.id, name: p.name, preset: p.preset, active: p.active, rules: p.rules as Profile['rules'], createdAt: p.createdAt, updatedAt: p.updatedAt, version: p.version };
}

/** Name order (pt-BR), then id, so every profile has one place between pages. */
function compare(a: { name: string; id: string }, b: { name: string; id: string }): number {
  return a.name.localeCompare(b.name, 'pt-BR') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Permission profiles. A company holds a handful (one per preset plus its own), all in its
 * configuration partition, so the list is one bounded Query, filtered, sorted and paged in memory;
 * the signed cursor holds the last profile of the page (name and id).
 */
export const Profiles = {
  async list(query: z.input<typeof ProfilesListQuery>) {
    currentUserActor();
    authorize('read', 'permissões');
    const q = parseInput(ProfilesListQuery, query);
    const terms = words(q.q);
    const cursorQuery = `profiles|${terms.join(' ')}`;
    const after = readCursor(q.cursor, cursorQuery);
    const all = await Tenants.profiles();
    const sorted = all
      .filter((p) => terms.every((t) => words(p.name).some((w) => w.startsWith(t))))
      .sort(compare);
    const rest = after ? sorted.filter((p) => compare(p, { name: String(after.name), id: String(after.id) }) > 0) : sorted;
    const page = rest.slice(0, q.limit);
    const last = page.at(-1);
    const nextCursor = last && rest.length > page.length ? signCursor({ name: last.name, id: last.id }, cursorQuery) : null;
    return { items: page.map(publicProfile), nextCursor };
  },
  async get(id: string) {
    currentUserActor();
    authorize('read', 'permissões');
    const p = await Tenants.profile(id);
    if (!p) throw notFound();
    return publicProfile(p);
  },
};
