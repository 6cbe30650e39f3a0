import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { EventField, Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { RELEASE_JOB } from '@ev/core/messages/batches';
import { JOB_FAMILIES, VISIBILITY_FACTOR, type JobFamily } from '@ev/core/ports/job-families';
import { SALES_SWEEP_JOB, STORE_PIX_JOB } from '@ev/core/sales/sweep';
import { USAGE_JOB } from '@ev/core/usage';
import { ERASE_DUE_JOB } from '@ev/core/admin/erasure';
import type { Construct } from 'constructs';
import { removal, type StageConfig } from './config';
import type { EmailSettings } from './email';
import { AppFunction, lambdaRole } from './lambda';
import { allowFiles, allowListFiles, allowSecrets, allowSendJobs, allowTable, CLAIM_ACTIONS } from './permissions';
import type { DataStack } from './table';

/**
 * The job families are declared once, in core (`JOB_FAMILIES`, packages/core/src/ports/job-families.ts):
 * the runner takes each job's claim for its family's timeout, and this stack gives each family its
 * queue, dead-letter queue, consumer and role. The tests cover every entry without edits.
 */
export { JOB_FAMILIES, VISIBILITY_FACTOR, type JobFamily };

/**
 * What each family's consumer reaches besides its own queue, the app secret and its log group:
 * least privilege per role (infra/allow-list.ts lists the result). `table`: every item action, or
 * only the runner's claims and dead letters; `files`: the object actions under the family's prefixes
 * (`JobFamily.filePrefixes`), with ListBucket there when it reads; `sendsTo`: the families whose
 * queues it may send to (the WhatsApp release queues a batch's chunks).
 */
export const FAMILY_ACCESS: Record<string, { table: 'all' | 'claims'; files: string[]; email: boolean; sendsTo: string[]; stream?: boolean }> = {
  email: { table: 'claims', files: [], email: true, sendsTo: [] },
  exports: { table: 'all', files: ['s3:PutObject'], email: false, sendsTo: [] },
  imports: { table: 'all', files: ['s3:GetObject'], email: false, sendsTo: [] },
  sales: { table: 'all', files: [], email: false, sendsTo: [] },
  messages: { table: 'all', files: [], email: false, sendsTo: ['messages'] },
  // Reads the table's stream (the usage count) and scans the table (a usage rebuild).
  // Erases a company's files under its prefixes (and writes its archive there).
  platform: { table: 'all', files: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], email: false, sendsTo: [], stream: true },
};

/** A job sent on a schedule: an EventBridge rule puts its message on its family's queue. */
export interface ScheduledJob {
  id: string;
  type: string;
  every: Duration;
}

export const SCHEDULED_JOBS: ScheduledJob[] = [
  // Sales.finishInterrupted for every company (docs/sales.md "Closing"): what `npm start` does at start.
  { id: 'SalesSweep', type: SALES_SWEEP_JOB, every: Duration.minutes(10) },
  // Sales.store.expireEverywhere: the store's Pix past their time, their stock released (docs/store.md "Payment").
  { id: 'StorePixExpiry', type: STORE_PIX_JOB, every: Duration.minutes(1) },
  // Messages.releaseHeld for every company: recipients held past a day's limit, queued when their day comes;
  // sends a stopped consumer left "sending" past their lease, failed so the user can send them again.
  { id: 'MessagesRelease', type: RELEASE_JOB, every: Duration.minutes(10) },
  // Usage.catchUp: the companies' items and bytes counted from the table's stream (docs/admin.md "Usage").
  { id: 'UsageCount', type: USAGE_JOB, every: Duration.minutes(1) },
  // Admin.eraseDue: the companies whose erasure date has come (docs/admin.md "Export and erase").
  { id: 'EraseDue', type: ERASE_DUE_JOB, every: Duration.hours(1) },
];

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
  role: Role;
}

/** Queues (one per family, each with its DLQ), their consumers, and a role per family. */
export class JobsStack extends Stack {
  readonly families: FamilyResources[];

  constructor(scope: Construct, id: string, config: StageConfig, props: JobsStackProps) {
    super(scope, id, props);
    const queues = JOB_FAMILIES.map((family) => {
      const deadLetters = new Queue(this, `${pascal(family.name)}DeadLetters`, {
        retentionPeriod: Duration.days(14),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      const queue = new Queue(this, `${pascal(family.name)}Queue`, {
        visibilityTimeout: Duration.seconds(family.timeoutSeconds * VISIBILITY_FACTOR),
        retentionPeriod: Duration.days(4),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: family.maxReceiveCount },
      });
      return { family, queue, deadLetters };
    });

    const queueUrls = Stack.of(this).toJsonString(Object.fromEntries(queues.map((q) => [q.family.name, q.queue.queueUrl])));
    this.families = queues.map(({ family, queue, deadLetters }) => {
      const access = FAMILY_ACCESS[family.name];
      if (!access) throw new Error(`No FAMILY_ACCESS entry for the job family ${family.name}`);
      const role = lambdaRole(this, `${pascal(family.name)}ConsumerRole`, `Jobs consumer: the ${family.name} jobs`);
      allowTable(role, props.data, access.table === 'all' ? undefined : CLAIM_ACTIONS);
      allowSecrets(role, [props.appSecretArn]);
      if (access.files.length > 0) {
        allowFiles(role, props.filesBucketArn, { prefixes: family.filePrefixes, actions: access.files });
        if (access.files.includes('s3:GetObject')) allowListFiles(role, props.filesBucketArn, family.filePrefixes);
      }
      const sendsTo = queues.filter((q) => access.sendsTo.includes(q.family.name));
      if (sendsTo.length > 0) allowSendJobs(role, sendsTo.map((q) => q.queue.queueArn));
      if (access.stream) {
        role.addToPrincipalPolicy(new PolicyStatement({ actions: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'], resources: [props.data.table.tableStreamArn!] }));
        role.addToPrincipalPolicy(new PolicyStatement({ actions: ['dynamodb:Scan'], resources: [props.data.table.tableArn] }));
      }
      if (access.email) role.addToPrincipalPolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: [props.email.identityArn] }));
      const consumer = new AppFunction(this, `${pascal(family.name)}Consumer`, {
        entry: family.name === 'exports' ? 'jobs-exports.ts' : family.name === 'platform' ? 'jobs-platform.ts' : 'jobs.ts',
        description: `Escritório Virtual ${config.stage}: ${family.name} jobs`,
        role,
        timeout: Duration.seconds(family.timeoutSeconds),
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
      return { family, queue, deadLetters, consumer, role };
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
