import { registerJobHandlers } from '@ev/core/wiring/worker';
import { Ports } from '@ev/core/ports';
import { toBody } from '@ev/core/ports/aws/sqs-queue';
import type { JobBody } from '@ev/core/ports/aws/sqs-queue';
import type { JobQueue, JobRequest } from '@ev/core/ports/queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedCall as api } from '../testing/checked-call';
import { makeWorld, type World } from '../testing/world';
import { consumeSqsBatch } from './consume';
import { sqsEvent, sqsRecord } from './testing/events';

/**
 * WhatsApp's fan-out on AWS's path (issue 16): what the API and the consumers send is written as
 * the SQS adapter writes it and delivered back as SQS delivers it (real event shapes) to the jobs
 * consumer, whose handlers run the webhook's deliveries and the batch's chunks. SQS delivers at
 * least once: a chunk delivered twice sends once.
 */
registerJobHandlers();

/** A queue that keeps what is sent, as SQS bodies, for the test to deliver. */
class HeldQueue implements JobQueue {
  readonly held: JobBody[] = [];
  async send(request: JobRequest): Promise<void> {
    this.held.push(toBody(request));
  }
  take(): JobBody[] {
    return this.held.splice(0);
  }
}

const queue = new HeldQueue();
let w: World;
let token: string;

beforeAll(async () => {
  Ports.set({ queue });
  w = await makeWorld('Sqs');
  token = (await w.login(w.admin.email)).accessToken;
});

afterAll(() => {
  Ports.reset();
});

/** Every message held, delivered as one SQS event per family's batch size (10), until none is left. */
async function deliverAll(opts: { twice?: (b: JobBody) => boolean } = {}): Promise<string[]> {
  const outcomes: string[] = [];
  for (let bodies = queue.take(); bodies.length; bodies = queue.take()) {
    for (let i = 0; i < bodies.length; i += 10) {
      const records = bodies.slice(i, i + 10).flatMap((b) => {
        const record = sqsRecord(b, { type: b.type, idempotencyKey: b.idempotencyKey });
        return opts.twice?.(b) ? [record, sqsRecord(b, { type: b.type, idempotencyKey: b.idempotencyKey })] : [record];
      });
      const out = await consumeSqsBatch(sqsEvent(records), { maxReceiveCount: 5 });
      expect(out.batchItemFailures).toEqual([]);
      outcomes.push(...out.outcomes.map((o, k) => `${JSON.parse(records[k]!.body).type}:${o}`));
    }
  }
  return outcomes;
}

describe('a WhatsApp send through SQS', () => {
  it('is reviewed, fanned out in chunks, sent once however often a chunk is delivered, and its statuses applied', async () => {
    expect((await api('PUT', '/api/messages/account', { token, body: { provider: 'sandbox' } })).status).toBe(200);
    const template = await api('POST', '/api/messages/templates', { token, body: { name: 'aviso_sqs', category: 'utility', language: 'pt_BR', body: 'Olá {{1}}, tudo certo com o pedido.', bodyExamples: ['Ana'] } });
    expect(template.status).toBe(201);
    expect(await deliverAll()).toEqual(['messages.webhook:done']);
    expect((await api('GET', `/api/messages/templates/${template.body.id}`, { token })).body.status).toBe('approved');

    const ids: string[] = [];
    for (const [i, phone1] of ['14991238810', '14991238801', '14991238877'].entries()) {
      const res = await api('POST', '/api/clients', { token, body: { name: `Cliente SQS ${i}`, phone1, birthDate: '1980-01-01' } });
      ids.push(res.body.id);
    }
    const batch = await api('POST', '/api/messages/batches', { token, body: { templateId: template.body.id, body: [{ source: 'name' }], clientIds: ids } });
    expect(batch.status).toBe(201);
    expect(queue.held.map((b) => b.type)).toEqual(['messages.send']);
    const outcomes = await deliverAll({ twice: (b) => b.type === 'messages.send' });
    // The chunk delivered twice in one batch of records: run once, then skipped by its idempotency key.
    expect(outcomes.filter((o) => o.startsWith('messages.send'))).toEqual(['messages.send:done', 'messages.send:skipped']);
    expect(outcomes.filter((o) => o.startsWith('messages.webhook')).every((o) => o === 'messages.webhook:done')).toBe(true);

    const recipients = (await api('GET', `/api/messages/batches/${batch.body.id}/recipients`, { token })).body.items;
    expect(recipients.map((r: { clientName: string; status: string }) => [r.clientName, r.status])).toEqual([
      ['Cliente SQS 0', 'read'],
      ['Cliente SQS 1', 'undelivered'],
      ['Cliente SQS 2', 'delivered'],
    ]);
    expect((await api('GET', `/api/messages/batches/${batch.body.id}`, { token })).body.state).toBe('sent');
  });
});
