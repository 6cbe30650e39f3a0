import { CreateTableCommand, DescribeContinuousBackupsCommand, DescribeTableCommand, ResourceNotFoundException, UpdateTableCommand, UpdateTimeToLiveCommand, type CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { dynamoClient, tableName } from './client';

/**
 * The single table: pk/sk plus two generic GSIs named by position (gsi1pk/gsi1sk, gsi2pk/gsi2sk),
 * mapped to access patterns in docs/data-model.md, and the `ttl` attribute. The CDK data stack
 * declares the same shape.
 */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  ttlAttribute: 'ttl',
} as const;

/** The table's stream (the CDK data stack declares the same). */
export const TABLE_STREAM = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } as const;

/**
 * `stream: false` leaves the stream off (the tests' shared table and a first start's seed, which
 * write most: DynamoDB Local takes about twice as long per write with one; docs/decisions.md "Test
 * time"); the product's table has it (the start turns it on after its seed, the CDK stack declares it).
 */
export function tableDefinition(name: string, options: { stream?: boolean } = {}): CreateTableCommandInput {
  const attrs = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
  for (const ix of TABLE_KEYS.indexes) {
    attrs.add(ix.partitionKey);
    attrs.add(ix.sortKey);
  }
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attrs].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
    ],
    // Every change, with the item before and after: the companies' usage is counted from it
    // (usage/, docs/admin.md "Usage"), never by scanning the table.
    ...(options.stream === false ? {} : { StreamSpecification: TABLE_STREAM }),
    GlobalSecondaryIndexes: TABLE_KEYS.indexes.map((ix) => ({
      IndexName: ix.name,
      KeySchema: [
        { AttributeName: ix.partitionKey, KeyType: 'HASH' },
        { AttributeName: ix.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

/** Creates the table and its GSIs when missing; returns true when it created them. */
export async function ensureTable(name: string = tableName(), options: { stream?: boolean } = {}): Promise<boolean> {
  const client = dynamoClient();
  try {
    const found = await client.send(new DescribeTableCommand({ TableName: name }));
    // A table made without the stream (a data folder made before it, a first start's seed): turned on
    // now; what was written before it is counted by a rebuild (usage/).
    if (options.stream !== false && !found.Table?.StreamSpecification?.StreamEnabled) await client.send(new UpdateTableCommand({ TableName: name, StreamSpecification: TABLE_STREAM }));
    return false;
  } catch (e) {
    if (!(e instanceof ResourceNotFoundException)) throw e;
  }
  await client.send(new CreateTableCommand(tableDefinition(name, options)));
  for (let i = 0; i < 100; i++) {
    const d = await client.send(new DescribeTableCommand({ TableName: name }));
    if (d.Table?.TableStatus === 'ACTIVE') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttlAttribute, Enabled: true },
    }),
  );
  return true;
}

/** Whether the table answers and is active (the health check). */
export async function tableActive(): Promise<boolean> {
  try {
    const out = await dynamoClient().send(new DescribeTableCommand({ TableName: tableName() }));
    return out.Table?.TableStatus === 'ACTIVE';
  } catch {
    return false;
  }
}

/**
 * The table as the operator's server card shows it (docs/admin.md "Servers"): its status and its
 * point-in-time recovery; throws when the table does not answer (the card says "not responding").
 */
export async function tableState(): Promise<{ name: string; status: string | null; pointInTimeRecovery: 'enabled' | 'disabled' | 'unknown' }> {
  const name = tableName();
  const out = await dynamoClient().send(new DescribeTableCommand({ TableName: name }));
  const backups = await dynamoClient()
    .send(new DescribeContinuousBackupsCommand({ TableName: name }))
    .then((b) => b.ContinuousBackupsDescription?.PointInTimeRecoveryDescription?.PointInTimeRecoveryStatus)
    .catch(() => undefined);
  return { name, status: out.Table?.TableStatus ?? null, pointInTimeRecovery: backups === 'ENABLED' ? 'enabled' : backups === 'DISABLED' ? 'disabled' : 'unknown' };
}
