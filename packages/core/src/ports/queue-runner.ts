import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Clock } from '../clock';
import { dynamoClient, tableName } from '../db/client';
import { inTenant, PortKeys, type Key } from './repository';
import { env } from '../env';
import { DomainError, errorMessage } from '../errors';
import { newId } from '../ids';
import { removeDeadLetter, writeDeadLetter, type DeadLetter } from './dead-letters';
import { leaseSecondsOf } from './job-families';
import type { JobHandler, JobMessage } from './queue';

/**
 * How a queue message is run, by either consumer (the local queue, the SQS Lambda): the handlers by
 * type, the claim of an idempotency key with a lease, the log line.
 */
/** How long a finished key keeps repeating deliveries from running again. */
export const JOB_DONE_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Another delivery of the same key is running: retry later, it may finish or its lease expire. */
export class JobInProgressError extends DomainError {
  readonly retryable = true;
  constructor(idempotencyKey: string) {
    super('job.in_progress', `Job ${idempotencyKey} is already running elsewhere`, 'conflict');
  }
}

const handlers = new Map<string, JobHandler>();

export function registerJob(type: string, handler: JobHandler): void {
  const existing = handlers.get(type);
  if (existing && existing !== handler) throw new Error(`Job type ${type} is already registered`);
  handlers.set(type, handler);
}

export function isJobRegistered(type: string): boolean {
  return handlers.has(type);
}

function claimKey(job: Pick<JobMessage, 'tenantId' | 'idempotencyKey'>): Key {
  return PortKeys.claim(job.tenantId, job.idempotencyKey);
}

/** What a dead letter written as a last attempt begins says while that attempt runs. */
export const INTERRUPTED_ERROR = 'The consumer stopped before the job ended (timeout, out of memory or a crash) on its last attempt';

/** A failure of a last attempt whose dead letter `runJob` already wrote: the consumer writes none. */
export class DeadLetteredError extends Error {
  constructor(override readonly cause: unknown) {
    super(errorMessage(cause));
  }
}

export interface RunJobOptions {
  /** Seconds the claim holds without renewal (default: the job family's timeout and a margin). */
  leaseSeconds?: number;
  /**
   * The delivery is the job's last: a dead letter is written before the handler runs and removed
   * when it succeeds, so a consumer that dies mid-job (killed, timed out) still leaves the record.
   */
  lastAttempt?: boolean;
  /** Called at each renewal of the claim while the handler runs (SQS: the message's visibility). */
  renew?: () => Promise<void>;
}

/**
 * Runs one delivery of a job at most once per idempotency key: a conditional Put claims the key
 * with a lease, the handler runs, the key is marked done (kept 7 days). 'skipped' means an earlier
 * delivery already had the effect. A failing handler releases its claim so a retry can run. While
 * it runs, the claim is renewed every third of the lease, so only a dead consumer's claim lapses.
 */
export async function runJob(job: JobMessage, opts: RunJobOptions = {}): Promise<'done' | 'skipped'> {
  const handler = handlers.get(job.type);
  if (!handler) throw new DomainError('job.unknown_type', `Unknown job type ${job.type}`, 'internal');
  const key = claimKey(job);
  const now = Clock.seconds();
  const leaseSeconds = opts.leaseSeconds ?? leaseSecondsOf(job.type);
  const leaseUntil = now + leaseSeconds;
  const claim = newId();
  const client = dynamoClient();
  try {
    await client.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key,
          status: 'running',
          leaseUntil,
          claim,
          jobId: job.id,
          type: job.type,
          attempt: job.attempt,
          startedAt: Clock.date().toISOString(),
          // A claim left by a crashed worker is taken over after its lease, and cleaned up later.
          ttl: leaseUntil + JOB_DONE_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (#status = :running AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':now': now },
      }),
    );
  } catch (e) {
    if (!(e instanceof ConditionalCheckFailedException)) throw e;
    const current = await client.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    if (current.Item?.status === 'done') return 'skipped';
    // Running elsewhere, or released between our Put and Get: either way a retry decides.
    throw new JobInProgressError(job.idempotencyKey);
  }

  let letter: DeadLetter | undefined;
  const renewal = setInterval(() => void renewClaim(key, claim, leaseSeconds, opts.renew, job), (leaseSeconds * 1000) / 3);
  renewal.unref();
  try {
    if (opts.lastAttempt) letter = await writeDeadLetter(job, new Error(INTERRUPTED_ERROR), job.attempt);
    await inTenant(job.tenantId, () => handler(job.payload, job));
  } catch (e) {
    clearInterval(renewal);
    try {
      await client.send(
        new DeleteCommand({
          TableName: tableName(),
          Key: key,
          ConditionExpression: 'claim = :claim',
          ExpressionAttributeValues: { ':claim': claim },
        }),
      );
    } catch {
      // Not ours any more, or the table is unreachable: the lease expiry frees the key anyway.
    }
    if (!letter) throw e;
    await writeDeadLetter(job, e, job.attempt, letter);
    throw new DeadLetteredError(e);
  }
  clearInterval(renewal);

  await client.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #status = :done, #ttl = :ttl, finishedAt = :at REMOVE leaseUntil',
      ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':done': 'done',
        ':ttl': Clock.seconds() + JOB_DONE_TTL_SECONDS,
        ':at': Clock.date().toISOString(),
      },
    }),
  );
  if (letter) await removeDeadLetter(letter);
  return 'done';
}

/** Moves a running job's lease on, while the claim is still this delivery's; then `renew`. */
async function renewClaim(key: Key, claim: string, leaseSeconds: number, renew: (() => Promise<void>) | undefined, job: JobMessage): Promise<void> {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET leaseUntil = :until',
        ConditionExpression: 'claim = :claim AND #status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':until': Clock.seconds() + leaseSeconds, ':claim': claim, ':running': 'running' },
      }),
    );
    await renew?.();
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return;
    jobLog('warn', 'could not renew a running job', { jobId: job.id, type: job.type, tenantId: job.tenantId, error: errorMessage(e) });
  }
}

/** A job's warning or error line on the console (both consumers use it); never the payload. */
export function jobLog(level: 'warn' | 'error', msg: string, fields: Record<string, unknown>): void {
  const configured = env().LOG_LEVEL;
  if (configured === 'silent' || (configured === 'error' && level === 'warn')) return;
  // Never the payload: it may be sensitive.
  const line = JSON.stringify({ level, msg, ...fields });
  if (level === 'error') console.error(line);
  else console.warn(line);
}

