import { AsyncLocalStorage } from 'node:async_hooks';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Clock } from '../clock';
import { runAs } from '../context';
import { dynamoClient, tableName } from '../db/client';
import { PortKeys, type Key } from './repository';
import { queryAll } from '../db/query';
import { env } from '../env';
import { DomainError } from '../errors';
import { newId } from '../ids';

/**
 * The job queue port (ARCHITECTURE, "The local default"): SQS + Lambda on AWS, in process locally.
 * Both paths consume through `runJob`, so retries, idempotency and dead letters follow one rule.
 */
export interface JobMessage {
  id: string;
  type: string;
  tenantId: string | null;
  payload: unknown;
  idempotencyKey: string;
  /** 1 on the first delivery. */
  attempt: number;
  /** The payload must never be persisted (an e-mail holding a temporary password). */
  sensitive?: boolean;
}

export type JobRequest = Pick<JobMessage, 'type' | 'tenantId' | 'payload' | 'idempotencyKey' | 'sensitive'>;

export interface JobQueue {
  send(job: JobRequest): Promise<void>;
}

export type JobHandler = (payload: unknown, job: JobMessage) => Promise<void>;

/** SQS refuses bodies over 256 KiB; the local queue refuses them too so nothing works only locally. */
export const MAX_JOB_PAYLOAD_BYTES = 256 * 1024;
/** Longer than any handler may run (Lambda stops at 15 min), so a live claim is never taken over. */
export const JOB_LEASE_SECONDS = 15 * 60;
/** How long a finished key keeps repeating deliveries from running again. */
export const JOB_DONE_TTL_SECONDS = 7 * 24 * 60 * 60;
/** The same retention as an SQS dead-letter queue at most. */
export const DEAD_LETTER_TTL_SECONDS = 14 * 24 * 60 * 60;

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

/** The tenant's keys come from the actor in context (invariant 1), so jobs build them under runAs. */
function inTenant<T>(tenantId: string | null, fn: () => T): T {
  return tenantId ? runAs({ tenantId }, fn) : fn();
}

function claimKey(job: Pick<JobMessage, 'tenantId' | 'idempotencyKey'>): Key {
  return PortKeys.claim(job.tenantId, job.idempotencyKey);
}

/**
 * Runs one delivery of a job at most once per idempotency key: a conditional Put claims the key
 * with a lease, the handler runs, the key is marked done (kept 7 days). 'skipped' means an earlier
 * delivery already had the effect. A failing handler releases its claim so a retry can run.
 */
export async function runJob(job: JobMessage, opts: { leaseSeconds?: number } = {}): Promise<'done' | 'skipped'> {
  const handler = handlers.get(job.type);
  if (!handler) throw new DomainError('job.unknown_type', `Unknown job type ${job.type}`, 'internal');
  const key = claimKey(job);
  const now = Clock.seconds();
  const leaseUntil = now + (opts.leaseSeconds ?? JOB_LEASE_SECONDS);
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

  try {
    await inTenant(job.tenantId, () => handler(job.payload, job));
  } catch (e) {
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
    throw e;
  }

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
  return 'done';
}

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

