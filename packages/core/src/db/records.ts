import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ApiTexts } from '@ev/shared/messages';
import { DomainError } from '../errors';
import { batchGet, keyId } from './batch';
import { dynamoClient, tableName } from './client';
import type { Key } from './keys';
import { Tx, type TxStep } from './tx';

interface PendingGet {
  key: Key;
  resolve: (item: unknown) => void;
  reject: (error: unknown) => void;
}

/** The reads by key asked in this turn of the event loop, not sent yet. */
let pendingGets: PendingGet[] = [];

/**
 * An item by key, strongly consistent, or undefined when missing. Reads asked in the same turn of
 * the event loop go out together: one alone as a GetItem, several as one BatchGetItem (db/batch.ts,
 * with its chunks, retries and leftover error). An authenticated request reads its company, user,
 * session and profile at once, each through its module: one call to DynamoDB instead of four
 * (docs/decisions.md "Reads by key asked together").
 */
export function getItem<T = Record<string, unknown>>(key: Key): Promise<T | undefined> {
  return new Promise<T | undefined>((resolve, reject) => {
    if (pendingGets.length === 0) setImmediate(sendPendingGets);
    pendingGets.push({ key, resolve: resolve as (item: unknown) => void, reject });
  });
}

async function sendPendingGets(): Promise<void> {
  const gets = pendingGets;
  pendingGets = [];
  try {
    if (gets.length === 1) {
      const out = await dynamoClient().send(new GetCommand({ TableName: tableName(), Key: gets[0]!.key, ConsistentRead: true }));
      gets[0]!.resolve(out.Item);
      return;
    }
    const items = await batchGet<Record<string, unknown>>(gets.map((g) => g.key));
    const byKey = new Map(items.map((item) => [keyId(item as unknown as Key), item]));
    // A key asked twice is read once; each asker gets an item of its own to change as it likes.
    const given = new Set<string>();
    for (const g of gets) {
      const id = keyId(g.key);
      const item = byKey.get(id);
      g.resolve(item && given.has(id) ? structuredClone(item) : item);
      given.add(id);
    }
  } catch (e) {
    for (const g of gets) g.reject(e);
  }
}

/**
 * Items by key: a BatchGet per 100 keys, a few at once, unprocessed keys retried and an error when
 * some are still left (db/batch.ts); missing keys are simply absent, and the order is not the keys' order.
 */
export function getItems<T = Record<string, unknown>>(keys: Key[], attributes?: string[]): Promise<T[]> {
  return batchGet<T>(keys, attributes ? { attributes } : {});
}

/**
 * A stored item without the attributes only the store keeps (keys, bookkeeping): what a service
 * answers. Typed by the keys removed, so a record built as `Schema & Bookkeeping` comes back as the
 * schema's type.
 */
export function withoutKeys<T extends object, K extends PropertyKey>(item: T, keys: readonly K[]): Omit<T, K> {
  const out = { ...item } as Record<PropertyKey, unknown>;
  for (const k of keys) delete out[k];
  return out as Omit<T, K>;
}

export function notFound(): DomainError {
  return new DomainError('not_found', ApiTexts.notFound(), 'not_found');
}

export function versionConflict(): DomainError {
  return new DomainError('conflict.version', ApiTexts.versionConflict(), 'conflict');
}

/** More of `Versioned.replace`: a condition of the record's own beside the version's, and bookkeeping that does not move the version. */
export interface ReplaceOptions {
  condition?: { expression: string; values?: Record<string, unknown>; names?: Record<string, string> };
  /** Bookkeeping that is not an edit (a sale's close mark): the version stays as read. */
  keepVersion?: boolean;
  /** The error when a condition fails (default: the version conflict). */
  onConditionFail?: () => Error;
}

/** Optimistic versioning (invariant 7): a record is written only over the version the caller read. */
export const Versioned = {
  create(item: Record<string, unknown>): TxStep {
    return Tx.putNew({ ...item, version: 1 }, () => new DomainError('conflict.exists', 'O registro já existe.', 'conflict'));
  },
  /**
   * A Put rewrites every attribute, `refCount` included, and references change `refCount` without
   * moving `version`: the write is also conditional on the `refCount` that was read, so a reference
   * added or removed since the read is never overwritten (invariant 6); that lost race is a 409.
   */
  replace(item: Record<string, unknown> & { version: number }, expectedVersion: number, options: ReplaceOptions = {}): TxStep {
    const refCount = Number(item.refCount ?? 0);
    const also = options.condition;
    return Tx.put(
      { ...item, version: options.keepVersion ? expectedVersion : expectedVersion + 1 },
      {
        ConditionExpression: `version = :v AND (refCount = :rc${refCount === 0 ? ' OR attribute_not_exists(refCount)' : ''})${also ? ` AND ${also.expression}` : ''}`,
        ExpressionAttributeValues: { ':v': expectedVersion, ':rc': refCount, ...also?.values },
        ...(also?.names ? { ExpressionAttributeNames: also.names } : {}),
      },
      options.onConditionFail ?? versionConflict,
    );
  },
  /**
   * An edit: sets the given attributes (removes those given as undefined) and moves `version`, on
   * the condition that the record exists at `expectedVersion`. Attributes not given are left as
   * stored, so bookkeeping written without moving `version` (a password, a last access, `refCount`)
   * is never written back from a stale read.
   */
  update(key: Key, fields: Record<string, unknown>, expectedVersion: number): TxStep {
    return setFields(key, fields, expectedVersion, true);
  },
  /**
   * Not an edit: sets derived attributes (list and search item keys, derived flags, a referenced
   * name) as they should be now, without moving `version`, on the condition that the record is
   * still at the version read, so stale derived data is never written ("reload cache").
   */
  refresh(key: Key, fields: Record<string, unknown>, expectedVersion: number): TxStep {
    return setFields(key, fields, expectedVersion, false);
  },
};

/** SET (and REMOVE, for undefined) of the given attributes, on the condition that the record is at `expectedVersion`. */
function setFields(key: Key, fields: Record<string, unknown>, expectedVersion: number, moveVersion: boolean): TxStep {
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':v': expectedVersion };
  const sets: string[] = [];
  if (moveVersion) {
    values[':next'] = expectedVersion + 1;
    sets.push('#version = :next');
  }
  const removes: string[] = [];
  let i = 0;
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'pk' || name === 'sk' || name === 'version') continue;
    const n = `#f${i}`;
    names[n] = name;
    if (value === undefined) removes.push(n);
    else {
      values[`:f${i}`] = value;
      sets.push(`${n} = :f${i}`);
    }
    i++;
  }
  return Tx.update(
    key,
    {
      UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' '),
      ConditionExpression: 'attribute_exists(pk) AND #version = :v',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
    versionConflict,
  );
}
