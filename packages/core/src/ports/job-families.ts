/**
 * The job families (docs/jobs.md, docs/deploy.md): the jobs whose type starts with `<name>.`
 * (`email.send`). On AWS each family has its own queue, dead-letter queue, consumer and role
 * (infra/jobs.ts declares them from this list), so a slow family never holds back another; the
 * runner takes a job's claim for its family's timeout (`leaseSecondsOf`).
 */
export interface JobFamily {
  name: string;
  /** The consumer's timeout; the queue's visibility timeout is `VISIBILITY_FACTOR` times it. */
  timeoutSeconds: number;
  memorySize: number;
  batchSize: number;
  /** Deliveries before SQS moves a message to the dead-letter queue. */
  maxReceiveCount: number;
  /** At most this many consumer instances at once (protects SES, Meta and the table from bursts). */
  maxConcurrency: number;
  /** Whether its jobs read or write the files bucket, and under which prefixes. */
  filePrefixes: string[];
  /** How old the oldest waiting message may grow before an alarm (infra/alarms.ts): jobs are held up. */
  maxAgeSeconds: number;
}

export const JOB_FAMILIES: readonly JobFamily[] = [
  // Password resets, invitations, import reports: short, many, and a user waits for them. Its own
  // ten consumers, whatever the imports and exports do.
  { name: 'email', timeoutSeconds: 30, memorySize: 512, batchSize: 10, maxReceiveCount: 5, maxConcurrency: 10, filePrefixes: [], maxAgeSeconds: 300 },
  // One export or import per invocation (batch 1): a 20,000-row PDF takes ~15 s and ~600 MB; an
  // import of 50,000 lines writes in batches for minutes. Their handlers record failures on the job
  // status rather than throwing, so redeliveries are for infrastructure errors only (docs/jobs.md).
  { name: 'exports', timeoutSeconds: 300, memorySize: 1536, batchSize: 1, maxReceiveCount: 3, maxConcurrency: 4, filePrefixes: ['exports/'], maxAgeSeconds: 900 },
  // Few at once: an import writes for minutes on its company's counters (docs/jobs.md).
  { name: 'imports', timeoutSeconds: 600, memorySize: 1024, batchSize: 1, maxReceiveCount: 3, maxConcurrency: 3, filePrefixes: ['uploads/'], maxAgeSeconds: 1800 },
  // The scheduled sweep of interrupted sale closes (every company in one run; one at a time).
  { name: 'sales', timeoutSeconds: 300, memorySize: 512, batchSize: 1, maxReceiveCount: 3, maxConcurrency: 2, filePrefixes: [], maxAgeSeconds: 1800 },
  // WhatsApp: the webhook's deliveries (a few writes each) and the batches' sends (chunks of 25, paced).
  { name: 'messages', timeoutSeconds: 60, memorySize: 512, batchSize: 10, maxReceiveCount: 5, maxConcurrency: 5, filePrefixes: [], maxAgeSeconds: 900 },
  // The platform's upkeep (docs/admin.md): the companies' usage counted from the table's stream each
  // minute, and the erasures whose date has come each hour. Two at most (Lambda's least); the stream's checkpoints count each change once anyway.
  // A company's erasure reaches its files under every prefix a company keeps them.
  { name: 'platform', timeoutSeconds: 300, memorySize: 1024, batchSize: 1, maxReceiveCount: 3, maxConcurrency: 2, filePrefixes: ['exports/', 'uploads/', 't/'], maxAgeSeconds: 900 },
];

/** AWS's advice for SQS event sources: visibility at least six times the function's timeout. */
export const VISIBILITY_FACTOR = 6;
/** A claim outlives its consumer's timeout by this much: past it, the consumer is surely gone. */
export const LEASE_MARGIN_SECONDS = 30;
/** Jobs of no family listed (a test's own types): the longest timeout. */
const DEFAULT_TIMEOUT_SECONDS = Math.max(...JOB_FAMILIES.map((f) => f.timeoutSeconds));

/**
 * The job family of a type: what comes before its first dot (`email.send` → `email`). One queue per
 * family (infra/jobs.ts), so a slow family (exports) never holds back a fast one (e-mail).
 */
export function jobFamily(type: string): string {
  return type.split('.', 1)[0] ?? type;
}

export function familyOf(type: string): JobFamily | undefined {
  const name = jobFamily(type);
  return JOB_FAMILIES.find((f) => f.name === name);
}

/**
 * How long a job's claim holds before another delivery may take it over: its family's timeout and a
 * margin. A consumer that died mid-job frees its job at the latest then, well before SQS's next
 * delivery (the visibility timeout is six times the timeout); a live one renews it (`runJob`).
 */
export function leaseSecondsOf(type: string): number {
  return (familyOf(type)?.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) + LEASE_MARGIN_SECONDS;
}
