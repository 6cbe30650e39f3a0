import { ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, tableName } from '../db/client';
import { itemSize } from '../db/item-size';
import { Keys } from '../db/keys';
import { scanInSegments } from '../db/scan';
import { queryAll } from '../db/query';
import { getItem, getItems } from '../db/records';
import { Tx, transact, type TxStep } from '../db/tx';

/** What a company holds of one kind: items and their bytes. */
export interface Figures {
  items: number;
  bytes: number;
}

export interface Checkpoint {
  /** Padded (db/stream.ts `padSeq`): compared as text. */
  seq: string;
  rawSeq: string;
}

/** A company's usage item: `c_<kind>` items and `b_<kind>` bytes, as Numbers moved by ADD. */
type UsageItem = Record<string, unknown> & { tenantId: string; updatedAt?: string };

/** The usage items and the stream's checkpoints: platform items (docs/data-model.md). */
export const UsageRepository = {
  /** Whether any change was ever counted (a checkpoint exists). */
  async anyCheckpoint(): Promise<boolean> {
    const { pk } = Keys.usageCheckpoint('');
    return (await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, Limit: 1 }, 1)).length > 0;
  },

  checkpoint(shardId: string): Promise<Checkpoint | undefined> {
    return getItem<Checkpoint>(Keys.usageCheckpoint(shardId));
  },

  /**
   * Adds the deltas to each company's usage and moves the shard's checkpoint, in one transaction on
   * the condition that the checkpoint is still the one read: a change is counted once, whoever
   * else reads the stream at the same time (the loser's transaction fails and it stops).
   */
  async apply(shardId: string, read: Checkpoint | undefined, to: Checkpoint, deltas: Map<string, Map<string, Figures>>, at: string): Promise<boolean> {
    const steps: TxStep[] = [
      Tx.put(
        { ...Keys.usageCheckpoint(shardId), type: 'usage-checkpoint', ...to, updatedAt: at },
        read ? { ConditionExpression: 'seq = :seq', ExpressionAttributeValues: { ':seq': read.seq } } : { ConditionExpression: 'attribute_not_exists(pk)' },
        () => new CheckpointMoved(),
      ),
    ];
    for (const [tenantId, kinds] of deltas) {
      const names: Record<string, string> = { '#u': 'updatedAt', '#t': 'tenantId' };
      const values: Record<string, unknown> = { ':u': at, ':t': tenantId };
      const adds: string[] = [];
      let i = 0;
      for (const [kind, f] of kinds) {
        if (!f.items && !f.bytes) continue;
        names[`#c${i}`] = `c_${kind}`;
        names[`#b${i}`] = `b_${kind}`;
        values[`:c${i}`] = f.items;
        values[`:b${i}`] = f.bytes;
        adds.push(`#c${i} :c${i}`, `#b${i} :b${i}`);
        i++;
      }
      if (!adds.length) continue;
      steps.push(Tx.update(Keys.usage(tenantId), { UpdateExpression: `SET #u = :u, #t = :t ADD ${adds.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values }));
    }
    try {
      await transact(steps);
      return true;
    } catch (e) {
      if (e instanceof CheckpointMoved) return false;
      throw e;
    }
  },

  async usageOf(tenantIds: string[]): Promise<Map<string, Map<string, Figures>>> {
    const items = await getItems<UsageItem>(tenantIds.map((id) => Keys.usage(id)));
    return new Map(items.map((item) => [item.tenantId, figuresOf(item)]));
  },

  /** The usage items written whole (a rebuild), and each shard's checkpoint where the rebuild began. */
  async replace(usage: Map<string, Map<string, Figures>>, checkpoints: Map<string, Checkpoint>, at: string): Promise<void> {
    for (const [tenantId, kinds] of usage) {
      const item: Record<string, unknown> = { ...Keys.usage(tenantId), type: 'usage', tenantId, updatedAt: at };
      for (const [kind, f] of kinds) Object.assign(item, { [`c_${kind}`]: f.items, [`b_${kind}`]: f.bytes });
      await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: item }));
    }
    for (const [shardId, c] of checkpoints) await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: { ...Keys.usageCheckpoint(shardId), type: 'usage-checkpoint', ...c, updatedAt: at } }));
  },

  /** Every item of the table (its keys and size), in `segments` parallel parts: a rebuild's one scan. */
  async scan(visit: (pk: string, sk: string, bytes: number) => void, segments = 4): Promise<void> {
    await scanInSegments<Record<string, AttributeValue>>(segments, async (segment, start) => {
      const out = await dynamoClient().send(new ScanCommand({ TableName: tableName(), Segment: segment, TotalSegments: segments, ExclusiveStartKey: start }));
      for (const item of out.Items ?? []) visit(item.pk?.S ?? '', item.sk?.S ?? '', itemSize(item));
      return out.LastEvaluatedKey;
    });
  },
};

class CheckpointMoved extends Error {
  constructor() {
    super('The usage checkpoint moved: another reader counted these changes.');
  }
}

function figuresOf(item: UsageItem): Map<string, Figures> {
  const kinds = new Map<string, Figures>();
  for (const [name, value] of Object.entries(item)) {
    const m = /^([cb])_(.+)$/.exec(name);
    if (!m) continue;
    const f = kinds.get(m[2]!) ?? { items: 0, bytes: 0 };
    if (m[1] === 'c') f.items = Number(value);
    else f.bytes = Number(value);
    kinds.set(m[2]!, f);
  }
  return kinds;
}
