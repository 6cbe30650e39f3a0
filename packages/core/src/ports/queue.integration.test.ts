import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../clock';
import { currentActor, maybeActor, runAs } from '../context';
import { dynamoClient, tableName } from '../db/client';
import { Keys, type Key } from '../db/keys';
import { newId } from '../ids';
import { readOutbox } from './email';
import { Ports, registerEmailJob } from './index';
import { JobInProgressError, registerJob, runJob } from './queue-runner';
import { LocalQueue } from './local-queue';
import { listDeadLetters } from './dead-letters';
import type { JobMessage } from './queue';

// The `email.send` handler (the jobs consumer registers it with the others).
registerEmailJob();

const tenantId = newId();

function uniqueType(name: string): string {
  return `test.${name}.${newId()}`;
}

function jobKey(tenant: string | null, idempotencyKey: string): Key {
  return tenant ? runAs({ tenantId: tenant }, () => Keys.job(idempotencyKey)) : Keys.platformJob(idempotencyKey);
}

async function claimItem(tenant: string | null, idempotencyKey: string) {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: jobKey(tenant, idempotencyKey), ConsistentRead: true }),
  );
  return out.Item;
}

function message(type: string, overrides: Partial<JobMessage> = {}): JobMessage {
  return { id: newId(), type, tenantId, payload: { n: 1 }, idempotencyKey: newId(), attempt: 1, ...overrides };
}

afterEach(() => {
  Clock.reset();
});

