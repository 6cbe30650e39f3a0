import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from './batch';
import { dynamoClient, tableName } from './client';
import { Keys, tenantPrefix } from './keys';
import { scanInSegments } from './scan';


/**
 * Every item of one company: those whose partition key starts with its prefix (`T#<id>`, invariant
 * 1). A company's partitions cannot be listed by key, so this is a scan of the whole table in
 * parallel segments, filtered by the prefix: for the rare work that must reach all of a company's
 * data (its archive, its erasure; docs/admin.md "Export and erase"), in a job, never a request.
 */
export async function scanCompany(tenantId: string, visit: (items: Record<string, unknown>[]) => Promise<void> | void, options: { segments?: number; keysOnly?: boolean } = {}): Promise<void> {
  const prefix = `${tenantPrefix(tenantId)}`;
  const segments = options.segments ?? 4;
  await scanInSegments<Record<string, unknown>>(segments, async (segment, start) => {
    const out = await dynamoClient().send(
      new ScanCommand({
        TableName: tableName(),
        Segment: segment,
        TotalSegments: segments,
        ExclusiveStartKey: start,
        // `T#<id>` alone or followed by `#`: another company's id never starts with this one's.
        FilterExpression: 'pk = :p OR begins_with(pk, :pp)',
        ExpressionAttributeValues: { ':p': prefix, ':pp': `${prefix}#` },
        ...(options.keysOnly ? { ProjectionExpression: 'pk, sk' } : {}),
      }),
    );
    const items = (out.Items ?? []) as Record<string, unknown>[];
    if (items.length) await visit(items);
    return out.LastEvaluatedKey;
  });
}

/**
 * Deletes every item of the company (but its record, with `keepRecord`: an erasure removes it last),
 * scanning again until a scan finds none (a write in flight while it ran). Answers how many it deleted.
 */
export async function deleteCompanyItems(tenantId: string, options: { keepRecord?: boolean } = {}): Promise<number> {
  const record = Keys.tenant(tenantId);
  const keep = (k: { pk: string; sk: string }) => Boolean(options.keepRecord) && k.pk === record.pk && k.sk === record.sk;
  let deleted = 0;
  for (let round = 0; round < 10; round++) {
    let found = 0;
    await scanCompany(
      tenantId,
      async (items) => {
        const keys = items.map((i) => ({ pk: String(i.pk), sk: String(i.sk) })).filter((k) => !keep(k));
        found += keys.length;
        await batchWrite(keys.map((k) => ({ delete: k })));
      },
      { keysOnly: true },
    );
    deleted += found;
    if (!found) return deleted;
  }
  return deleted;
}
