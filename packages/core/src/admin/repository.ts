import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, tableName } from '../db/client';
import { Keys } from '../db/keys';
import { queryAll } from '../db/query';
import { getItem } from '../db/records';

/** A company's archive as stored: its progress and, when done, its file. */
export interface ArchiveRecord {
  id: string;
  companyId: string;
  companyName: string;
  operatorId: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  kinds: { kind: string; items: number }[];
  files: number;
  bytes: number;
  fileKey: string | null;
  fileName: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  ttl: number;
}

/** The admin area's own items: the archives' progress (platform items, kept a week). */
export const AdminRepository = {
  async putArchive(a: ArchiveRecord): Promise<void> {
    await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: { ...Keys.companyArchive(a.id), ...Keys.companyArchivesIndex(a.companyId), gsi1sk: a.createdAt, type: 'company-archive', ...a } }));
  },
  /** A company's latest archive made whole (the company's data view: its last export), or undefined. */
  async lastDone(companyId: string): Promise<ArchiveRecord | undefined> {
    const items = await queryAll<ArchiveRecord>({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': Keys.companyArchivesIndex(companyId).gsi1pk }, ScanIndexForward: false }, 50);
    return items.find((a) => a.status === 'done');
  },
  archive(id: string): Promise<ArchiveRecord | undefined> {
    return getItem<ArchiveRecord>(Keys.companyArchive(id));
  },
  async updateArchive(id: string, fields: Partial<ArchiveRecord>): Promise<void> {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets = Object.entries(fields).map(([k, v], i) => {
      names[`#f${i}`] = k;
      values[`:f${i}`] = v;
      return `#f${i} = :f${i}`;
    });
    await dynamoClient().send(new UpdateCommand({ TableName: tableName(), Key: Keys.companyArchive(id), UpdateExpression: `SET ${sets.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values, ConditionExpression: 'attribute_exists(pk)' }));
  },
};
