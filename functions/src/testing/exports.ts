import type { ExportFormat } from '@ev/shared/schemas/jobs';
import { expect } from 'vitest';
import { registerJobHandlers } from '@ev/core/wiring/worker';
import { checkedCall } from './checked-call';
import { drainJobs } from './imports';
import { call } from './world';

// The exports and imports job handlers, with the catalogue, consumed by the local queue.
registerJobHandlers();

/**
 * Route-test helper for the export engine: POST /api/exports/{name}, the local queue drained, the
 * job done, its file downloaded through the signed URL.
 */
export async function exportAndWait(name: string, token: string, format: ExportFormat, query: unknown) {
  const res = await checkedCall('POST', `/api/exports/${name}`, { token, body: { format, query } });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await drainJobs();
  const job = await checkedCall('GET', `/api/jobs/${res.body.id}`, { token });
  expect(job.body, JSON.stringify(job.body)).toMatchObject({ status: 'done', error: null });
  const link = await checkedCall('GET', `/api/jobs/${res.body.id}/download`, { token });
  const url = new URL(link.body.url);
  const file = await call('GET', `${url.pathname}${url.search}`);
  expect(file.status).toBe(200);
  return { started: res.body, job: job.body, file, fileName: link.body.fileName as string };
}
