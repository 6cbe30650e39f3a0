import { ApiTexts } from '@ev/shared/messages';
import { isPermissionsAdmin } from '@ev/shared/permissions';
import { AvatarUpload, UserCreate, UserLanguage, UserSelfUpdate, UserTexts, UserUpdate, UsersListQuery, type UserSummary } from '@ev/shared/schemas/users';
import type { HistoryQuery } from '@ev/shared/schemas/logs';
import type { z } from 'zod';
import { searchTerms, words } from '@ev/shared/text';
import { timestamp } from '../clock';
import { authorize, currentActor, currentUserActor } from '../context';
import { fieldError, fieldSaid, DomainError } from '../errors';
import { newId } from '../ids';
import { notFound, versionConflict } from '../db/records';
import { busyConflict, transact, type TxStep } from '../db/tx';
import { hashPassword } from '../password';
import { Sessions } from '../sessions';
import { Logs } from '../logs';
import { Scope, ScopeRules } from './scope';
import { Tenants } from '../tenants';
import { parseInput } from '../validation';
import type { ProfileRecord } from '../tenants/records';
import { publicUser, type UserRecord } from './records';
import { readAvatar, storeOwnAvatar } from './avatar';
import { USERS, UsersRepository, UserScopes, userListing, userTarget } from './repository';
import { mailTemporary, newTemporary, unusablePasswordHash } from './temporary';

/**
 * Record scope (ARCHITECTURE invariant 4), the shared one under the users' rule: administrators
 * (who may update users) see the whole company, a supervisor itself and its subordinates, anyone
 * else itself. The scope picks the partition a list reads; a user outside it answers 404.
 */
const scope = () => Scope.current(ScopeRules.users);

const lastAdmin = (text: 'lastAdmin' | 'lastAdminProfile', user: UserRecord, field?: string) => {
  const said = UserTexts[text]({ name: user.name });
  return new DomainError('users.last_admin', said, 'conflict', field ? { fields: [fieldError(field, said)] } : undefined);
};

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

/** The list filters no partition serves, as one check of a list item (undefined: none asked). */
function listFilter(q: z.output<typeof UsersListQuery>): ((d: Record<string, unknown>) => boolean) | undefined {
  const checks: ((d: Record<string, unknown>) => boolean)[] = [];
  if (q.active) checks.push((d) => d.active === (q.active === 'true'));
  if (q.sells) checks.push((d) => d.salesman === true || d.supervisor === true);
  if (q.profileId) checks.push((d) => d.profileId === q.profileId);
  // Items written before the summary carried the branches have none: they match no branch.
  if (q.branchId) checks.push((d) => Array.isArray(d.branchIds) && d.branchIds.includes(q.branchId));
  if (q.flag) checks.push((d) => d[q.flag!] === true);
  return checks.length ? (d) => checks.every((c) => c(d)) : undefined;
}

/**
 * The active users who may manage permissions (an active user on an active profile that may update
 * `permissões`, `isPermissionsAdmin`) once a change is made: a profile as it is being saved, or a
 * user as it is being saved. The one count behind the last-administrator guard of users and of
 * profiles (issue 14), so the company can always change its permissions.
 */
async function administratorsAfter(change: { profile?: ProfileRecord; user?: Pick<UserRecord, 'id' | 'active' | 'profileId'> }): Promise<string[]> {
  const profiles = (await Tenants.profiles()).map((p) => (change.profile && p.id === change.profile.id ? change.profile : p));
  const admin = new Set(profiles.filter((p) => p.active && isPermissionsAdmin(p.rules)).map((p) => p.id));
  const ids = admin.size ? await UsersRepository.activeWithProfiles([...admin]) : [];
  const user = change.user;
  if (!user) return ids;
  const others = ids.filter((id) => id !== user.id);
  return user.active && admin.has(user.profileId) ? [...others, user.id] : others;
}

/** A guarded change met another change of the company's administrators committed first: it is read and decided again. */
class AdministratorsChanged extends Error {}

