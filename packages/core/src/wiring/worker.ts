import { EXPORT_JOB } from '../exports/index';
import { runExport } from '../exports/run';
import { registerJob } from '../ports/queue-runner';
import type { JobHandler } from '../ports/queue';
import { LIGHT_JOB_HANDLERS, registerLightJobHandlers } from './handlers';
import { PLATFORM_JOB_HANDLERS, registerPlatformJobHandlers } from './platform';

/**
 * Every queue message's handler, by type: the exports' (which load pdfmake), the platform's
 * (./platform.ts) and the others (./handlers.ts). `registerJobHandlers` registers them with every export and import declaration
 * (./catalogue); the exports consumer (functions/src/lambda/jobs-exports.ts) and the local runtime
 * (`createLocalServer`, tests) call it: never the API entry nor the other consumers.
 */
export const exportsJob = (payload: unknown) => runExport(payload);

/** The one list of queue message types and their handlers. */
export const JOB_HANDLERS: Readonly<Record<string, JobHandler>> = { ...LIGHT_JOB_HANDLERS, ...PLATFORM_JOB_HANDLERS, [EXPORT_JOB]: exportsJob };

/** Registers the catalogue and every handler of `JOB_HANDLERS` (again: a no-op). */
export function registerJobHandlers(): void {
  registerLightJobHandlers();
  registerPlatformJobHandlers();
  registerJob(EXPORT_JOB, exportsJob);
}
