import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../clock';
import { isActive, JOB_QUEUED_STALE_SECONDS, JOB_STALE_SECONDS, publicJob, type JobRecord } from './index';

/**
 * A job status as the user reads it (issue 17 item 4): a queued job waiting behind other
 * companies' work is shown waiting, however long it waits while its message is kept; a running
 * job not heard from past every family's lease was stopped from outside and reads as failed.
 */
afterEach(() => Clock.reset());

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
function record(status: JobRecord['status'], silentSeconds: number): JobRecord {
  return {
    pk: 'p', sk: 's', id: 'j', userId: 'u', kind: 'import', name: 'products', title: 'Importar produtos', subject: 'produtos', action: 'update',
    format: null, phase: 'run', status, processed: 0, total: null, fileName: 'a.csv', fileKey: null, error: null, result: null, step: 's1',
    createdAt: '2026-11-28T11:00:00.000Z', updatedAt: '2026-11-28T11:00:00.000Z', finishedAt: null,
    heartbeat: NOW / 1000 - silentSeconds, ttl: 0,
  };
}

describe('a job status as read', () => {
  it('shows a queued job waiting, not failed, after half an hour and more in the queue', () => {
    Clock.set(() => NOW);
    const waiting = record('queued', 2 * 60 * 60);
    expect(publicJob(waiting)).toMatchObject({ status: 'queued', error: null });
    expect(isActive(waiting)).toBe(true);
    // Past the queue's retention its message is gone: then it failed.
    expect(publicJob(record('queued', JOB_QUEUED_STALE_SECONDS + 1))).toMatchObject({ status: 'failed', error: 'O processamento foi interrompido. Tente de novo.' });
  });

  it('shows a running job not heard from past every lease as failed, and one heard from as running', () => {
    Clock.set(() => NOW);
    expect(publicJob(record('running', JOB_STALE_SECONDS + 1))).toMatchObject({ status: 'failed' });
    expect(isActive(record('running', JOB_STALE_SECONDS + 1))).toBe(false);
    expect(publicJob(record('running', 60))).toMatchObject({ status: 'running' });
  });
});
