import { pick } from '@ev/shared/objects';
import { gridOf, isPermissionsAdmin, PRESETS, RULES_VERSION, type AbilityRule } from '@ev/shared/permissions';
import { ProfileCopy, ProfileCreate, ProfilesListQuery, ProfileTexts, ProfileUpdate, ProfileVersion } from '@ev/shared/schemas/profiles';
import type { Profile } from '@ev/shared/schemas/profiles';
import type { HistoryQuery } from '@ev/shared/schemas/logs';
import type { Said } from '@ev/shared/texts';
import type { z } from 'zod';
import { fold, searchTerms, words } from '@ev/shared/text';
import { timestamp } from '../clock';
import { authorize, currentUserActor } from '../context';
import { readCursor, signCursor } from '../db/cursor';
import { notFound, versionConflict } from '../db/records';
import { transact, type TxStep } from '../db/tx';
import { DomainError, fieldError } from '../errors';
import { newId } from '../ids';
import { Logs } from '../logs';
import { Tenants } from '../tenants';
import type { ProfileRecord } from '../tenants/records';
import { Users } from '../users';
import { parseInput } from '../validation';

const PROFILES = 'profiles';

function publicProfile(p: ProfileRecord): Profile {
  return {
    ...pick(p, ['id', 'name', 'preset', 'active', 'createdAt', 'updatedAt', 'version']),
    financialReleaseAuthorizer: p.financialReleaseAuthorizer ?? false,
    rules: p.rules as Profile['rules'],
  };
}

