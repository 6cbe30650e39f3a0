// The exports jobs with every other: this entry alone loads pdfmake (infra/jobs.ts gives it to the exports family).
import { registerJobHandlers } from '@ev/core/wiring/worker';

registerJobHandlers();
export { handler } from './jobs';