/** Rounds of `guarded` before a 409 the caller can retry (every round is lost to a change that committed). */
const GUARD_ROUNDS = 8;

/**
 * Runs a change of users or profiles (its reads, guards and transaction), again from its reads
 * while another change of who may administer the company commits first (docs/decisions.md "The
 * last administrator under concurrency"): the second of two administrators removing each other
 * then sees the first's change and is refused by the guard.
 */
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof AdministratorsChanged)) throw e;
      if (round >= GUARD_ROUNDS) throw busyConflict();
      await new Promise((r) => setTimeout(r, Math.random() * 20 * round));
    }
  }
}

const manages = (p: Pick<ProfileRecord, 'active' | 'rules'> | undefined) => Boolean(p && p.active && isPermissionsAdmin(p.rules));

/**
 * The last-administrator guard, for a change of a user (`before`, `after`) or of a profile: refuses
 * (`refusal`) a change that would leave the company without an active user who may manage
 * permissions, and answers the steps the change's transaction must carry. A change that may move
 * who administers (an active user's activity or profile; a profile gaining or losing the
 * permissions) moves the company's administration version, on the condition that it is still the
 * one read before the count: two such changes at once cannot both commit on counts that each
 * other's change makes wrong. The loser fails with `AdministratorsChanged`, which `guarded` retries.
 */
async function administrationSteps(
  change: { user: { before: Pick<UserRecord, 'id' | 'active' | 'profileId'>; after: Pick<UserRecord, 'id' | 'active' | 'profileId'> } } | { profile: { before: ProfileRecord; after: ProfileRecord } },
  refusal: () => DomainError,
): Promise<TxStep[]> {
  const moves = 'user' in change
    ? change.user.before.active && (change.user.before.active !== change.user.after.active || change.user.before.profileId !== change.user.after.profileId)
    : manages(change.profile.before) !== manages(change.profile.after);
  // The version is read before the count: a change committed after it moves it, and this one's condition fails.
  const read = moves ? await UsersRepository.administrationVersion() : 0;
  const admins = await administratorsAfter('user' in change ? { user: change.user.after } : { profile: change.profile.after });
  if (!admins.length) throw refusal();
  return moves ? [UsersRepository.administrationStep(read, () => new AdministratorsChanged())] : [];
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
  if (fields.length) throw new DomainError('validation', fieldSaid(fields[0]!), 'validation', { fields });
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
  const { password, passwordMode, ...fields } = data;
  // 'email': no password anyone knows, and a temporary one e-mailed (a session opened with it must change it).
  const issued = passwordMode === 'email' ? await newTemporary('welcome') : null;
  const record: UserRecord = {
    ...fields,
    ...relations,
    id,
    active: true,
    lastAccessAt: null,
    createdAt: now,
    updatedAt: now,
    version: 1,
    passwordHash: issued ? await unusablePasswordHash() : await hashPassword(password!),
    ...(issued ? { temp: issued.temp } : {}),
  };
  await transact(UsersRepository.createSteps(record, actor.tenantId));
  // How the first access was given ('set' or 'email'; a key the log's secret filter would hide as `password…`).
  await Logs.change('users.create', { entity: USERS, id }, null, publicUser(record), { firstAccess: passwordMode });
  if (issued) await mailTemporary(actor.tenantId, record, issued.password, 'welcome');
  return record;
}

