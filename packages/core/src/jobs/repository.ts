import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Action, Subject } from '@ev/shared/permissions';
import type { ExportFormat, ImportPhase, ImportResult, JobKind, JobState } from '@ev/shared/schemas/jobs';
import type { Text } from '@ev/shared/texts';
import { dynamoClient, tableName } from '../db/client';
import { Keys } from '../db/keys';
import { getItem } from '../db/records';

/** A job status item, in its user's partition of the company (newest last: UUID v7 ids). */
export interface JobRecord {
  pk: string;
  sk: string;
  id: string;
  userId: string;
  kind: JobKind;
  name: string;
  title: string;
  subject: Subject;
  action: Action;
  format: ExportFormat | null;
  phase: ImportPhase | null;
  status: JobState;
  processed: number;
  total: number | null;
  fileName: string | null;
  /** Where the file is in the file store (exports: the result; imports: the upload). */
  fileKey: string | null;
  error: string | null;
  /** The failure's key and parameters, when keyed (absent on items written before). */
  errorText?: Text | null;
  result: ImportResult | null;
  /** The step (export run, import check or run) the status belongs to: a stale message is ignored. */
  step: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  /** Epoch seconds of the last write, for `JOB_STALE_SECONDS`. */
  heartbeat: number;
  ttl: number;
}

/** The conditions of a job status update: the step it belongs to, the statuses it may leave. */
export interface JobUpdateConditions {
  step?: string | null;
  onlyIf?: { statusIn: JobState[]; heartbeatBefore: number };
}

/** Keys and writes of the job status items. */
export const JobsRepository = {
  key: (userId: string, id: string) => Keys.jobStatus(userId, id),

  async create(record: JobRecord): Promise<void> {
    await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: record, ConditionExpression: 'attribute_not_exists(pk)' }));
  },

  get(userId: string, id: string): Promise<JobRecord | undefined> {
    return getItem<JobRecord>(Keys.jobStatus(userId, id));
  },

  /** A user's most recent jobs, newest first (one Query on the user's partition). */
  async recent(userId: string, limit: number): Promise<JobRecord[]> {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': Keys.jobStatusesOf(userId) },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []) as JobRecord[];
  },

  /**
   * Sets attributes of a job. With `step`, only while the item still belongs to that step; with
   * `onlyIf`, only while its status is one of `statusIn` or its heartbeat is older than
   * `heartbeatBefore`. False, nothing written, when a condition fails.
   */
  async update(userId: string, id: string, fields: Record<string, unknown>, opts: JobUpdateConditions = {}): Promise<boolean> {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets: string[] = [];
    let i = 0;
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      names[`#a${i}`] = name;
      values[`:a${i}`] = value;
      sets.push(`#a${i} = :a${i}`);
      i++;
    }
    const conditions = ['attribute_exists(pk)'];
    if (opts.step !== undefined) {
      names['#step'] = 'step';
      values[':step'] = opts.step;
      conditions.push('#step = :step');
    }
    if (opts.onlyIf) {
      names['#st'] = 'status';
      const statuses = opts.onlyIf.statusIn.map((s, n) => {
        values[`:st${n}`] = s;
        return `:st${n}`;
      });
      values[':stale'] = opts.onlyIf.heartbeatBefore;
      conditions.push(`(#st IN (${statuses.join(', ')}) OR heartbeat < :stale)`);
    }
    try {
      await dynamoClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: Keys.jobStatus(userId, id),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw e;
    }
  },
};
