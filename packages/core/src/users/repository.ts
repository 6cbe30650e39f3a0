import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ApiTexts } from '@ev/shared/messages';
import type { UserSummary } from '@ev/shared/schemas/users';
import { words } from '@ev/shared/text';
import { fieldError, DomainError } from '../errors';
import { dynamoClient, tableName } from '../db/client';
import { Keys } from '../db/keys';
import { derivedItems, listingSteps, listPage, searchPage, sortKey, type Listing } from '../db/listing';
import type { PageRequest } from '../db/query';
import { getItem, Versioned } from '../db/records';
import { References, type Target } from '../db/references';
import { queryAll } from '../db/query';
import { Tx, type TxStep } from '../db/tx';
import { Tenants } from '../tenants';
import { publicUser, type UserRecord } from './records';

export const USERS = 'users';
/** The counter that orders the changes of who may administer a company (the last-administrator guard). */
const ADMINISTRATION = 'administration';

/** The partitions users are listed in: the whole company, and a supervisor's team. */
export const UserScopes = {
  all: 'all',
  team: (supervisorId: string) => `sup#${supervisorId}`,
};

/**
 * Users are listed in the whole company (administrators) and in their supervisor's team
 * (`sup#<supervisorId>`); a supervisor is also listed in its own team, so "a supervisor sees itself
 * and its subordinates" is one partition.
 */
export const userListing: Listing<UserRecord, UserSummary> = {
  entity: USERS,
  scopes: (u) => [UserScopes.all, ...(u.supervisorId ? [UserScopes.team(u.supervisorId)] : []), ...(u.supervisor ? [UserScopes.team(u.id)] : [])],
  sortValue: (u) => sortKey(u.name),
  words: (u) => [...words(u.name), ...words(u.nickname), u.email],
  summary: (u) => ({
    id: u.id,
    name: u.name,
    nickname: u.nickname,
    email: u.email,
    active: u.active,
    employee: u.employee,
    salesman: u.salesman,
    supervisor: u.supervisor,
    supervisorId: u.supervisorId,
    profileId: u.profileId,
    branchIds: u.branchIds,
  }),
};

export function userTarget(id: string, field: string): Target {
  return { entity: USERS, id, key: Keys.user(id), field };
}

function targets(u: Pick<UserRecord, 'profileId' | 'supervisorId'>): Target[] {
  const out: Target[] = [Tenants.profileTarget(u.profileId)];
  if (u.supervisorId) out.push(userTarget(u.supervisorId, 'supervisorId'));
  return out;
}

const emailTaken = () =>
  new DomainError('users.email_taken', ApiTexts.emailTaken(), 'conflict', { fields: [fieldError('email', ApiTexts.emailTaken())] });

/** A user's stored password and pending temporary one (`#t`), moved by one update of an existing user. */
const writeCredentials = (id: string, update: string, values: Record<string, unknown>) => bookkeeping(id, update, values, { '#t': 'temp' });

/** One bookkeeping update of an existing user (not an edit: `version` stays). */
async function bookkeeping(id: string, update: string, values: Record<string, unknown>, names?: Record<string, string>): Promise<void> {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: Keys.user(id),
      UpdateExpression: update,
      ConditionExpression: 'attribute_exists(pk)',
      ...(names ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    }),
  );
}

