import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '@ev/core/clock';
import { newId } from '@ev/core/ids';
import { listDeadLetters } from '@ev/core/ports/dead-letters';
import { JOB_FAMILIES, leaseSecondsOf, VISIBILITY_FACTOR, type JobFamily } from '@ev/core/ports/job-families';
import { INTERRUPTED_ERROR, registerJob } from '@ev/core/ports/queue-runner';
import { consumeSqsBatch } from './consume';
import { sqsEvent, sqsRecord } from './testing/events';

/**
 * Issue 17 item 2: a consumer killed mid-job (SIGKILL, as a Lambda timeout or an out-of-memory
 * ends it) loses nothing, in every job family. Its claim lasts the family's timeout and a margin,
 * shorter than SQS's next delivery (the visibility timeout), so that delivery runs the job to the
 * end; killed on its last delivery, the job is a recorded dead letter.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');
const probeType = (family: string) => `${family}.kill-probe`;

/** The probes as the surviving consumers run them: they finish, and say so. */
const finished = new Set<string>();
for (const family of JOB_FAMILIES) {
  registerJob(probeType(family.name), async (_payload, job) => {
    finished.add(job.id);
  });
}

afterEach(() => Clock.reset());

function probe(family: JobFamily, receiveCount: number) {
  const id = newId();
  const body = { id, type: probeType(family.name), tenantId: null, payload: { n: 1 }, idempotencyKey: `kill-probe:${id}` };
  return { id, family, body, record: sqsRecord(body, { receiveCount }) };
}

/** Runs the records in a consumer process, waits until every job started, then kills it with SIGKILL. */
async function killMidJob(records: ReturnType<typeof probe>[]): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'testing/kill-consumer.ts'), JSON.stringify(records.map((r) => r.record))], {
    cwd: ROOT,
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = new Set<string>();
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.startsWith('started ')) started.add(line.slice(8));
      if (records.every((r) => started.has(r.id))) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the consumer exited (${code}) before every job started`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('a consumer killed mid-job', () => {
  it('leaves a claim that lapses with its family’s timeout, before SQS delivers the message again', () => {
    for (const family of JOB_FAMILIES) {
      const lease = leaseSecondsOf(probeType(family.name));
      expect(lease).toBeGreaterThan(family.timeoutSeconds);
      expect(lease).toBeLessThan(family.timeoutSeconds * VISIBILITY_FACTOR);
    }
  });

  it('is retried by the next delivery and finishes, in every family', async () => {
    const probes = JOB_FAMILIES.map((f) => probe(f, 1));
    await killMidJob(probes);
    for (const p of probes) {
      const again = { ...p.record, attributes: { ...p.record.attributes, ApproximateReceiveCount: '2' } };
      const lease = leaseSecondsOf(p.body.type);
      // Within the lease the claim is taken (the consumer might be alive): that delivery fails, SQS retries.
      Clock.set(() => Date.now() + (lease - 10) * 1000);
      expect((await consumeSqsBatch(sqsEvent([again]), { maxReceiveCount: p.family.maxReceiveCount })).outcomes).toEqual(['failed']);
      expect(finished.has(p.id)).toBe(false);
      // SQS's next delivery comes after the visibility timeout, past the lease: it runs the job.
      Clock.set(() => Date.now() + p.family.timeoutSeconds * VISIBILITY_FACTOR * 1000);
      expect((await consumeSqsBatch(sqsEvent([again]), { maxReceiveCount: p.family.maxReceiveCount })).outcomes).toEqual(['done']);
      expect(finished.has(p.id)).toBe(true);
      Clock.reset();
    }
  });

  it('on its last delivery, ends as a recorded dead letter in every family', async () => {
    const probes = JOB_FAMILIES.map((f) => probe(f, f.maxReceiveCount));
    await killMidJob(probes);
    const letters = await listDeadLetters(null, 1000);
    for (const p of probes) {
      const letter = letters.find((l) => l.jobId === p.id);
      expect(letter, `${p.family.name}: dead letter`).toMatchObject({ type: p.body.type, attempts: p.family.maxReceiveCount, error: INTERRUPTED_ERROR, payload: { n: 1 } });
      expect(finished.has(p.id)).toBe(false);
    }
  });

  it('removes the dead letter of a last delivery that succeeds, and gives the error to one that fails', async () => {
    const family = JOB_FAMILIES[0]!;
    const ok = probe(family, family.maxReceiveCount);
    expect((await consumeSqsBatch(sqsEvent([ok.record]), { maxReceiveCount: family.maxReceiveCount })).outcomes).toEqual(['done']);
    const failing = { ...probe(family, family.maxReceiveCount), type: `${family.name}.kill-probe-fails` };
    registerJob(`${family.name}.kill-probe-fails`, async () => {
      throw new Error('SES answered 500');
    });
    const body = { ...failing.body, type: failing.type };
    expect((await consumeSqsBatch(sqsEvent([sqsRecord(body, { receiveCount: family.maxReceiveCount })]), { maxReceiveCount: family.maxReceiveCount })).outcomes).toEqual(['failed']);
    const letters = await listDeadLetters(null, 1000);
    expect(letters.filter((l) => l.jobId === ok.id)).toEqual([]);
    expect(letters.filter((l) => l.jobId === failing.id).map((l) => l.error)).toEqual(['SES answered 500']);
  });
});
