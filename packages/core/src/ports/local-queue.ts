import { AsyncLocalStorage } from 'node:async_hooks';
import { listDeadLetters, writeDeadLetter, type DeadLetter } from './dead-letters';
import { toMessage, type JobMessage, type JobQueue, type JobRequest, type QueueDepth } from './queue';
import { JOB_FAMILIES, jobFamily } from './job-families';
import { errorMessage } from '../errors';
import { DeadLetteredError, JobInProgressError, jobLog, runJob } from './queue-runner';

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
  /** Per family: jobs waiting for their turn (or their retry) and jobs running. */
  private readonly counts = new Map<string, { waiting: number; inFlight: number }>();

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

  async depths(): Promise<QueueDepth[]> {
    return JOB_FAMILIES.map((f) => ({ family: f.name, waiting: this.countOf(f.name).waiting, inFlight: this.countOf(f.name).inFlight }));
  }

  private countOf(family: string) {
    let c = this.counts.get(family);
    if (!c) this.counts.set(family, (c = { waiting: 0, inFlight: 0 }));
    return c;
  }

  private schedule(job: JobMessage, attempt: number, delayMs: number): void {
    this.countOf(jobFamily(job.type)).waiting++;
    detached(() => {
      setTimeout(() => {
        this.countOf(jobFamily(job.type)).waiting--;
        void this.attempt(job, attempt);
      }, delayMs);
    });
  }

  private backoff(n: number): number {
    return Math.min(this.baseDelayMs * 2 ** (n - 1), this.maxDelayMs);
  }

  private async attempt(job: JobMessage, attempt: number, waits = 0): Promise<void> {
    const count = this.countOf(jobFamily(job.type));
    try {
      count.inFlight++;
      try {
        await runJob({ ...job, attempt }, { lastAttempt: attempt >= this.maxAttempts });
      } finally {
        count.inFlight--;
      }
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
      // Its dead letter was written as the attempt began, and given the error since.
      if (e instanceof DeadLetteredError) {
        this.settle();
        return;
      }
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
