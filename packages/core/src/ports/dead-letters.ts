import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { Clock } from '../clock';
import { dynamoClient, tableName } from '../db/client';
import { queryAll } from '../db/query';
import { errorMessage } from '../errors';
import type { JobMessage } from './queue';
import { PortKeys } from './repository';

/** Queue messages that failed their last attempt, kept for an operator to see and replay. */
/** The same retention as an SQS dead-letter queue at most. */
export const DEAD_LETTER_TTL_SECONDS = 14 * 24 * 60 * 60;

export interface DeadLetter {
  pk: string;
  /** `<ISO timestamp>#<job id>`: newest last in the partition. */
  sk: string;
  jobId: string;
  type: string;
  tenantId: string | null;
  idempotencyKey: string;
  attempts: number;
  error: string;
  failedAt: string;
  /** Absent for sensitive jobs and for payloads too large to keep. */
  payload?: unknown;
  payloadOmitted?: 'sensitive' | 'too_large';
  ttl: number;
}

const MAX_ERROR_CHARS = 2000;
/** Well under DynamoDB's 400 KB item limit. */
const MAX_DEAD_LETTER_PAYLOAD_BYTES = 300 * 1024;

/**
 * Records a job that failed its last attempt, so an operator can see and replay it. `replacing`:
 * the record written when that attempt began (`runJob`), now given its real error.
 */
export async function writeDeadLetter(job: JobMessage, error: unknown, attempts: number, replacing?: Pick<DeadLetter, 'sk' | 'failedAt'>): Promise<DeadLetter> {
  const pk = PortKeys.deadLetters(job.tenantId);
  const at = replacing?.failedAt ?? Clock.date().toISOString();
  const item: DeadLetter = {
    pk,
    sk: replacing?.sk ?? `${at}#${job.id}`,
    jobId: job.id,
    type: job.type,
    tenantId: job.tenantId,
    idempotencyKey: job.idempotencyKey,
    attempts,
    error: errorMessage(error).slice(0, MAX_ERROR_CHARS),
    failedAt: at,
    ttl: Clock.seconds() + DEAD_LETTER_TTL_SECONDS,
  };
  if (job.sensitive) item.payloadOmitted = 'sensitive';
  else if (jsonBytes(job.payload) > MAX_DEAD_LETTER_PAYLOAD_BYTES) item.payloadOmitted = 'too_large';
  else item.payload = job.payload;
  await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: item }));
  return item;
}

/** Removes a dead letter written when a last attempt began, once that attempt succeeded. */
export async function removeDeadLetter(letter: Pick<DeadLetter, 'pk' | 'sk'>): Promise<void> {
  await dynamoClient().send(new DeleteCommand({ TableName: tableName(), Key: { pk: letter.pk, sk: letter.sk } }));
}

/** The most recent dead letters of a tenant (or of the platform, for null), newest first. */
export async function listDeadLetters(tenantId: string | null, limit = 100): Promise<DeadLetter[]> {
  const pk = PortKeys.deadLetters(tenantId);
  return queryAll<DeadLetter>(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
      Limit: limit,
    },
    limit,
  );
}

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}
