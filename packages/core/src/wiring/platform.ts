import { ARCHIVE_JOB, runArchive } from '../admin/archive';
import { ERASE_DUE_JOB, eraseDue } from '../admin/erasure';
import { registerJob } from '../ports/queue-runner';
import type { JobHandler } from '../ports/queue';
import { Usage, USAGE_JOB } from '../usage';

/**
 * The platform family's handlers (docs/admin.md): the companies' usage from the table's stream, the
 * erasures whose date has come and the companies' archives. Apart from ./handlers.ts so the other families' consumer
 * (functions/src/lambda/jobs.ts) carries none of it; the platform's consumer
 * (functions/src/lambda/jobs-platform.ts) and the local runtime (./worker.ts) register them.
 */
export const PLATFORM_JOB_HANDLERS: Readonly<Record<string, JobHandler>> = {
  // Both scheduled, their payload empty.
  [USAGE_JOB]: async () => {
    await Usage.catchUp();
  },
  [ERASE_DUE_JOB]: async () => {
    await eraseDue();
  },
  // A company's archive an operator asked for.
  [ARCHIVE_JOB]: runArchive,
};

export function registerPlatformJobHandlers(): void {
  for (const [type, handler] of Object.entries(PLATFORM_JOB_HANDLERS)) registerJob(type, handler);
}
