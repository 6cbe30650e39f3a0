import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { bootAws } from './boot';
import { consumeSqsBatch } from './consume';
import { JobsEnvSchema, parseLambdaEnv } from './env';
import { registerLightJobHandlers } from '@ev/core/wiring/handlers';

/**
 * The jobs consumer on Lambda: one function per job family's queue (infra/jobs.ts), each with an
 * SQS event source reporting partial batch failures. Cold start: environment parsed (fails fast,
 * naming the variable), the application secret read once, AWS adapters set. This entry serves
 * every family but the exports (./jobs-exports.ts), without pdfmake.
 */
registerLightJobHandlers();
const config = parseLambdaEnv(JobsEnvSchema, process.env, 'jobs');
const { queue } = await bootAws(config);

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const { batchItemFailures } = await consumeSqsBatch(event, {
    maxReceiveCount: config.MAX_RECEIVE_COUNT,
    extendVisibility: (record, type) => queue.extendVisibility(type, record.receiptHandle),
  });
  return { batchItemFailures };
}
