import { IMPORT_CHECK_JOB, IMPORT_RUN_JOB } from '../imports/index';
import { processImport } from '../imports/run';
import { emailSendJob } from '../ports/index';
import { EMAIL_SEND_JOB } from '../ports/email';
import { applyWebhook, RELEASE_JOB, releaseHeld, SEND_JOB, sendChunk, WEBHOOK_JOB } from '../messages/index';
import { registerJob } from '../ports/queue-runner';
import type { JobHandler } from '../ports/queue';
import { Sales } from '../sales/index';
import { SALES_SWEEP_JOB, STORE_PIX_JOB, SWEEP_MIN_AGE_SECONDS } from '../sales/sweep';

import { wireCore } from './index';

/**
 * The queue messages' handlers but the exports': the imports jobs, the e-mails, the sweep of
 * interrupted sale closes and the WhatsApp jobs. Nothing here loads pdfmake, so the consumers of
 * those families (functions/src/lambda/jobs.ts) start without it; ./worker.ts adds the exports.
 */
export const importsCheckJob = (payload: unknown) => processImport(payload, 'check');
export const importsRunJob = (payload: unknown) => processImport(payload, 'run');
/** The scheduled sweep of interrupted sale closes, in every company (its payload is empty). */
export const salesSweepJob = async () => {
  await Sales.finishInterrupted({ minAgeSeconds: SWEEP_MIN_AGE_SECONDS });
};

/** The queue message types and their handlers, the exports' apart (./worker.ts). */
export const LIGHT_JOB_HANDLERS: Readonly<Record<string, JobHandler>> = {
  [IMPORT_CHECK_JOB]: importsCheckJob,
  [IMPORT_RUN_JOB]: importsRunJob,
  [EMAIL_SEND_JOB]: emailSendJob,
  [SALES_SWEEP_JOB]: salesSweepJob,
  [STORE_PIX_JOB]: async () => {
    await Sales.store.expireEverywhere();
  },
  [WEBHOOK_JOB]: applyWebhook,
  [SEND_JOB]: sendChunk,
  [RELEASE_JOB]: async () => {
    await releaseHeld();
  },
};

/** Wires the core (the catalogue among it) and registers every handler of `LIGHT_JOB_HANDLERS` (again: a no-op). */
export function registerLightJobHandlers(): void {
  wireCore();
  for (const [type, handler] of Object.entries(LIGHT_JOB_HANDLERS)) registerJob(type, handler);
}