describe('LocalQueue', () => {
  it("shows each family's depth: a job waiting, then running, then none (the operators' server card)", async () => {
    const type = `platform.depth-${newId()}`;
    let release!: () => void;
    const running = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const began = new Promise<void>((resolve) => (started = resolve));
    registerJob(type, async () => {
      started();
      await running;
    });
    const queue = new LocalQueue({ baseDelayMs: 5 });
    const platform = async () => (await queue.depths()).find((d) => d.family === 'platform');
    await queue.send({ type, tenantId: null, payload: {}, idempotencyKey: newId() });
    expect(await platform()).toEqual({ family: 'platform', waiting: 1, inFlight: 0 });
    await began;
    expect(await platform()).toEqual({ family: 'platform', waiting: 0, inFlight: 1 });
    release();
    await queue.drain();
    expect(await platform()).toEqual({ family: 'platform', waiting: 0, inFlight: 0 });
    expect((await queue.depths()).map((d) => d.family)).toEqual(['email', 'exports', 'imports', 'sales', 'messages', 'platform']);
  });

  it('runs a job once, after send returns, as the job tenant, and marks its key done for 7 days', async () => {
    const type = uniqueType('ok');
    const seen: { payload: unknown; tenant: string; attempt: number }[] = [];
    registerJob(type, async (payload, job) => {
      seen.push({ payload, tenant: currentActor().tenantId, attempt: job.attempt });
    });
    const queue = new LocalQueue({ baseDelayMs: 5 });
    const key = newId();

    await queue.send({ type, tenantId, payload: { hello: 'mundo' }, idempotencyKey: key });
    expect(seen).toHaveLength(0);
    await queue.drain();

    expect(seen).toEqual([{ payload: { hello: 'mundo' }, tenant: tenantId, attempt: 1 }]);
    const item = await claimItem(tenantId, key);
    expect(item?.status).toBe('done');
    expect(item?.ttl).toBeGreaterThanOrEqual(Clock.seconds() + 7 * 86400 - 5);
    expect(item?.ttl).toBeLessThanOrEqual(Clock.seconds() + 7 * 86400);
    expect(await listDeadLetters(tenantId)).toEqual([]);
  });

  it('retries a failing handler with backoff until it succeeds, and the effect happens once', async () => {
    const type = uniqueType('flaky');
    const attempts: number[] = [];
    let effects = 0;
    registerJob(type, async (_payload, job) => {
      attempts.push(job.attempt);
      if (job.attempt < 3) throw new Error(`boom ${job.attempt}`);
      effects++;
    });
    const queue = new LocalQueue({ baseDelayMs: 5 });
    const key = newId();

    await queue.send({ type, tenantId, payload: null, idempotencyKey: key });
    await queue.drain();

    expect(attempts).toEqual([1, 2, 3]);
    expect(effects).toBe(1);
    expect((await claimItem(tenantId, key))?.status).toBe('done');
    expect((await listDeadLetters(tenantId)).filter((d) => d.idempotencyKey === key)).toEqual([]);
  });

  it('puts a job that fails every attempt in the dead-letter list with its last error and payload', async () => {
    const type = uniqueType('broken');
    let calls = 0;
    registerJob(type, async (_payload, job) => {
      calls++;
      throw new Error(`still broken at attempt ${job.attempt}`);
    });
    const queue = new LocalQueue({ maxAttempts: 3, baseDelayMs: 5 });
    const key = newId();

    await queue.send({ type, tenantId, payload: { orderId: 'o-1' }, idempotencyKey: key });
    await queue.drain();

    expect(calls).toBe(3);
    const letters = (await queue.listDeadLetters(tenantId)).filter((d) => d.idempotencyKey === key);
    expect(letters).toHaveLength(1);
    const [letter] = letters;
    expect(letter).toMatchObject({
      type,
      tenantId,
      idempotencyKey: key,
      attempts: 3,
      error: 'still broken at attempt 3',
      payload: { orderId: 'o-1' },
    });
    expect(letter?.pk).toBe(runAs({ tenantId }, () => Keys.deadLetters()));
    expect(letter?.sk).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z#${letter?.jobId}$`));
    // The failed claim was released, so a later delivery may still run.
    expect(await claimItem(tenantId, key)).toBeUndefined();
  });

  it('never stores the payload of a sensitive job, also for platform jobs', async () => {
    const type = uniqueType('secret');
    registerJob(type, async () => {
      throw new Error('smtp down');
    });
    const queue = new LocalQueue({ maxAttempts: 2, baseDelayMs: 5 });
    const key = newId();

    await queue.send({ type, tenantId: null, payload: { password: 'Temp-1234' }, idempotencyKey: key, sensitive: true });
    await queue.drain();

    const letters = (await listDeadLetters(null)).filter((d) => d.idempotencyKey === key);
    expect(letters).toHaveLength(1);
    expect(letters[0]?.pk).toBe(Keys.platformDeadLetters());
    expect(letters[0]?.error).toBe('smtp down');
    expect(letters[0]).not.toHaveProperty('payload');
    expect(JSON.stringify(letters[0])).not.toContain('Temp-1234');
  });

  it('runs a platform job without the sender actor, as an SQS consumer would', async () => {
    const type = uniqueType('platform');
    const actors: unknown[] = [];
    registerJob(type, async () => {
      actors.push(maybeActor());
    });
    const queue = new LocalQueue({ baseDelayMs: 5 });

    await runAs({ tenantId, userId: newId() }, () =>
      queue.send({ type, tenantId: null, payload: {}, idempotencyKey: newId() }),
    );
    await queue.drain();

    expect(actors).toEqual([undefined]);
  });

  it('sends the same idempotency key twice and runs the effect once', async () => {
    const type = uniqueType('twice');
    let effects = 0;
    registerJob(type, async () => {
      await new Promise((r) => setTimeout(r, 30));
      effects++;
    });
    const queue = new LocalQueue({ maxAttempts: 2, baseDelayMs: 5 });
    const key = newId();

    // Both deliveries start together: the second finds a live claim and waits it out.
    await queue.send({ type, tenantId, payload: {}, idempotencyKey: key });
    await queue.send({ type, tenantId, payload: {}, idempotencyKey: key });
    await queue.drain();

    expect(effects).toBe(1);
    expect((await listDeadLetters(tenantId)).filter((d) => d.idempotencyKey === key)).toEqual([]);
  });

  it('leaves one file in the outbox for email.send sent twice with one key', async () => {
    const queue = new LocalQueue({ baseDelayMs: 5 });
    const to = `cliente-${newId()}@example.com`;
    const key = `welcome:${to}`;
    const payload = { to, subject: 'Bem-vindo', text: 'Sua senha temporária é X' };

    await queue.send({ type: 'email.send', tenantId, payload, idempotencyKey: key, sensitive: true });
    await queue.drain();
    await queue.send({ type: 'email.send', tenantId, payload, idempotencyKey: key, sensitive: true });
    await queue.drain();

    const mails = (await readOutbox()).filter((m) => m.to === to);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toBe('Sua senha temporária é X');
  });

  it('refuses what SQS would refuse before queueing anything', async () => {
    const queue = new LocalQueue();
    await expect(
      queue.send({ type: 'email.send', tenantId, payload: 'x'.repeat(300 * 1024), idempotencyKey: newId() }),
    ).rejects.toMatchObject({ code: 'job.payload_too_large' });
    await expect(
      queue.send({ type: 'email.send', tenantId: 'not-a-tenant', payload: {}, idempotencyKey: newId() }),
    ).rejects.toThrow();
    await queue.drain();
  });

  it('uses the default queue from Ports', async () => {
    expect(Ports.queue()).toBeInstanceOf(LocalQueue);
    expect(Ports.queue()).toBe(Ports.queue());
  });
});

