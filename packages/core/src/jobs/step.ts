import { z } from 'zod';
import { timestamp } from '../clock';
import { textOnly, type Said, type Text } from '@ev/shared/texts';
import { isDomainError } from '../errors';
import { jobLog } from '../ports/queue-runner';
import { runAsUser, type JobContext } from './context';
import { authorizeJob, JobStatuses, type JobRecord } from './index';

/**
 * The frame of one step of a user's job (an export, an import's check or run): the payload's
 * common fields, the skip of a stale message, the run as the user, and the failed status with a
 * Portuguese message.
 */

/** The fields every job step's payload carries; each job extends it with its own. */
export const JobStepPayload = z.object({
  jobId: z.string().min(1).max(100),
  step: z.string().min(1).max(100),
  userId: z.string().min(1).max(100),
  branchId: z.string().max(100).nullable(),
});

/** Fails the job with this message: a keyed text (the web renders the user's language), or a Portuguese string. */
export class JobFailure extends Error {
  readonly text?: Text;
  constructor(message: Said | string) {
    super(typeof message === 'string' ? message : message.message);
    if (typeof message !== 'string') this.text = textOnly(message);
  }
}

interface Failed {
  /** The message for a failure the user cannot act on (the error itself is logged, never shown). */
  message: Said;
  /** The log line and its fields (never the payload: it may be sensitive). */
  log: string;
  fields: Record<string, unknown>;
}

/**
 * Runs one step as the user who started the job, once they may still do it (`authorizeJob`).
 * Nothing happens when the job is gone (TTL), its step was replaced, or it already finished. A
 * `JobFailure` or a non-internal domain error fails the job with its message; anything else is
 * logged and fails it with `failed.message`.
 */
export async function runJobStep(p: z.infer<typeof JobStepPayload>, failed: Failed, fn: (base: JobContext, record: JobRecord) => Promise<void>): Promise<void> {
  const { jobId, step, userId } = p;
  const record = await JobStatuses.find(jobId, userId);
  if (!record || record.step !== step || record.status === 'done' || record.status === 'failed') return;
  try {
    await runAsUser(userId, p.branchId, async (base) => {
      authorizeJob(record);
      await fn(base, record);
    });
  } catch (e) {
    const known = e instanceof JobFailure || (isDomainError(e) && e.kind !== 'internal');
    if (!known) jobLog('error', failed.log, { jobId, ...failed.fields, error: e instanceof Error ? e.message : String(e) });
    const message = known ? (e as Error).message : failed.message.message;
    const text = known ? (e as JobFailure | { text?: Text }).text : textOnly(failed.message);
    await JobStatuses.update(userId, jobId, { status: 'failed', error: message.slice(0, 1000), errorText: text ?? null, finishedAt: timestamp() }, { step });
  }
}
