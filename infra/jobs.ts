import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { EventField, Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { RELEASE_JOB } from '@ev/core/messages/batches';
import { SALES_SWEEP_JOB } from '@ev/core/sales/sweep';
import type { Construct } from 'constructs';
import { removal, type StageConfig } from './config';
import type { EmailSettings } from './email';
import { AppFunction, lambdaRole } from './lambda';
import { allowFiles, allowSecrets, allowSendJobs, allowTable } from './permissions';
import type { DataStack } from './table';

/**
 * A job family: the jobs whose type starts with `<name>.` (`email.send`). Each family has its own
 * queue, dead-letter queue and consumer, so a slow family never holds back another. Later modules
 * add `messages`, `exports` and `imports` here; the tests cover every entry without edits.
 */
export interface JobFamily {
  name: string;
  /** The consumer's timeout; the queue's visibility timeout is VISIBILITY_FACTOR times it. */
  timeout: Duration;
  memorySize: number;
  batchSize: number;
  /** Deliveries before SQS moves a message to the dead-letter queue. */
  maxReceiveCount: number;
  /** At most this many consumer instances at once (protects SES and the table from bursts). */
  maxConcurrency: number;
}

export const JOB_FAMILIES: JobFamily[] = [
  { name: 'email', timeout: Duration.seconds(30), memorySize: 512, batchSize: 10, maxReceiveCount: 5, maxConcurrency: 5 },
  // One export or import per invocation (batch 1): a 20,000-row PDF takes ~15 s and ~600 MB; an
  // import of 50,000 lines writes in batches for minutes. Their handlers record failures on the job
  // status rather than throwing, so redeliveries are for infrastructure errors only (docs/jobs.md).
  { name: 'exports', timeout: Duration.minutes(5), memorySize: 1536, batchSize: 1, maxReceiveCount: 3, maxConcurrency: 5 },
  { name: 'imports', timeout: Duration.minutes(10), memorySize: 1024, batchSize: 1, maxReceiveCount: 3, maxConcurrency: 5 },
  // The scheduled sweep of interrupted sale closes (every company in one run; one at a time).
  { name: 'sales', timeout: Duration.minutes(5), memorySize: 512, batchSize: 1, maxReceiveCount: 3, maxConcurrency: 2 },
  // WhatsApp: the webhook's deliveries (a few writes each; one retried while its record is not
  // written yet) and, next, the batches' sends.
  { name: 'messages', timeout: Duration.seconds(60), memorySize: 512, batchSize: 10, maxReceiveCount: 5, maxConcurrency: 5 },
];

/** A job sent on a schedule: an EventBridge rule puts its message on its family's queue. */
export interface ScheduledJob {
  id: string;
  type: string;
  every: Duration;
}

export const SCHEDULED_JOBS: ScheduledJob[] = [
  // Sales.finishInterrupted for every company (docs/sales.md "Closing"): what `npm start` does at start.
  { id: 'SalesSweep', type: SALES_SWEEP_JOB, every: Duration.minutes(10) },
  // Messages.releaseHeld for every company: recipients held past a day's limit, queued when their day comes.
  { id: 'MessagesRelease', type: RELEASE_JOB, every: Duration.minutes(10) },
];

/** AWS's advice for SQS event sources: visibility at least six times the function's timeout. */
export const VISIBILITY_FACTOR = 6;

export interface JobsStackProps extends StackProps {
  data: DataStack;
  filesBucketArn: string;
  appSecretArn: string;
  filesBucketName: string;
  email: EmailSettings;
}

export interface FamilyResources {
  family: JobFamily;
  queue: Queue;
  deadLetters: Queue;
  consumer: AppFunction;
}

/** Queues (one per family, each with its DLQ) and their consumers, which share one role. */
export class JobsStack extends Stack {
  readonly families: FamilyResources[];
  readonly consumerRole: Role;

  constructor(scope: Construct, id: string, config: StageConfig, props: JobsStackProps) {
    super(scope, id, props);
    const queues = JOB_FAMILIES.map((family) => {
      const deadLetters = new Queue(this, `${pascal(family.name)}DeadLetters`, {
        retentionPeriod: Duration.days(14),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      const queue = new Queue(this, `${pascal(family.name)}Queue`, {
        visibilityTimeout: Duration.seconds(family.timeout.toSeconds() * VISIBILITY_FACTOR),
        retentionPeriod: Duration.days(4),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: family.maxReceiveCount },
      });
      return { family, queue, deadLetters };
    });

    this.consumerRole = lambdaRole(this, 'ConsumerRole', 'Jobs consumers: run the jobs of every family');
    allowTable(this.consumerRole, props.data);
    allowFiles(this.consumerRole, props.filesBucketArn);
    allowSecrets(this.consumerRole, [props.appSecretArn]);
    // A job may queue further jobs (an import queues e-mails).
    allowSendJobs(this.consumerRole, queues.map((q) => q.queue.queueArn));
    this.consumerRole.addToPrincipalPolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: [props.email.identityArn] }));

    const queueUrls = Stack.of(this).toJsonString(Object.fromEntries(queues.map((q) => [q.family.name, q.queue.queueUrl])));
    this.families = queues.map(({ family, queue, deadLetters }) => {
      const consumer = new AppFunction(this, `${pascal(family.name)}Consumer`, {
        entry: 'jobs.ts',
        description: `Escritório Virtual ${config.stage}: ${family.name} jobs`,
        role: this.consumerRole,
        timeout: family.timeout,
        memorySize: family.memorySize,
        removalPolicy: removal(config),
        environment: {
          TABLE_NAME: props.data.table.tableName,
          APP_SECRET_ARN: props.appSecretArn,
          FILES_BUCKET: props.filesBucketName,
          QUEUE_URLS: queueUrls,
          EMAIL_FROM: props.email.from,
          MAX_RECEIVE_COUNT: String(family.maxReceiveCount),
        },
      });
      consumer.fn.addEventSource(
        new SqsEventSource(queue, { batchSize: family.batchSize, reportBatchItemFailures: true, maxConcurrency: family.maxConcurrency }),
      );
      return { family, queue, deadLetters, consumer };
    });

    // Each scheduled job: the message the SQS adapter would write (consume.ts's JobBodySchema), its
    // idempotency key from the event's time, so each tick runs once however often SQS delivers it.
    for (const job of SCHEDULED_JOBS) {
      const family = this.families.find((f) => f.family.name === job.type.split('.')[0]);
      if (!family) throw new Error(`No job family for the scheduled job ${job.type}`);
      new Rule(this, job.id, {
        description: `Escritório Virtual ${config.stage}: ${job.type} every ${job.every.toHumanString()}`,
        schedule: Schedule.rate(job.every),
        targets: [
          new SqsQueue(family.queue, {
            message: RuleTargetInput.fromObject({ id: EventField.eventId, type: job.type, tenantId: null, payload: {}, idempotencyKey: `${job.type}:${EventField.time}` }),
          }),
        ],
      });
    }
  }
}

export function pascal(name: string): string {
  return name.replace(/(^|[-_.])([a-z0-9])/g, (_m, _s: string, c: string) => c.toUpperCase());
}
