import { ERASE_DUE_JOB, eraseDue } from '../admin/erasure';
import { registerJob } from '../ports/queue-runner';
import type { JobHandler } from '../ports/queue';
import { Usage, USAGE_JOB } from '../usage';

/**
 * The platform family's handlers (docs/admin.md): the companies' usage from the table's stream and
 * the erasures whose date has come. Apart from ./handlers.ts so the other families' consumer
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
};

export function registerPlatformJobHandlers(): void {
  for (const [type, handler] of Object.entries(PLATFORM_JOB_HANDLERS)) registerJob(type, handler);
}
