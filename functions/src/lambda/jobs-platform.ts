// The platform family's jobs (the usage count, the erasures due) with every light one: this entry alone carries them (infra/jobs.ts).
import { registerPlatformJobHandlers } from '@ev/core/wiring/platform';

registerPlatformJobHandlers();
export { handler } from './jobs';