/** Name order (pt-BR), then id, so every profile has one place between pages. */
function compare(a: { name: string; id: string }, b: { name: string; id: string }): number {
  return a.name.localeCompare(b.name, 'pt-BR') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** What the audit and the history keep of a profile: its rules as the grid's cells, in words a diff can compare. */
function audited(p: ProfileRecord): Record<string, unknown> {
  const grid = gridOf(p.rules);
  return { name: p.name, active: p.active, financialReleaseAuthorizer: p.financialReleaseAuthorizer ?? false, fullAccess: grid.full, abilities: grid.cells, ownRecordsOnly: grid.own };
}

const conflict = (code: string, message: Said, field?: string) => new DomainError(code, message, 'conflict', field ? { fields: [fieldError(field, message)] } : undefined);

/** Names are unique in a company, without regard to case and accents (a handful of profiles: checked in memory). */
function checkName(all: ProfileRecord[], name: string, selfId: string | null): void {
  const key = fold(name.trim());
  if (all.some((p) => p.id !== selfId && fold(p.name.trim()) === key)) throw conflict('profiles.name_taken', ProfileTexts.nameTaken(), 'name');
}

/**
 * The guards every change of a profile passes (issue 14): the one who changes it keeps its own
 * access to permissions and to the system when the profile is its own, and the company keeps at
 * least one active user whose active profile may manage permissions.
 */
async function checkGuards(before: ProfileRecord, changed: ProfileRecord): Promise<TxStep[]> {
  const actor = currentUserActor();
  const me = await Users.record(actor.userId);
  const managesAfter = changed.active && isPermissionsAdmin(changed.rules);
  if (me?.profileId === changed.id && !managesAfter) throw conflict('profiles.self_lockout', ProfileTexts.selfLockout());
  return Users.administrationSteps({ profile: { before, after: changed } }, () => conflict('profiles.last_admin', ProfileTexts.lastAdmin()));
}

async function editable(id: string): Promise<{ all: ProfileRecord[]; before: ProfileRecord }> {
  const all = await Tenants.profiles();
  const before = all.find((p) => p.id === id);
  if (!before) throw notFound();
  return { all, before };
}

/**
 * Saves an edit over the version read, after the guards; audited with each field before and after.
 * Called inside `Users.guarded`, which runs the edit again from its reads when another change of
 * the administrators commits first.
 */
async function save(event: string, before: ProfileRecord, after: ProfileRecord): Promise<Profile> {
  const guard = await checkGuards(before, after);
  await transact([...Tenants.profileUpdateSteps(before, after), ...guard]);
  await Logs.change(event, { entity: PROFILES, id: after.id }, audited(before), audited(after));
  return publicProfile({ ...after, version: before.version + 1 });
}

async function createRecord(name: string, rules: AbilityRule[], financialReleaseAuthorizer: boolean, preset: string | null, event: string, extra: Record<string, unknown> = {}): Promise<Profile> {
  const all = await Tenants.profiles();
  checkName(all, name, null);
  const now = timestamp();
  const record: ProfileRecord = { id: newId(), name: name.trim(), preset, active: true, financialReleaseAuthorizer, rules, rulesVersion: RULES_VERSION, createdAt: now, updatedAt: now, version: 1 };
  await transact(Tenants.profileCreateSteps(record));
  await Logs.change(event, { entity: PROFILES, id: record.id }, null, audited(record), extra);
  return publicProfile(record);
}

/**
 * Permission profiles (issue 14 item 1). A company holds a handful (one per preset plus its own),
 * all in its configuration partition, so the list is one bounded Query, filtered, sorted and paged
 * in memory; the signed cursor holds the last profile of the page (name and id). Writes need
 * update on `permissões` (create on it for a new profile) and pass the self-lockout and
 * last-administrator guards; a change reaches its users on their next request (the session reads
 * the profile on every request).
 */
export const Profiles = {
  async list(query: z.input<typeof ProfilesListQuery>) {
    currentUserActor();
    authorize('read', 'permissões');
    const q = parseInput(ProfilesListQuery, query);
    const terms = searchTerms(q.q);
    const cursorQuery = `profiles|${terms.join(' ')}`;
    const after = readCursor(q.cursor, cursorQuery);
    const all = await Tenants.profiles();
    const sorted = all.filter((p) => terms.every((t) => words(p.name).some((w) => w.startsWith(t)))).sort(compare);
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

  /** A new profile from a preset's rules, or from the rules given (none: no access until edited). */
  async create(input: z.input<typeof ProfileCreate>) {
    authorize('create', 'permissões');
    const data = parseInput(ProfileCreate, input);
    const rules = data.preset ? PRESETS[data.preset].rules : (data.rules ?? []);
    return createRecord(data.name, rules, data.financialReleaseAuthorizer, data.preset ?? null, 'profiles.create');
  },

  /** A copy under another name: the same rules and flag, active, no preset. */
  async copy(id: string, input: z.input<typeof ProfileCopy>) {
    authorize('create', 'permissões');
    const data = parseInput(ProfileCopy, input);
    const source = await Tenants.profile(id);
    if (!source) throw notFound();
    return createRecord(data.name, source.rules, source.financialReleaseAuthorizer ?? false, null, 'profiles.copy', { from: id });
  },

  /** Name, rules and the financial release flag, over the version read. An inactive profile is reactivated first. */
  async update(id: string, input: z.input<typeof ProfileUpdate>) {
    authorize('update', 'permissões');
    const data = parseInput(ProfileUpdate, input);
    return Users.guarded(async () => {
      const { all, before } = await editable(id);
      if (before.version !== data.version) throw versionConflict();
      if (!before.active) throw conflict('profiles.inactive', ProfileTexts.inactive());
      checkName(all, data.name, id);
      const after: ProfileRecord = { ...before, name: data.name.trim(), rules: data.rules as AbilityRule[], financialReleaseAuthorizer: data.financialReleaseAuthorizer, updatedAt: timestamp() };
      return save('profiles.update', before, after);
    });
  },

  /** Deactivation: its users can no longer sign in or make requests (the session says 'Perfil inativo.') until it is reactivated. */
  async setActive(id: string, active: boolean, input: z.input<typeof ProfileVersion>) {
    authorize('update', 'permissões');
    const data = parseInput(ProfileVersion, input);
    return Users.guarded(async () => {
      const { before } = await editable(id);
      if (before.version !== data.version) throw versionConflict();
      const after: ProfileRecord = { ...before, active, updatedAt: timestamp() };
      return save(active ? 'profiles.activate' : 'profiles.deactivate', before, after);
    });
  },

  /** The profile's "histórico": who changed its name, abilities and flags, and when. */
  async history(id: string, query: z.input<typeof HistoryQuery>) {
    authorize('read', 'permissões');
    if (!(await Tenants.profile(id))) throw notFound();
    return Logs.history(PROFILES, id, query);
  },
};
