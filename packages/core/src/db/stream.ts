import { DescribeTableCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, ExpiredIteratorException, GetRecordsCommand, GetShardIteratorCommand, TrimmedDataAccessException, type Shard } from '@aws-sdk/client-dynamodb-streams';
import { env } from '../env';
import { dynamoClient, tableName } from './client';

/**
 * The table's stream (NEW_AND_OLD_IMAGES, db/table.ts): every change of an item with the item
 * before and after, read shard by shard from a checkpoint. DynamoDB Local keeps a stream as AWS
 * does (24 hours of changes), so the same code reads both.
 */
export interface Change {
  shardId: string;
  /** The change's sequence number, padded to 48 digits: ordered as text within its shard. */
  seq: string;
  /** The sequence number as the stream gave it (what an iterator after it is asked with). */
  rawSeq: string;
  event: 'INSERT' | 'MODIFY' | 'REMOVE';
  pk: string;
  sk: string;
  oldImage?: Record<string, AttributeValue>;
  newImage?: Record<string, AttributeValue>;
}

export interface StreamShard {
  id: string;
  parentId: string | null;
  /** Written no more (a closed shard, read to its end, then done). */
  closed: boolean;
}

let client: DynamoDBStreamsClient | undefined;
let arn: { table: string; value: string } | undefined;

function streams(): DynamoDBStreamsClient {
  if (!client) {
    const e = env();
    client = new DynamoDBStreamsClient({
      region: e.AWS_REGION,
      ...(e.DYNAMODB_ENDPOINT ? { endpoint: e.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
      maxAttempts: 4,
    });
    client.middlewareStack.remove('loggerMiddleware');
  }
  return client;
}

/** Forgets the client and the stream's address (tests and the start, after the endpoint changed). */
export function resetStreamClient(): void {
  client?.destroy();
  client = undefined;
  arn = undefined;
}

export const padSeq = (seq: string) => seq.padStart(48, '0');

async function streamArn(): Promise<string> {
  if (arn?.table === tableName()) return arn.value;
  const out = await dynamoClient().send(new DescribeTableCommand({ TableName: tableName() }));
  const value = out.Table?.LatestStreamArn;
  if (!value) throw new Error(`The table ${tableName()} has no stream`);
  arn = { table: tableName(), value };
  return value;
}

/** The stream's shards, parents before their children (a child's changes come after its parent's). */
export async function streamShards(): Promise<StreamShard[]> {
  const StreamArn = await streamArn();
  const shards: Shard[] = [];
  let start: string | undefined;
  do {
    const out = await streams().send(new DescribeStreamCommand({ StreamArn, ExclusiveStartShardId: start }));
    shards.push(...(out.StreamDescription?.Shards ?? []));
    start = out.StreamDescription?.LastEvaluatedShardId;
  } while (start);
  const listed = shards.map((s) => ({ id: s.ShardId!, parentId: s.ParentShardId ?? null, closed: Boolean(s.SequenceNumberRange?.EndingSequenceNumber) }));
  const ids = new Set(listed.map((s) => s.id));
  const ordered: StreamShard[] = [];
  const placed = new Set<string>();
  const place = (s: StreamShard) => {
    if (placed.has(s.id)) return;
    const parent = s.parentId && ids.has(s.parentId) ? listed.find((p) => p.id === s.parentId) : undefined;
    if (parent) place(parent);
    placed.add(s.id);
    ordered.push(s);
  };
  listed.forEach(place);
  return ordered;
}

/**
 * The changes of a shard after `afterRawSeq` (from the oldest kept when null), at most about `max`:
 * `ended` when a closed shard was read to its end. Changes trimmed away (older than the stream
 * keeps) are skipped: the caller's figures then need a rebuild, which `trimmed` says.
 */
export async function readShard(shardId: string, afterRawSeq: string | null, max: number): Promise<{ changes: Change[]; ended: boolean; trimmed: boolean }> {
  const StreamArn = await streamArn();
  const iteratorFrom = async (from: string | null) =>
    (
      await streams().send(
        new GetShardIteratorCommand(
          from ? { StreamArn, ShardId: shardId, ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: from } : { StreamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' },
        ),
      )
    ).ShardIterator;
  let trimmed = false;
  let iterator: string | undefined;
  try {
    iterator = await iteratorFrom(afterRawSeq);
  } catch (e) {
    if (!(e instanceof TrimmedDataAccessException)) throw e;
    trimmed = true;
    iterator = await iteratorFrom(null);
  }
  const changes: Change[] = [];
  while (iterator && changes.length < max) {
    let out;
    try {
      out = await streams().send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
    } catch (e) {
      if (e instanceof ExpiredIteratorException) break;
      throw e;
    }
    for (const r of out.Records ?? []) {
      const d = r.dynamodb;
      if (!d?.Keys || !d.SequenceNumber) continue;
      changes.push({
        shardId,
        seq: padSeq(d.SequenceNumber),
        rawSeq: d.SequenceNumber,
        event: r.eventName as Change['event'],
        pk: d.Keys.pk?.S ?? '',
        sk: d.Keys.sk?.S ?? '',
        oldImage: d.OldImage as Record<string, AttributeValue> | undefined,
        newImage: d.NewImage as Record<string, AttributeValue> | undefined,
      });
    }
    iterator = out.NextShardIterator;
    // An open shard answers empty pages once read to its end: caught up.
    if (!out.Records?.length) break;
  }
  return { changes, ended: iterator === undefined, trimmed };
}