describe('runJob', () => {
  it('returns skipped for a job whose key is already done', async () => {
    const type = uniqueType('idem');
    let effects = 0;
    registerJob(type, async () => {
      effects++;
    });
    const job = message(type);

    expect(await runJob(job)).toBe('done');
    expect(await runJob({ ...job, attempt: 2 })).toBe('skipped');
    expect(await runJob({ ...job, id: newId(), tenantId: null })).toBe('done'); // another scope, another key
    expect(effects).toBe(2);
  });

  it('does not run a job twice while a claim on its key is live, and takes over after the lease', async () => {
    const type = uniqueType('concurrent');
    let effects = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    registerJob(type, async () => {
      effects++;
      await gate;
    });
    const job = message(type);

    const first = runJob(job);
    await expect.poll(async () => (await claimItem(tenantId, job.idempotencyKey))?.status).toBe('running');
    await expect(runJob({ ...job, attempt: 2 })).rejects.toBeInstanceOf(JobInProgressError);
    release();
    expect(await first).toBe('done');
    expect(await runJob({ ...job, attempt: 3 })).toBe('skipped');
    expect(effects).toBe(1);

    // A claim left by a worker that died: refused while its lease lasts, taken over after it.
    const stale = message(type);
    const now = Clock.seconds();
    await dynamoClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...jobKey(tenantId, stale.idempotencyKey), status: 'running', leaseUntil: now + 60, claim: 'dead' },
      }),
    );
    await expect(runJob(stale)).rejects.toMatchObject({ code: 'job.in_progress' });
    Clock.set(() => (now + 61) * 1000);
    expect(await runJob(stale)).toBe('done');
    expect(effects).toBe(2);
  });

  it('releases the claim when the handler fails, so a retry runs', async () => {
    const type = uniqueType('release');
    let fail = true;
    registerJob(type, async () => {
      if (fail) throw new Error('first time fails');
    });
    const job = message(type, { tenantId: null });

    await expect(runJob(job)).rejects.toThrow('first time fails');
    expect(await claimItem(null, job.idempotencyKey)).toBeUndefined();
    fail = false;
    expect(await runJob({ ...job, attempt: 2 })).toBe('done');
    expect((await claimItem(null, job.idempotencyKey))?.status).toBe('done');
  });

  it('throws for an unknown job type without claiming its key', async () => {
    const job = message(uniqueType('unregistered'));
    await expect(runJob(job)).rejects.toMatchObject({ code: 'job.unknown_type' });
    expect(await claimItem(tenantId, job.idempotencyKey)).toBeUndefined();
  });
});
