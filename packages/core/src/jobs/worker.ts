import { EXPORT_JOB } from '../exports/index';
import { runExport } from '../exports/run';
import { IMPORT_CHECK_JOB, IMPORT_RUN_JOB } from '../imports/index';
import { processImport } from '../imports/run';
import { registerJob } from '../ports/queue';
import { registerCatalogue } from './catalogue';

/**
 * The exports and imports job handlers. `registerJobHandlers` registers them with every declaration
 * (./catalogue); the jobs Lambda entry (functions/src/lambda/jobs.ts) and the local runtime
 * (functions/src/local/main.ts, tests) call it: never the API entry, since this module loads pdfmake.
 */
export const exportsJob = (payload: unknown) => runExport(payload);
export const importsCheckJob = (payload: unknown) => processImport(payload, 'check');
export const importsRunJob = (payload: unknown) => processImport(payload, 'run');

/** Registers the catalogue and the three job types (again: a no-op). */
export function registerJobHandlers(): void {
  registerCatalogue();
  registerJob(EXPORT_JOB, exportsJob);
  registerJob(IMPORT_CHECK_JOB, importsCheckJob);
  registerJob(IMPORT_RUN_JOB, importsRunJob);
}
