import { ProfilesListQuery } from '@ev/shared/schemas/profiles';
import type { Profile } from '@ev/shared/schemas/profiles';
import type { z } from 'zod';
import { words } from '@ev/shared/text';
import { currentUserActor } from '../context';
import { notFound } from '../db/records';
import { TenantsRepository } from '../tenants/repository';
import type { ProfileRecord } from '../tenants/records';

function publicProfile(p: ProfileRecord): Profile {
  return { id: p.id, name: p.name, preset: p.preset, active: p.active, rules: p.rules as Profile['rules'], createdAt: p.createdAt, updatedAt: p.updatedAt, version: p.version };
}

/**
 * Permission profiles. A company holds a handful (one per preset plus its own), all in its
 * configuration partition, so the list is one bounded Query, filtered and sorted in memory.
 */
export const Profiles = {
  async list(query: z.input<typeof ProfilesListQuery>) {
    currentUserActor();
    const q = ProfilesListQuery.parse(query);
    const terms = words(q.q);
    const all = await TenantsRepository.profiles();
    const items = all
      .filter((p) => terms.every((t) => words(p.name).some((w) => w.startsWith(t))))
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
      .slice(0, q.limit)
      .map(publicProfile);
    return { items, nextCursor: null };
  },
  async get(id: string) {
    currentUserActor();
    const p = await TenantsRepository.profile(id);
    if (!p) throw notFound();
    return publicProfile(p);
  },
};
