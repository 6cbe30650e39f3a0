import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ApiTexts } from '@ev/shared/messages';
import { DomainError } from '../errors';
import { dynamoClient, tableName } from './client';
import type { Key } from './keys';
import { Tx, type TxStep } from './tx';

export async function getItem<T = Record<string, unknown>>(key: Key): Promise<T | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return out.Item as T | undefined;
}

/** BatchGet calls a read sends at once (a read of many keys must not flood the table). */
const PARALLEL_BATCHES = 8;

/**
 * Items by key: a BatchGet per 100 keys, up to PARALLEL_BATCHES of them at once, unprocessed keys
 * retried; missing keys are simply absent, and the order is not the keys' order.
 */
export async function getItems<T = Record<string, unknown>>(keys: Key[]): Promise<T[]> {
  const unique = [...new Map(keys.map((k) => [`${k.pk}\n${k.sk}`, k])).values()];
  const chunks: Key[][] = [];
  for (let i = 0; i < unique.length; i += 100) chunks.push(unique.slice(i, i + 100));
  const out: T[] = [];
  const readChunk = async (chunk: Key[]) => {
    let request: Record<string, { Keys: Key[]; ConsistentRead: boolean }> | undefined = { [tableName()]: { Keys: chunk, ConsistentRead: true } };
    for (let round = 0; request && round < 8; round++) {
      const res = await dynamoClient().send(new BatchGetCommand({ RequestItems: request }));
      out.push(...((res.Responses?.[tableName()] ?? []) as T[]));
      const left = res.UnprocessedKeys?.[tableName()]?.Keys as Key[] | undefined;
      request = left?.length ? { [tableName()]: { Keys: left, ConsistentRead: true } } : undefined;
      if (request) await new Promise((r) => setTimeout(r, 20 * 2 ** round));
    }
  };
  for (let i = 0; i < chunks.length; i += PARALLEL_BATCHES) await Promise.all(chunks.slice(i, i + PARALLEL_BATCHES).map(readChunk));
  return out;
}

export function notFound(): DomainError {
  return new DomainError('not_found', ApiTexts.notFound(), 'not_found');
}

export function versionConflict(): DomainError {
  return new DomainError('conflict.version', ApiTexts.versionConflict(), 'conflict');
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
  replace(item: Record<string, unknown> & { version: number }, expectedVersion: number): TxStep {
    const refCount = Number(item.refCount ?? 0);
    return Tx.put(
      { ...item, version: expectedVersion + 1 },
      {
        ConditionExpression: `version = :v AND (refCount = :rc${refCount === 0 ? ' OR attribute_not_exists(refCount)' : ''})`,
        ExpressionAttributeValues: { ':v': expectedVersion, ':rc': refCount },
      },
      versionConflict,
    );
  },
  /**
   * An edit: sets the given attributes (removes those given as undefined) and moves `version`, on
   * the condition that the record exists at `expectedVersion`. Attributes not given are left as
   * stored, so bookkeeping written without moving `version` (a password, a last access, `refCount`)
   * is never written back from a stale read.
   */
  update(key: Key, fields: Record<string, unknown>, expectedVersion: number): TxStep {
    const names: Record<string, string> = { '#version': 'version' };
    const values: Record<string, unknown> = { ':v': expectedVersion, ':next': expectedVersion + 1 };
    const sets = ['#version = :next'];
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
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(pk) AND version = :v',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
      versionConflict,
    );
  },
};
