/**
 * A jobs consumer that a test kills mid-job (functions/src/lambda/consume-kill.integration.test.ts):
 * it reads SQS records as JSON from its argument, registers for each job family a probe job that
 * says it started and then never ends, consumes every record at once (one consumer per family, as
 * on Lambda), and waits to be killed.
 */
import type { SQSRecord } from 'aws-lambda';
import { JOB_FAMILIES } from '@ev/core/ports/job-families';
import { registerJob } from '@ev/core/ports/queue-runner';
import { consumeSqsBatch } from '../consume';
import { sqsEvent } from './events';

const probeType = (family: string) => `${family}.kill-probe`;

const records = JSON.parse(process.argv[2] ?? '[]') as SQSRecord[];
for (const family of JOB_FAMILIES) {
  registerJob(probeType(family.name), async (_payload, job) => {
    process.stdout.write(`started ${job.id}\n`);
    await new Promise(() => {});
  });
}
await Promise.all(
  records.map((record) => {
    const family = JOB_FAMILIES.find((f) => record.body.includes(`"${probeType(f.name)}"`))!;
    return consumeSqsBatch(sqsEvent([record]), { maxReceiveCount: family.maxReceiveCount });
  }),
);
