import { BatchGetItemCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ApiTexts } from '@ev/shared/messages';
import { DomainError } from '../errors';
import { env } from '../env';
import { dynamoClient, tableName } from './client';
import type { Key } from './keys';

/**
 * Batch reads and writes, written once (docs/decisions.md, "Batch reads and writes"): the keys or
 * requests are cut into DynamoDB's chunks (100 keys a BatchGetItem, 25 requests a BatchWriteItem),
 * at most PARALLEL chunks are in flight at once, the items DynamoDB answers as unprocessed are sent
 * again with exponential backoff, and items still left after the last attempt are an error: a
 * batch never drops an item in silence.
 */

export const GET_CHUNK = 100;
export const WRITE_CHUNK = 25;
/** Chunks in flight at once: enough to hide latency, few enough not to flood the table. */
export const PARALLEL = 8;
/**
 * Sends of one chunk (the first and its retries); the waits grow 25, 50, 100 ... ms, capped at 1 s.
 * The first wait is env's BATCH_RETRY_BASE_MS (25 ms); the cap is 40 times it. The tests run it at
 * 1 ms (vitest.config.ts): every attempt is still made, a leftover that never clears is still an
 * error, only the waits (about 3.5 s a batch at 25 ms) are shorter.
 */
export const ATTEMPTS = 10;

/** A write of a batch: a whole item (its `pk` and `sk` included) to put, or a key to delete. */
export type BatchWrite = { put: object } | { delete: Key };

export interface BatchOptions {
  /** The error to throw when items are left after every attempt (default: `storage.busy`, 409). */
  onLeftover?: (left: number) => Error;
  /**
   * A read of only these top-level attributes (a ProjectionExpression): less to send and to parse
   * for a caller that needs a few fields of large items. DynamoDB still counts each item's whole size.
   */
  attributes?: string[];
}

/** The default leftover error: the operation did not complete, and saying so lets the caller send it again. */
export function leftoverError(left: number): DomainError {
  return new DomainError('storage.busy', ApiTexts.storageBusy(), 'conflict', { details: { unprocessed: left } });
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `send` over every chunk, PARALLEL chunks at a time. `send` answers what DynamoDB left
 * unprocessed, which is sent again after a backoff (with jitter) until nothing is left or the
 * attempts run out; then the count of what is left is thrown through `onLeftover`. Every chunk
 * runs to its end before the error is thrown, so a failed batch has written all it could.
 */
async function drain<T>(list: T[], size: number, send: (chunk: T[]) => Promise<T[]>, options: BatchOptions): Promise<void> {
  const queue = chunks(list, size);
  let left = 0;
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      let pending = queue[next++]!;
      for (let attempt = 1; pending.length; attempt++) {
        pending = await send(pending);
        if (!pending.length) break;
        if (attempt >= ATTEMPTS) {
          left += pending.length;
          break;
        }
        const base = env().BATCH_RETRY_BASE_MS;
        const cap = Math.min(40 * base, base * 2 ** (attempt - 1));
        await sleep(cap / 2 + Math.random() * (cap / 2));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
  if (left) throw (options.onLeftover ?? leftoverError)(left);
}

/** A key as one string, to compare keys and find an item by its key. */
export const keyId = (k: Key) => `${k.pk}\n${k.sk}`;
const unique = (keys: Key[]) => [...new Map(keys.map((k) => [keyId(k), { pk: k.pk, sk: k.sk }])).values()];

/**
 * Items by key, strongly consistent: missing keys are simply absent, a key asked twice is read once,
 * and the order is not the keys' order.
 */
export async function batchGet<T = Record<string, unknown>>(keys: Key[], options: BatchOptions = {}): Promise<T[]> {
  const table = tableName();
  const names = options.attributes ?? [];
  const projection = names.length
    ? { ProjectionExpression: names.map((_, i) => `#p${i}`).join(', '), ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#p${i}`, n])) }
    : {};
  const out: T[] = [];
  await drain(
    unique(keys),
    GET_CHUNK,
    async (chunk) => {
      const res = await dynamoClient().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: chunk, ConsistentRead: true, ...projection } } }));
      out.push(...((res.Responses?.[table] ?? []) as T[]));
      return (res.UnprocessedKeys?.[table]?.Keys ?? []) as Key[];
    },
    options,
  );
  return out;
}

/**
 * The same read answering DynamoDB's own attribute values, for callers that must see a Number as
 * the decimal string DynamoDB sends (the inventory's balances), never as a binary float.
 */
export async function batchGetAttributes(keys: Key[], options: BatchOptions = {}): Promise<Record<string, AttributeValue>[]> {
  const table = tableName();
  const client = dynamoClient() as unknown as DynamoDBClient;
  const out: Record<string, AttributeValue>[] = [];
  await drain(
    unique(keys).map((k) => ({ pk: { S: k.pk }, sk: { S: k.sk } }) as Record<string, AttributeValue>),
    GET_CHUNK,
    async (chunk) => {
      const res = await client.send(new BatchGetItemCommand({ RequestItems: { [table]: { Keys: chunk, ConsistentRead: true } } }));
      out.push(...(res.Responses?.[table] ?? []));
      return res.UnprocessedKeys?.[table]?.Keys ?? [];
    },
    options,
  );
  return out;
}

type WriteRequest = { PutRequest: { Item: object } } | { DeleteRequest: { Key: Record<string, unknown> } };

/**
 * Puts and deletes, 25 a call. Not a transaction: no condition, each item written as given (the
 * last write wins), so callers use it for idempotent work (upserts by a natural key, deletes, a
 * seed) and send it again after an error.
 */
export async function batchWrite(writes: BatchWrite[], options: BatchOptions = {}): Promise<void> {
  const table = tableName();
  await drain(
    writes.map((w): WriteRequest => ('put' in w ? { PutRequest: { Item: w.put } } : { DeleteRequest: { Key: { pk: w.delete.pk, sk: w.delete.sk } } })),
    WRITE_CHUNK,
    async (chunk) => {
      const res = await dynamoClient().send(new BatchWriteCommand({ RequestItems: { [table]: chunk } }));
      return (res.UnprocessedItems?.[table] ?? []) as WriteRequest[];
    },
    options,
  );
}