/** Records a job that failed its last attempt, so an operator can see and replay it. */
export async function writeDeadLetter(job: JobMessage, error: unknown, attempts: number): Promise<DeadLetter> {
  const pk = PortKeys.deadLetters(job.tenantId);
  const at = Clock.date().toISOString();
  const item: DeadLetter = {
    pk,
    sk: `${at}#${job.id}`,
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

function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  return String(e);
}

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
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

/**
 * Captured at module load, outside any request: local jobs start from here so they do not inherit
 * the sender's actor, exactly as an SQS consumer would not.
 */
const detached = AsyncLocalStorage.snapshot();

export interface LocalQueueOptions {
  maxAttempts?: number;
  baseDelayMs?: number;
  /** Cap of the exponential backoff. */
  maxDelayMs?: number;
}

/**
 * Runs jobs in this process, after `send` returns, with SQS's rules: a failed job is retried with
 * exponential backoff and lands in the dead-letter list after its last attempt.
 */
export class LocalQueue implements JobQueue {
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private pending = 0;
  private idle: (() => void)[] = [];

  constructor(opts: LocalQueueOptions = {}) {
    this.maxAttempts = opts.maxAttempts ?? 5;
    this.baseDelayMs = opts.baseDelayMs ?? 200;
    this.maxDelayMs = opts.maxDelayMs ?? 30_000;
    if (!Number.isInteger(this.maxAttempts) || this.maxAttempts < 1) throw new Error('maxAttempts must be >= 1');
  }

  async send(request: JobRequest): Promise<void> {
    const job = toMessage(request);
    this.pending++;
    this.schedule(job, 1, 0);
  }

  /** Resolves once no job is running or waiting for a retry (tests, graceful shutdown). */
  drain(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  listDeadLetters(tenantId: string | null, limit?: number): Promise<DeadLetter[]> {
    return listDeadLetters(tenantId, limit);
  }

  private schedule(job: JobMessage, attempt: number, delayMs: number): void {
    detached(() => {
      setTimeout(() => void this.attempt(job, attempt), delayMs);
    });
  }

  private backoff(n: number): number {
    return Math.min(this.baseDelayMs * 2 ** (n - 1), this.maxDelayMs);
  }

  private async attempt(job: JobMessage, attempt: number, waits = 0): Promise<void> {
    try {
      await runJob({ ...job, attempt });
      this.settle();
    } catch (e) {
      const fields = { jobId: job.id, type: job.type, tenantId: job.tenantId, attempt, error: errorMessage(e) };
      if (e instanceof JobInProgressError) {
        // A duplicate of a job still running: wait for it without spending an attempt; the
        // running one finishes (then this one is skipped) or its lease expires.
        const delay = this.backoff(Math.min(waits + 1, 20));
        detached(() => {
          setTimeout(() => void this.attempt(job, attempt, waits + 1), delay);
        });
        return;
      }
      if (attempt < this.maxAttempts) {
        jobLog('warn', 'job failed, retrying', fields);
        this.schedule(job, attempt + 1, this.backoff(attempt));
        return;
      }
      jobLog('error', 'job failed its last attempt', fields);
      try {
        await writeDeadLetter({ ...job, attempt }, e, attempt);
      } catch (dlqError) {
        jobLog('error', 'could not write dead letter', { ...fields, dlqError: errorMessage(dlqError) });
      }
      this.settle();
    }
  }

  private settle(): void {
    this.pending--;
    if (this.pending === 0) {
      const waiting = this.idle;
      this.idle = [];
      for (const resolve of waiting) resolve();
    }
  }
}

/**
 * Validates a request as SQS would see it: the payload travels as JSON, within SQS's size limit.
 * Both queues (local and SQS) build their messages here.
 */
export function toMessage(request: JobRequest): JobMessage {
  if (!request.type || request.type.length > 100) {
    throw new DomainError('job.invalid_type', 'Job type must have 1 to 100 characters', 'internal');
  }
  if (!request.idempotencyKey || request.idempotencyKey.length > 500) {
    throw new DomainError('job.invalid_key', 'Idempotency key must have 1 to 500 characters', 'internal');
  }
  if (request.tenantId !== null) PortKeys.checkTenant(request.tenantId);
  const json = JSON.stringify(request.payload ?? null);
  if (Buffer.byteLength(json, 'utf8') > MAX_JOB_PAYLOAD_BYTES) {
    throw new DomainError('job.payload_too_large', `Job payload exceeds ${MAX_JOB_PAYLOAD_BYTES} bytes`, 'internal');
  }
  return {
    id: newId(),
    type: request.type,
    tenantId: request.tenantId,
    // A copy through JSON: the handler sees what SQS would deliver, not the caller's live object.
    payload: JSON.parse(json) as unknown,
    idempotencyKey: request.idempotencyKey,
    attempt: 1,
    ...(request.sensitive ? { sensitive: true } : {}),
  };
}
