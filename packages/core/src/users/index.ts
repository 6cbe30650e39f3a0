import { ApiTexts } from '@ev/shared/messages';
import { UserCreate, UserSelfUpdate, UserUpdate, UsersListQuery, type UserSummary } from '@ev/shared/schemas/users';
import type { HistoryQuery } from '@ev/shared/schemas/logs';
import type { z } from 'zod';
import { words } from '@ev/shared/text';
import { timestamp } from '../clock';
import { authorize, currentActor, currentUserActor } from '../context';
import { fieldError, DomainError } from '../errors';
import { newId } from '../ids';
import { notFound, versionConflict } from '../db/records';
import { transact } from '../db/tx';
import { hashPassword } from '../auth/password';
import { Sessions } from '../auth/sessions';
import { Logs } from '../logs';
import { Scope, ScopeRules } from '../scope';
import { Tenants } from '../tenants';
import { parseInput } from '../validation';
import { publicUser, type UserRecord } from './records';
import { USERS, UsersRepository, UserScopes, userListing, userTarget } from './repository';

/**
 * Record scope (ARCHITECTURE invariant 4), the shared one under the users' rule: administrators
 * (who may update users) see the whole company, a supervisor itself and its subordinates, anyone
 * else itself. The scope picks the partition a list reads; a user outside it answers 404.
 */
const scope = () => Scope.current(ScopeRules.users);

/** A user the caller may see, or 404. */
async function visible(id: string): Promise<UserRecord> {
  const [user, seen] = await Promise.all([UsersRepository.get(id), scope()]);
  if (!user || !Scope.includes(seen, user.id)) throw notFound();
  return user;
}

function matches(summary: Pick<UserSummary, 'name' | 'nickname' | 'email'>, terms: string[]): boolean {
  const own = [...words(summary.name), ...words(summary.nickname), summary.email];
  return terms.every((t) => own.some((w) => w.startsWith(t)));
}

async function validateRelations(input: { profileId: string; branchIds: string[]; defaultBranchId: string | null; supervisorId: string | null }, selfId: string) {
  const fields: { field: string; message: string }[] = [];
  const profile = await Tenants.profile(input.profileId);
  if (!profile || !profile.active) fields.push(fieldError('profileId', ApiTexts.profileInvalid()));
  const branchIds = [...new Set(input.branchIds)];
  if (branchIds.length) {
    const found = await Tenants.branchesByIds(branchIds);
    if (found.length !== branchIds.length) fields.push(fieldError('branchIds', ApiTexts.branchesInvalid()));
  }
  if (input.defaultBranchId && !branchIds.includes(input.defaultBranchId)) {
    fields.push(fieldError('defaultBranchId', ApiTexts.defaultBranchNotAllowed()));
  }
  if (input.supervisorId) {
    const sup = input.supervisorId === selfId ? undefined : await UsersRepository.get(input.supervisorId);
    if (!sup || !sup.supervisor || !sup.active) fields.push(fieldError('supervisorId', ApiTexts.supervisorInvalid()));
  }
  if (fields.length) throw new DomainError('validation', fields[0]!.message, 'validation', { fields });
  return { branchIds, defaultBranchId: input.defaultBranchId ?? branchIds[0] ?? null };
}

/** Creates a user with no permission check: provisioning and the register route use it. */
async function createRecord(input: z.input<typeof UserCreate>): Promise<UserRecord> {
  const data = parseInput(UserCreate, input);
  // System work (provisioning, seeds) runs with a tenant and no user.
  const actor = currentActor();
  const id = newId();
  const relations = await validateRelations(data, id);
  const now = timestamp();
  const { password, ...fields } = data;
  const record: UserRecord = {
    ...fields,
    ...relations,
    id,
    active: true,
    lastAccessAt: null,
    createdAt: now,
    updatedAt: now,
    version: 1,
    passwordHash: await hashPassword(password),
  };
  await transact(UsersRepository.createSteps(record, actor.tenantId));
  Logs.change('users.create', { entity: USERS, id }, null, publicUser(record));
  return record;
}