export const Users = {
  createRecord,

  async list(query: z.input<typeof UsersListQuery>) {
    authorize('read', 'usuarios');
    const actor = currentUserActor();
    const q = parseInput(UsersListQuery, query);
    const seen = await scope();
    const terms = searchTerms(q.q);
    // Filters no partition serves are kept after the read (a page reads at most a few limits).
    const match = listFilter(q);
    if (seen.kind === 'owners' && !seen.supervisor) {
      const me = await UsersRepository.get(actor.userId);
      const summary = me ? userListing.summary(me) : undefined;
      const items = summary && matches(summary, terms) && (!match || match(summary)) ? [summary] : [];
      return { items, nextCursor: null, scanned: me ? 1 : 0 };
    }
    const partition = seen.kind === 'all' ? UserScopes.all : UserScopes.team(actor.userId);
    const filters = [q.active, q.sells, q.profileId, q.branchId, q.flag].map((f) => f ?? '').join('|');
    const page = { cursor: q.cursor, limit: q.limit, query: `users|${partition}|${terms.join(' ')}|${filters}` };
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
    return guarded(async () => {
      const before = await visible(id);
      if (before.version !== data.version) throw versionConflict();
      const { version: _v, ...fields } = data;
      const relations = await validateRelations(fields, id);
      const after: UserRecord = { ...before, ...fields, ...relations, updatedAt: timestamp() };
      const guard = after.profileId !== before.profileId ? await administrationSteps({ user: { before, after } }, () => lastAdmin('lastAdminProfile', before, 'profileId')) : [];
      await transact([...UsersRepository.updateSteps(before, after, actor.tenantId), ...guard]);
      await Logs.change('users.update', { entity: USERS, id }, publicUser(before), publicUser(after));
      return publicUser({ ...after, version: before.version + 1 });
    });
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
    await Logs.change('users.update_self', { entity: USERS, id: actor.userId }, publicUser(before), publicUser(after));
    return publicUser({ ...after, version: before.version + 1 });
  },

  /**
   * PUT /auth/me/language: the signed-in user's language, kept with it so every device it signs in
   * on shows its choice (docs/decisions.md "Auth"). A preference: the last choice wins, no version.
   */
  async setOwnLanguage(input: z.input<typeof UserLanguage>) {
    const actor = currentUserActor();
    const { language } = parseInput(UserLanguage, input);
    const before = await UsersRepository.get(actor.userId);
    if (!before) throw notFound();
    await UsersRepository.setLanguage(actor.userId, language);
    if ((before.language ?? null) !== language) await Logs.change('users.language', { entity: USERS, id: actor.userId }, { language: before.language ?? null }, { language });
    return publicUser({ ...before, language });
  },

  /**
   * POST /auth/me/avatar: the signed-in user's photo, uploaded (a data URL the web resized), over
   * the version read; audited as its own change. Removing it is PUT /auth/me/profile with no avatar.
   */
  async uploadAvatar(input: z.input<typeof AvatarUpload>) {
    const actor = currentUserActor();
    const data = parseInput(AvatarUpload, input);
    const before = await UsersRepository.get(actor.userId);
    if (!before) throw notFound();
    if (before.version !== data.version) throw versionConflict();
    const { url } = await storeOwnAvatar(data);
    const after: UserRecord = { ...before, avatar: url, updatedAt: timestamp() };
    await transact(UsersRepository.updateSteps(before, after, actor.tenantId));
    await Logs.change('users.update_self', { entity: USERS, id: actor.userId }, publicUser(before), publicUser(after));
    return publicUser({ ...after, version: before.version + 1 });
  },

  /** A stored photo, by the address `uploadAvatar` answered (no session: an image tag sends none). */
  avatar: readAvatar,

  /** Deactivation: the user can no longer log in and every session ends. Records keep pointing to it. */
  async deactivate(id: string) {
    authorize('delete', 'usuarios');
    const actor = currentUserActor();
    return guarded(async () => {
      const before = await visible(id);
      if (id === actor.userId) throw new DomainError('users.cannot_deactivate_self', ApiTexts.cannotDeactivateSelf(), 'conflict');
      const after: UserRecord = { ...before, active: false, updatedAt: timestamp() };
      const guard = await administrationSteps({ user: { before, after } }, () => lastAdmin('lastAdmin', before));
      await transact([...UsersRepository.updateSteps(before, after, actor.tenantId), ...guard]);
      await Sessions.endAll(id);
      await Logs.change('users.deactivate', { entity: USERS, id }, publicUser(before), publicUser(after));
      return publicUser({ ...after, version: before.version + 1 });
    });
  },

  /** Reactivation: the user can log in again, with the password it had (update on usuarios). */
  async reactivate(id: string) {
    authorize('update', 'usuarios');
    const actor = currentUserActor();
    const before = await visible(id);
    if (before.active) throw new DomainError('users.already_active', UserTexts.alreadyActive(), 'conflict');
    const after: UserRecord = { ...before, active: true, updatedAt: timestamp() };
    await transact(UsersRepository.updateSteps(before, after, actor.tenantId));
    await Logs.change('users.reactivate', { entity: USERS, id }, publicUser(before), publicUser(after));
    return publicUser({ ...after, version: before.version + 1 });
  },

  /**
   * An administrator's password reset (update on usuarios): the current password stops working,
   * every session of the user ends, and a temporary password (valid for days, single use, to be
   * changed at the first login) is e-mailed, through the same mechanism as the forgot-password
   * request. Not for one's own user (that is "Alterar senha") nor for an inactive one.
   */
  async resetPassword(id: string) {
    authorize('update', 'usuarios');
    const actor = currentUserActor();
    const user = await visible(id);
    if (id === actor.userId) throw new DomainError('users.cannot_reset_self', UserTexts.resetSelf(), 'conflict');
    if (!user.active) throw new DomainError('users.inactive', UserTexts.inactive(), 'conflict');
    const { password, temp } = await newTemporary('reset');
    await UsersRepository.resetCredentials(id, await unusablePasswordHash(), temp);
    const ended = await Sessions.endAll(id);
    // The values of a password are never logged: the change is listed with both sides hidden.
    await Logs.change('users.reset_password', { entity: USERS, id }, { password: 'current' }, { password: 'temporary' }, { sessionsEnded: ended });
    await mailTemporary(actor.tenantId, user, password, 'reset');
    return publicUser(user);
  },

  // System functions for other modules (auth, provisioning, the record scope, references): no
  // permission check; the calling service checks its own subject.

  /** A user as stored (credentials included), by id. */
  record: (id: string) => UsersRepository.get(id),
  /** The names and time zones of users by id (the logs' entries, handed in by the wiring); the unknown left out. */
  async people(ids: string[]): Promise<Map<string, { name: string; timezone: string | null }>> {
    const found = await Promise.all(ids.map((id) => UsersRepository.get(id)));
    return new Map(found.flatMap((u) => (u ? [[u.id, { name: u.name, timezone: u.timezone || null }] as const] : [])));
  },
  /** The global e-mail pointer: the tenant and user of an e-mail (login, password reset). */
  pointer: (email: string) => UsersRepository.pointer(email),
  /** The last-administrator guard's steps for a change of a profile (`administrationSteps`), inside `guarded`. */
  administrationSteps,
  /** Runs a change that carries `administrationSteps` again from its reads while another such change commits first. */
  guarded,
  /** The ids of a supervisor's team: itself and its subordinates. */
  team: (supervisorId: string) => UsersRepository.team(supervisorId),
  /** Every user of the company as its list shows it (name, flags, active): a dashboard's salesmen. */
  summaries: () => UsersRepository.summaries(),
  /**
   * A company's erasure (the admin area): the global e-mail pointers of every user of the current
   * company are deleted (only those still pointing here), so its e-mails can be used again. Answers
   * how many.
   */
  async releaseEmails(): Promise<number> {
    const tenantId = currentActor().tenantId;
    const users = await UsersRepository.summaries();
    const released = await Promise.all(users.map((u) => UsersRepository.deletePointer(u.email, tenantId)));
    return released.filter(Boolean).length;
  },
  /** What a record that points to a user (a client's salesman) records (invariant 6). */
  target: (id: string, field: string) => userTarget(id, field),
  setLastAccess: (id: string, at: string) => UsersRepository.setLastAccess(id, at),
  setTemp: (id: string, temp: NonNullable<UserRecord['temp']>) => UsersRepository.setTemp(id, temp),
  consumeTemp: (id: string, hash: string, now: number) => UsersRepository.consumeTemp(id, hash, now),
  setPassword: (id: string, passwordHash: string, at: string) => UsersRepository.setPassword(id, passwordHash, at),
};
