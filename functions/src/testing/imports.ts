import { expect } from 'vitest';
import { registerJobHandlers } from '@ev/core/wiring/worker';
import { Ports } from '@ev/core/ports';
import type { LocalQueue } from '@ev/core/ports/local-queue';
import { createApp } from '../app';
import { checkedCall } from './checked-call';

// The exports and imports job handlers, with the catalogue, consumed by the local queue.
registerJobHandlers();

/**
 * Route-test helpers for the import engine: a file announced and PUT to its signed URL as the
 * browser does, and a step (dry run or run) asked for and carried out by draining the local queue.
 */
const app = createApp();

/** Resolves once the local queue has carried out every job sent so far. */
export const drainJobs = () => (Ports.queue() as LocalQueue).drain();

/**
 * The upload and the steps of one importer (`/api/imports/{name}`), as `token` (read when called,
 * so a token set in `beforeAll` works).
 */
export function importRoutes(name: string, token: () => string) {
  /** Announces the file, PUTs it to the signed URL and answers the job id. */
  async function upload(content: Uint8Array | string, fileName = `${name}.csv`) {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    const res = await checkedCall('POST', `/api/imports/${name}`, { token: token(), body: { fileName, size: bytes.byteLength } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const url = new URL(res.body.uploadUrl);
    const put = await app.request(`${url.pathname}${url.search}`, { method: 'PUT', headers: res.body.uploadHeaders, body: bytes as Uint8Array<ArrayBuffer> });
    expect(put.status).toBe(204);
    return res.body.job.id as string;
  }

  /** Asks for the dry run (`check`) or the run, waits for the queue and answers the job as GET /jobs/{id} shows it. */
  async function step(id: string, which: 'check' | 'run') {
    const res = await checkedCall('POST', `/api/imports/${id}/${which}`, { token: token() });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await drainJobs();
    return (await checkedCall('GET', `/api/jobs/${id}`, { token: token() })).body;
  }

  return { upload, step };
}

/** A dry run's report: the lines read, how many were accepted, and each rejected line as `[number, reason]`. */
export function checkReport(counts: { lines: number; accepted: number }, rejected: [line: number, reason: string, texts: { key: string; params?: Record<string, unknown> }[]][]) {
  return { ...counts, rejectedCount: rejected.length, rejected: rejected.map(([line, reason, texts]) => ({ line, reason, texts })) };
}
