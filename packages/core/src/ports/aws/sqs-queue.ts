import { ChangeMessageVisibilityCommand, GetQueueAttributesCommand, SendMessageBatchCommand, SQSClient, type MessageAttributeValue, type SendMessageBatchRequestEntry, type SQSClientConfig } from '@aws-sdk/client-sqs';
import { DomainError } from '../../errors';
import { toMessage, type JobMessage, type JobQueue, type JobRequest, type QueueDepth } from '../queue';
import { familyOf, jobFamily, VISIBILITY_FACTOR } from '../job-families';

/** SQS takes at most 10 entries per SendMessageBatch. */
export const SQS_MAX_BATCH_ENTRIES = 10;
/** SQS's limit for one message and for the sum of a batch (body plus attributes). */
export const SQS_MAX_BATCH_BYTES = 256 * 1024;
const SEND_ATTEMPTS = 3;

/**
 * What travels in a message body. `attempt` is not in it: the consumer takes it from SQS's
 * ApproximateReceiveCount, so a redelivery counts as SQS counts it.
 */
export type JobBody = Omit<JobMessage, 'attempt'>;

export { jobFamily };

export interface SqsQueueOptions {
  /** Queue URL per job family (`{ "email": "https://sqs..." }`), from the Lambda environment. */
  queueUrls: Record<string, string>;
  /** Extra client settings (endpoint, credentials) for tests. */
  clientConfig?: SQSClientConfig;
}

/**
 * The queue port on AWS: each job becomes an SQS message on its family's queue, with the job's
 * type, idempotency key, tenant and id as message attributes. The consumer (functions/src/lambda/
 * jobs.ts) runs it through the same `runJob` as the local queue, so a duplicate delivery does nothing.
 */
export class SqsQueue implements JobQueue {
  readonly client: SQSClient;
  private readonly queueUrls: Record<string, string>;

  constructor(opts: SqsQueueOptions) {
    this.client = new SQSClient({ maxAttempts: 4, ...opts.clientConfig });
    this.queueUrls = { ...opts.queueUrls };
    if (Object.keys(this.queueUrls).length === 0) throw new Error('SqsQueue needs at least one queue URL');
  }

  async send(job: JobRequest): Promise<void> {
    await this.sendBatch([job]);
  }

  /** Each family queue's approximate depth (SQS's own counts: waiting, and received but not deleted). */
  async depths(): Promise<QueueDepth[]> {
    return Promise.all(
      Object.entries(this.queueUrls).map(async ([family, url]) => {
        const out = await this.client.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }));
        return { family, waiting: Number(out.Attributes?.ApproximateNumberOfMessages ?? 0), inFlight: Number(out.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0) };
      }),
    );
  }

  /**
   * Hides a message being worked on from other consumers for another visibility timeout of its
   * family (its consumer renews the job's claim meanwhile): a long job is never delivered twice
   * while it runs.
   */
  async extendVisibility(type: string, receiptHandle: string): Promise<void> {
    const url = this.queueUrls[jobFamily(type)];
    const family = familyOf(type);
    if (!url || !family) return;
    await this.client.send(new ChangeMessageVisibilityCommand({ QueueUrl: url, ReceiptHandle: receiptHandle, VisibilityTimeout: family.timeoutSeconds * VISIBILITY_FACTOR }));
  }

  /** Sends many jobs in as few requests as SQS allows: at most 10 entries and 256 KiB each. */
  async sendBatch(jobs: JobRequest[]): Promise<void> {
    const byQueue = new Map<string, SendMessageBatchRequestEntry[]>();
    for (const request of jobs) {
      const url = this.queueUrls[jobFamily(request.type)];
      if (!url) throw new DomainError('job.no_queue', `No queue for job family "${jobFamily(request.type)}" (type ${request.type})`, 'internal');
      const entries = byQueue.get(url) ?? [];
      entries.push(toEntry(toBody(request)));
      byQueue.set(url, entries);
    }
    for (const [url, entries] of byQueue) {
      for (const batch of chunk(entries)) await this.sendChunk(url, batch);
    }
  }

  private async sendChunk(url: string, entries: SendMessageBatchRequestEntry[]): Promise<void> {
    let pending = entries.map((e, i) => ({ ...e, Id: String(i) }));
    for (let attempt = 1; pending.length > 0; attempt++) {
      const out = await this.client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: pending }));
      const failed = out.Failed ?? [];
      if (failed.length === 0) return;
      // A sender fault (a malformed entry) will not pass on retry; the rest may (throttling).
      const fatal = failed.filter((f) => f.SenderFault);
      if (fatal.length > 0 || attempt >= SEND_ATTEMPTS) {
        const first = (fatal[0] ?? failed[0])!;
        throw new Error(`SQS refused ${failed.length} of ${pending.length} messages on ${url}: ${first.Code} ${first.Message ?? ''}`.trim());
      }
      const retry = new Set(failed.map((f) => f.Id));
      pending = pending.filter((e) => retry.has(e.Id));
      await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}

/** The same rules as the local queue: one validation, in queue.ts. */
export function toBody(request: JobRequest): JobBody {
  const { attempt: _attempt, ...body } = toMessage(request);
  return body;
}

function toEntry(body: JobBody): SendMessageBatchRequestEntry {
  const attributes: Record<string, MessageAttributeValue> = {
    type: { DataType: 'String', StringValue: body.type },
    idempotencyKey: { DataType: 'String', StringValue: body.idempotencyKey },
    jobId: { DataType: 'String', StringValue: body.id },
  };
  if (body.tenantId) attributes.tenantId = { DataType: 'String', StringValue: body.tenantId };
  const messageBody = JSON.stringify(body);
  if (entryBytes({ MessageBody: messageBody, MessageAttributes: attributes, Id: '0' }) > SQS_MAX_BATCH_BYTES) {
    throw new DomainError('job.payload_too_large', `Job message exceeds ${SQS_MAX_BATCH_BYTES} bytes`, 'internal');
  }
  // On Lambda with active tracing, the invocation's trace goes with the message: SQS hands it to
  // the consumer's invocation, so X-Ray shows the API call, the queue and the job as one trace.
  const trace = process.env._X_AMZN_TRACE_ID;
  return {
    Id: '0',
    MessageBody: messageBody,
    MessageAttributes: attributes,
    ...(trace ? { MessageSystemAttributes: { AWSTraceHeader: { DataType: 'String', StringValue: trace } } } : {}),
  };
}

/** SQS counts the body plus each attribute's name, type and value. */
function entryBytes(entry: SendMessageBatchRequestEntry): number {
  let n = Buffer.byteLength(entry.MessageBody ?? '', 'utf8');
  for (const [name, v] of Object.entries(entry.MessageAttributes ?? {})) {
    n += Buffer.byteLength(name, 'utf8') + Buffer.byteLength(v.DataType ?? '', 'utf8') + Buffer.byteLength(v.StringValue ?? '', 'utf8');
  }
  return n;
}

/** Batches of at most 10 entries whose total stays within SQS's batch size. */
export function chunk(entries: SendMessageBatchRequestEntry[]): SendMessageBatchRequestEntry[][] {
  const out: SendMessageBatchRequestEntry[][] = [];
  let current: SendMessageBatchRequestEntry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const size = entryBytes(entry);
    if (current.length === SQS_MAX_BATCH_ENTRIES || (current.length > 0 && bytes + size > SQS_MAX_BATCH_BYTES)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(entry);
    bytes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}