export const UsersRepository = {
  get(id: string): Promise<UserRecord | undefined> {
    return getItem<UserRecord>(Keys.user(id));
  },

  /** The global e-mail pointer: the only tenant-independent lookup of a user (login, reset). */
  async pointer(email: string): Promise<{ tenantId: string; userId: string } | undefined> {
    const out = await dynamoClient().send(new GetCommand({ TableName: tableName(), Key: Keys.emailPointer(email), ConsistentRead: true }));
    return out.Item ? { tenantId: String(out.Item.tenantId), userId: String(out.Item.userId) } : undefined;
  },

  /** Deletes an e-mail's pointer if it is still this company's (a company's erasure frees its users' e-mails). */
  async deletePointer(email: string, tenantId: string): Promise<boolean> {
    try {
      await dynamoClient().send(new DeleteCommand({ TableName: tableName(), Key: Keys.emailPointer(email), ConditionExpression: 'tenantId = :t', ExpressionAttributeValues: { ':t': tenantId } }));
      return true;
    } catch (e) {
      if ((e as Error).name === 'ConditionalCheckFailedException') return false;
      throw e;
    }
  },

  createSteps(user: UserRecord, tenantId: string): TxStep[] {
    const listing = listingSteps(userListing, [], user);
    return [
      Versioned.create({ ...Keys.user(user.id), type: 'user', ...user, ix: listing.ix }),
      Tx.putNew({ ...Keys.emailPointer(user.email), tenantId, userId: user.id }, emailTaken),
      ...References.change({ entity: USERS, id: user.id, label: user.name }, [], targets(user)),
      ...listing.steps,
    ];
  },

  /**
   * An edit (update, deactivation) writes the edited attributes only: the credentials and
   * bookkeeping (`passwordHash`, `temp`, `lastAccessAt`, `refCount`) change by their own writes,
   * without moving `version`, and an edit must never write back the stale copy it read.
   */
  updateSteps(before: UserRecord, after: UserRecord, tenantId: string): TxStep[] {
    const listing = listingSteps(userListing, before.ix, after);
    const { passwordHash: _hash, temp: _temp, lastAccessAt: _access, previousAccessAt: _previous, language: _language, refCount: _refs, version: _version, ...edited } = after;
    const steps: TxStep[] = [Versioned.update(Keys.user(after.id), { ...edited, ix: listing.ix }, before.version)];
    if (before.email !== after.email) {
      steps.push(
        Tx.delete(Keys.emailPointer(before.email), { ConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': before.id } }),
        Tx.putNew({ ...Keys.emailPointer(after.email), tenantId, userId: after.id }, emailTaken),
      );
    }
    steps.push(...References.change({ entity: USERS, id: after.id, label: after.name }, targets(before), targets(after)));
    steps.push(...listing.steps);
    return steps;
  },

  /** The ids of a supervisor's team: the supervisor and its subordinates (the team's list partition). */
  async team(supervisorId: string): Promise<string[]> {
    const items = await queryAll<{ data: { id: string } }>({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': Keys.listPartition(USERS, UserScopes.team(supervisorId)) },
    });
    return items.map((i) => i.data.id);
  },

  /**
   * The active users of the company holding one of these profiles (their ids), from the company's
   * list partition, read strongly consistent (the last-administrator guard counts on it).
   */
  async activeWithProfiles(profileIds: string[]): Promise<string[]> {
    const items = await queryAll<{ data: UserSummary }>({
      ConsistentRead: true,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': Keys.listPartition(USERS, UserScopes.all) },
    });
    return items.filter((i) => i.data.active && profileIds.includes(i.data.profileId)).map((i) => i.data.id);
  },

  /** Every user of the company as its list shows it (the company's list partition, one Query a page): a dashboard's salesmen. */
  async summaries(): Promise<UserSummary[]> {
    const items = await queryAll<{ data: UserSummary }>({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': Keys.listPartition(USERS, UserScopes.all) },
    });
    return items.map((i) => i.data);
  },

  /** The version of the company's administrators (0 before the first guarded change; docs/decisions.md "The last administrator"). */
  async administrationVersion(): Promise<number> {
    return Number((await getItem<{ value?: number }>(Keys.counter(ADMINISTRATION)))?.value ?? 0);
  },

  /** Moves that version on, in the change's transaction, on the condition that nobody moved it since it was read. */
  administrationStep(read: number, onConditionFail: () => Error): TxStep {
    return Tx.update(Keys.counter(ADMINISTRATION), {
      UpdateExpression: 'SET #v = :next',
      ConditionExpression: read === 0 ? 'attribute_not_exists(#v)' : '#v = :read',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':next': read + 1, ...(read === 0 ? {} : { ':read': read }) },
    }, onConditionFail);
  },

  list(scope: string, page: PageRequest, match?: (summary: Record<string, unknown>) => boolean) {
    return listPage(userListing, scope, page, { match });
  },
  search(scope: string, terms: string[], page: PageRequest, match?: (summary: Record<string, unknown>) => boolean) {
    return searchPage(userListing, scope, terms, page, { match });
  },

  /** Bookkeeping writes that are not edits: they do not move `version`. */
  async setLastAccess(id: string, at: string): Promise<void> {
    // The access before becomes the previous one (none before the first login).
    await bookkeeping(id, 'SET previousAccessAt = if_not_exists(lastAccessAt, :none), lastAccessAt = :at', { ':at': at, ':none': null });
  },
  /** The user's language: a preference of its own, outside the record's version (an edit never writes it back). */
  async setLanguage(id: string, language: string): Promise<void> {
    await bookkeeping(id, 'SET #language = :language', { ':language': language }, { '#language': 'language' });
  },
  async setTemp(id: string, temp: NonNullable<UserRecord['temp']>): Promise<void> {
    await bookkeeping(id, 'SET #t = :t', { ':t': temp }, { '#t': 'temp' });
  },
  /** Marks the temporary password used, once: false when it was already used. */
  async consumeTemp(id: string, hash: string, now: number): Promise<boolean> {
    try {
      await dynamoClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: Keys.user(id),
          UpdateExpression: 'SET #t.usedAt = :now',
          // The hash identifies the very temporary password that was typed: a newer one issued
          // meanwhile is not consumed by a login with the older.
          ConditionExpression: '#t.#h = :hash AND attribute_not_exists(#t.usedAt)',
          ExpressionAttributeNames: { '#t': 'temp', '#h': 'hash' },
          ExpressionAttributeValues: { ':now': now, ':hash': hash },
        }),
      );
      return true;
    } catch (e) {
      if ((e as Error).name === 'ConditionalCheckFailedException') return false;
      throw e;
    }
  },
  /**
   * An administrator's reset: the stored password is replaced by one nobody knows and a temporary
   * one is pending, so only the e-mailed password opens a session (which must change it).
   */
  resetCredentials(id: string, passwordHash: string, temp: NonNullable<UserRecord['temp']>): Promise<void> {
    return writeCredentials(id, 'SET passwordHash = :h, #t = :t', { ':h': passwordHash, ':t': temp });
  },
  /** The user's own new password: the pending temporary one, if any, goes. */
  setPassword(id: string, passwordHash: string, at: string): Promise<void> {
    return writeCredentials(id, 'SET passwordHash = :h, updatedAt = :at REMOVE #t', { ':h': passwordHash, ':at': at });
  },
  derivedItems: (u: UserRecord) => derivedItems(userListing, u),
  publicUser,
};
