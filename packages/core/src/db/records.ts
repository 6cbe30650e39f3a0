import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { Messages } from '@ev/shared/messages';
import { DomainError } from '../errors';
import { dynamoClient, tableName } from './client';
import type { Key } from './keys';
import { Tx, type TxStep } from './tx';

export async function getItem<T = Record<string, unknown>>(key: Key): Promise<T | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return out.Item as T | undefined;
}

/** Up to 100 items by key, in one or more BatchGet calls; missing keys are simply absent. */
export async function getItems<T = Record<string, unknown>>(keys: Key[]): Promise<T[]> {
  const out: T[] = [];
  const unique = [...new Map(keys.map((k) => [`${k.pk}\n${k.sk}`, k])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Key[]; ConsistentRead: boolean }> | undefined = {
      [tableName()]: { Keys: unique.slice(i, i + 100), ConsistentRead: true },
    };
    for (let round = 0; request && round < 8; round++) {
      const res = await dynamoClient().send(new BatchGetCommand({ RequestItems: request }));
      out.push(...((res.Responses?.[tableName()] ?? []) as T[]));
      const left = res.UnprocessedKeys?.[tableName()]?.Keys as Key[] | undefined;
      request = left?.length ? { [tableName()]: { Keys: left, ConsistentRead: true } } : undefined;
      if (request) await new Promise((r) => setTimeout(r, 20 * 2 ** round));
    }
  }
  return out;
}

export function notFound(): DomainError {
  return new DomainError('not_found', Messages.notFound, 'not_found');
}

export function versionConflict(): DomainError {
  return new DomainError('conflict.version', Messages.versionConflict, 'conflict');
}

/** Optimistic versioning (invariant 7): a record is written only over the version the caller read. */
export const Versioned = {
  create(item: Record<string, unknown>): TxStep {
    return Tx.putNew({ ...item, version: 1 }, () => new DomainError('conflict.exists', 'O registro já existe.', 'conflict'));
  },
  replace(item: Record<string, unknown> & { version: number }, expectedVersion: number): TxStep {
    return Tx.put(
      { ...item, version: expectedVersion + 1 },
      { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': expectedVersion } },
      versionConflict,
    );
  },
};
