import { EXPORT_JOB } from '../exports/index';
import { runExport } from '../exports/run';
import { IMPORT_CHECK_JOB, IMPORT_RUN_JOB } from '../imports/index';
import { processImport } from '../imports/run';
import { registerJob } from '../ports/queue';
import './catalogue';

/**
 * The exports and imports job handlers, with every declaration (./catalogue). Imported for its
 * effect by the jobs Lambda entry (functions/src/lambda/jobs.ts) and the local runtime
 * (functions/src/local/main.ts, tests): never by the API entry, since it loads pdfmake.
 */
export const exportsJob = (payload: unknown) => runExport(payload);
export const importsCheckJob = (payload: unknown) => processImport(payload, 'check');
export const importsRunJob = (payload: unknown) => processImport(payload, 'run');

registerJob(EXPORT_JOB, exportsJob);
registerJob(IMPORT_CHECK_JOB, importsCheckJob);
registerJob(IMPORT_RUN_JOB, importsRunJob);
