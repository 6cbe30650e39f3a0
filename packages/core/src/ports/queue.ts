import { PortKeys } from './repository';
import { DomainError } from '../errors';
import { newId } from '../ids';

/**
 * The queue port (ARCHITECTURE, "The local default"): SQS + Lambda on AWS (./aws/sqs-queue.ts), in
 * process locally (./local-queue.ts). A **queue message** (`JobMessage`) is one unit of background
 * work of a type, with its payload; both paths consume it through `runJob` (./queue-runner.ts), so
 * retries, idempotency and dead letters (./dead-letters.ts) follow one rule. Not to be confused with
 * a user's export or import **job** (packages/core/src/jobs, docs/jobs.md), whose steps travel as
 * queue messages.
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

/** A family's queue as the operator's server card shows it: messages waiting and being worked on. */
export interface QueueDepth {
  family: string;
  waiting: number;
  inFlight: number;
}

export interface JobQueue {
  send(job: JobRequest): Promise<void>;
  /** Each family's queue depth (the operator's server card); throws when the queue does not answer. */
  depths?(): Promise<QueueDepth[]>;
}

export type JobHandler = (payload: unknown, job: JobMessage) => Promise<void>;

/** SQS refuses bodies over 256 KiB; the local queue refuses them too so nothing works only locally. */
export const MAX_JOB_PAYLOAD_BYTES = 256 * 1024;
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