export const Users = {
  createRecord,

  async list(query: z.input<typeof UsersListQuery>) {
    authorize('read', 'usuarios');
    const actor = currentUserActor();
    const q = parseInput(UsersListQuery, query);
    const seen = await scope();
    const terms = words(q.q);
    const active = q.active === undefined ? undefined : q.active === 'true';
    if (seen.kind === 'owners' && !seen.supervisor) {
      const me = await UsersRepository.get(actor.userId);
      const sells = !q.sells || me?.salesman || me?.supervisor;
      const items = me && sells && matches(me, terms) && (active === undefined || me.active === active) ? [userListing.summary(me)] : [];
      return { items, nextCursor: null, scanned: me ? 1 : 0 };
    }
    const partition = seen.kind === 'all' ? UserScopes.all : UserScopes.team(actor.userId);
    const page = { cursor: q.cursor, limit: q.limit, query: `users|${partition}|${terms.join(' ')}|${q.active ?? ''}|${q.sells ?? ''}` };
    // Filters no partition serves are kept after the read (a page reads at most a few limits).
    const match =
      active === undefined && !q.sells
        ? undefined
        : (d: Record<string, unknown>) => (active === undefined || d.active === active) && (!q.sells || d.salesman === true || d.supervisor === true);
    const res = terms.length ? await UsersRepository.search(partition, terms, page, match) : await UsersRepository.list(partition, page, match);
    return res;
  },

  async get(id: string) {
    authorize('read', 'usuarios');
    return publicUser(await visible(id));
  },

  /** The user's "histórico": its audited changes (who, when, each field before and after). */
  async history(id: string, query: z.input<typeof HistoryQuery>) {
    authorize('read', 'usuarios');
    await visible(id);
    return Logs.history(USERS, id, query);
  },

  async create(input: z.input<typeof UserCreate>) {
    authorize('create', 'usuarios');
    return publicUser(await createRecord(input));
  },

  async update(id: string, input: z.input<typeof UserUpdate>) {
    authorize('update', 'usuarios');
    const actor = currentUserActor();
    const data = parseInput(UserUpdate, input);
    const before = await visible(id);
    if (before.version !== data.version) throw versionConflict();
    const { version: _v, ...fields } = data;
    const relations = await validateRelations(fields, id);
    const after: UserRecord = { ...before, ...fields, ...relations, updatedAt: timestamp() };
    await transact(UsersRepository.updateSteps(before, after, actor.tenantId));
    Logs.change('users.update', { entity: USERS, id }, publicUser(before), publicUser(after));
    return publicUser({ ...after, version: before.version + 1 });
  },

  /**
   * PUT /auth/me/profile: the signed-in user changes its own nickname, phones, avatar, time zone and
   * date format, over the version read (audited). No permission beyond being signed in: it is its
   * own record, and nothing that widens what it may do can be changed here.
   */
  async updateSelf(input: z.input<typeof UserSelfUpdate>) {
    const actor = currentUserActor();
    const data = parseInput(UserSelfUpdate, input);
    const before = await UsersRepository.get(actor.userId);
    if (!before) throw notFound();
    if (before.version !== data.version) throw versionConflict();
    const { version: _v, ...fields } = data;
    const after: UserRecord = { ...before, ...fields, updatedAt: timestamp() };
    await transact(UsersRepository.updateSteps(before, after, actor.tenantId));
    Logs.change('users.update_self', { entity: USERS, id: actor.userId }, publicUser(before), publicUser(after));
    return publicUser({ ...after, version: before.version + 1 });
  },

  /** Deactivation: the user can no longer log in and every session ends. Records keep pointing to it. */
  async deactivate(id: string) {
    authorize('delete', 'usuarios');
    const actor = currentUserActor();
    const before = await visible(id);
    if (id === actor.userId) throw new DomainError('users.cannot_deactivate_self', ApiTexts.cannotDeactivateSelf(), 'conflict');
    const after: UserRecord = { ...before, active: false, updatedAt: timestamp() };
    await transact(UsersRepository.updateSteps(before, after, actor.tenantId));
    await Sessions.endAll(id);
    Logs.change('users.deactivate', { entity: USERS, id }, publicUser(before), publicUser(after));
    return publicUser({ ...after, version: before.version + 1 });
  },

  // System functions for other modules (auth, provisioning, the record scope, references): no
  // permission check; the calling service checks its own subject.

  /** A user as stored (credentials included), by id. */
  record: (id: string) => UsersRepository.get(id),
  /** The global e-mail pointer: the tenant and user of an e-mail (login, password reset). */
  pointer: (email: string) => UsersRepository.pointer(email),
  /** The ids of a supervisor's team: itself and its subordinates. */
  team: (supervisorId: string) => UsersRepository.team(supervisorId),
  /** What a record that points to a user (a client's salesman) records (invariant 6). */
  target: (id: string, field: string) => userTarget(id, field),
  setLastAccess: (id: string, at: string) => UsersRepository.setLastAccess(id, at),
  setTemp: (id: string, temp: NonNullable<UserRecord['temp']>) => UsersRepository.setTemp(id, temp),
  consumeTemp: (id: string, hash: string, now: number) => UsersRepository.consumeTemp(id, hash, now),
  setPassword: (id: string, passwordHash: string, at: string) => UsersRepository.setPassword(id, passwordHash, at),
};
