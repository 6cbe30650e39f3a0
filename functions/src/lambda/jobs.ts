import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { bootAws } from './boot';
import { consumeSqsBatch } from './consume';
import { JobsEnvSchema, parseLambdaEnv } from './env';
// The exports and imports jobs and every declaration: this entry alone loads pdfmake.
import { registerJobHandlers } from '@ev/core/jobs/worker';

/**
 * The jobs consumer on Lambda: one function per job family's queue (infra/jobs.ts), each with an
 * SQS event source reporting partial batch failures. Cold start: environment parsed (fails fast,
 * naming the variable), the application secret read once, AWS adapters set.
 */
registerJobHandlers();
const config = parseLambdaEnv(JobsEnvSchema, process.env, 'jobs');
await bootAws(config);

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const { batchItemFailures } = await consumeSqsBatch(event, { maxReceiveCount: config.MAX_RECEIVE_COUNT });
  return { batchItemFailures };
}
