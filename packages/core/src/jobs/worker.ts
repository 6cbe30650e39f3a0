import { EXPORT_JOB } from '../exports/index';
import { runExport } from '../exports/run';
import { IMPORT_CHECK_JOB, IMPORT_RUN_JOB } from '../imports/index';
import { processImport } from '../imports/run';
import { emailSendJob } from '../ports/index';
import { EMAIL_SEND_JOB } from '../ports/email';
import { applyWebhook, RELEASE_JOB, releaseHeld, SEND_JOB, sendChunk, WEBHOOK_JOB } from '../messages/index';
import { registerJob } from '../ports/queue-runner';
import type { JobHandler } from '../ports/queue';
import { Sales } from '../sales/index';
import { SALES_SWEEP_JOB, SWEEP_MIN_AGE_SECONDS } from '../sales/sweep';
import { registerCatalogue } from './catalogue';

/**
 * Every queue message's handler, by type: the exports and imports jobs, the e-mails, the sweep of
 * interrupted sale closes and the WhatsApp webhook's deliveries.
 * `registerJobHandlers` registers them with every export and import declaration (./catalogue); the
 * jobs Lambda entry (functions/src/lambda/jobs.ts) and the local runtime (`createLocalServer`,
 * tests) call it: never the API entry, since this module loads pdfmake.
 */
export const exportsJob = (payload: unknown) => runExport(payload);
export const importsCheckJob = (payload: unknown) => processImport(payload, 'check');
export const importsRunJob = (payload: unknown) => processImport(payload, 'run');
/** The scheduled sweep of interrupted sale closes, in every company (its payload is empty). */
export const salesSweepJob = async () => {
  await Sales.finishInterrupted({ minAgeSeconds: SWEEP_MIN_AGE_SECONDS });
};

/** The one list of queue message types and their handlers. */
export const JOB_HANDLERS: Readonly<Record<string, JobHandler>> = {
  [EXPORT_JOB]: exportsJob,
  [IMPORT_CHECK_JOB]: importsCheckJob,
  [IMPORT_RUN_JOB]: importsRunJob,
  [EMAIL_SEND_JOB]: emailSendJob,
  [SALES_SWEEP_JOB]: salesSweepJob,
  [WEBHOOK_JOB]: applyWebhook,
  [SEND_JOB]: sendChunk,
  [RELEASE_JOB]: async () => {
    await releaseHeld();
  },
};

/** Registers the catalogue and every handler of `JOB_HANDLERS` (again: a no-op). */
export function registerJobHandlers(): void {
  registerCatalogue();
  for (const [type, handler] of Object.entries(JOB_HANDLERS)) registerJob(type, handler);
}
