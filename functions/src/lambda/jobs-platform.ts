// The platform family's jobs (the usage count, the erasures due, the archives, a new company's demo data) with every light one: this entry alone carries them (infra/jobs.ts).
import { registerPlatformJobHandlers } from '@ev/core/wiring/platform';
import { registerDemoJob } from '../jobs-demo';

registerPlatformJobHandlers();
registerDemoJob();
export { handler } from './jobs';
