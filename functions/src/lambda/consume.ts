import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { z } from 'zod';
import { Logs } from '@ev/core/logs';
import { DeadLetteredError, JobInProgressError, jobLog, runJob } from '@ev/core/ports/queue-runner';
import { writeDeadLetter } from '@ev/core/ports/dead-letters';
import type { JobMessage } from '@ev/core/ports/queue';

/** The body the SQS adapter writes (packages/core/src/ports/aws/sqs-queue.ts). */
const JobBodySchema = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  tenantId: z.string().max(100).nullable(),
  payload: z.unknown(),
  idempotencyKey: z.string().min(1).max(500),
  sensitive: z.boolean().optional(),
});

export interface ConsumeOptions {
  /** The queue's redrive count: the delivery that gets there is the job's last attempt. */
  maxReceiveCount: number;
  /**
   * Keeps a record's message hidden from other consumers while its job runs (SQS:
   * ChangeMessageVisibility), called at each renewal of the job's claim.
   */
  extendVisibility?: (record: SQSRecord, type: string) => Promise<void>;
}

export type RecordOutcome = 'done' | 'skipped' | 'failed';

/**
 * One SQS batch through the same job handlers as the local queue (`runJob`): each record is run,
 * its idempotency key claimed conditionally in the table, so a duplicate delivery does nothing.
 * Only the records that failed are reported (`batchItemFailures`), so SQS redelivers just those;
 * on its last attempt a failing job is also written as a dead letter for the operators' list,
 * while SQS moves the message itself to the dead-letter queue.
 */
export async function consumeSqsBatch(event: SQSEvent, opts: ConsumeOptions): Promise<SQSBatchResponse & { outcomes: RecordOutcome[] }> {
  // One after another: a duplicate within the batch then finds the first one done and is skipped.
  const outcomes: RecordOutcome[] = [];
  for (const record of event.Records) outcomes.push(await consumeRecord(record, opts));
  await Logs.flush();
  return {
    batchItemFailures: event.Records.filter((_, i) => outcomes[i] === 'failed').map((r) => ({ itemIdentifier: r.messageId })),
    outcomes,
  };
}

async function consumeRecord(record: SQSRecord, opts: ConsumeOptions): Promise<RecordOutcome> {
  const attempt = Math.max(1, Number.parseInt(record.attributes?.ApproximateReceiveCount ?? '1', 10) || 1);
  const job = parseRecord(record, attempt);
  if (!job) {
    jobLog('error', 'unreadable job message', { messageId: record.messageId, attempt });
    return 'failed';
  }
  const lastAttempt = attempt >= opts.maxReceiveCount;
  const extend = opts.extendVisibility;
  try {
    return await runJob(job, { lastAttempt, ...(extend && { renew: () => extend(record, job.type) }) });
  } catch (e) {
    const fields = { messageId: record.messageId, jobId: job.id, type: job.type, tenantId: job.tenantId, attempt, error: e instanceof Error ? e.message : String(e) };
    if (e instanceof JobInProgressError && !lastAttempt) {
      jobLog('warn', 'job running elsewhere, retrying later', fields);
      return 'failed';
    }
    if (lastAttempt) {
      jobLog('error', 'job failed its last attempt', fields);
      // Written as the attempt began and given the error since (runJob), unless the claim was held.
      if (e instanceof DeadLetteredError) return 'failed';
      try {
        await writeDeadLetter(job, e, attempt);
      } catch (dlqError) {
        jobLog('error', 'could not write dead letter', { ...fields, dlqError: String(dlqError) });
      }
    } else {
      jobLog('warn', 'job failed, SQS will retry', fields);
    }
    return 'failed';
  }
}

function parseRecord(record: SQSRecord, attempt: number): JobMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(record.body);
  } catch {
    return null;
  }
  const parsed = JobBodySchema.safeParse(json);
  if (!parsed.success) return null;
  const { sensitive, ...body } = parsed.data;
  return { ...body, attempt, ...(sensitive ? { sensitive } : {}) };
}

