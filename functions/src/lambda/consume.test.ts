import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '@ev/core/ids';
import { listDeadLetters } from '@ev/core/ports/dead-letters';
import { registerJob } from '@ev/core/ports/queue-runner';
import { consumeSqsBatch } from './consume';
import { jobBody, sqsEvent, sqsRecord } from './testing/events';

/**
 * The jobs consumer with real SQS event shapes against DynamoDB Local: partial batch failures, a
 * duplicate delivery skipped through runJob's conditional claim, dead letters on the last attempt.
 */
const tenantId = newId();
const type = `test.consumer${newId().replace(/-/g, '').slice(0, 8)}`;
const effects: string[] = [];
registerJob(type, async (payload) => {
  const p = payload as { name: string; fail?: boolean };
  if (p.fail) throw new Error(`falhou ${p.name}`);
  effects.push(p.name);
});

afterAll(() => {
  effects.length = 0;
});

describe('consumeSqsBatch', () => {
  it('reports only the failing record, and a duplicate delivery has no effect', async () => {
    const key = newId();
    const ok = sqsRecord(jobBody(type, { name: 'a' }, { tenantId, idempotencyKey: key }));
    const duplicate = sqsRecord(jobBody(type, { name: 'a' }, { tenantId, idempotencyKey: key }));
    const failing = sqsRecord(jobBody(type, { name: 'b', fail: true }, { tenantId }));
    const other = sqsRecord(jobBody(type, { name: 'c' }, { tenantId }));

    const out = await consumeSqsBatch(sqsEvent([ok, failing, duplicate, other]), { maxReceiveCount: 5 });
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: failing.messageId }]);
    expect(out.outcomes).toEqual(['done', 'failed', 'skipped', 'done']);
    expect(effects.filter((e) => e === 'a')).toHaveLength(1);

    // SQS redelivers the first message (visibility timeout passed before it was deleted): nothing happens.
    const again = await consumeSqsBatch(sqsEvent([{ ...ok, attributes: { ...ok.attributes, ApproximateReceiveCount: '2' } }]), { maxReceiveCount: 5 });
    expect(again).toEqual({ batchItemFailures: [], outcomes: ['skipped'] });
    expect(effects.filter((e) => e === 'a')).toHaveLength(1);
    expect(await listDeadLetters(tenantId)).toEqual([]);
  });

  it('writes a dead letter on the last attempt only, without the payload of a sensitive job', async () => {
    const first = sqsRecord(jobBody(type, { name: 'd', fail: true }, { tenantId, sensitive: true }), { receiveCount: 2 });
    expect((await consumeSqsBatch(sqsEvent([first]), { maxReceiveCount: 3 })).batchItemFailures).toHaveLength(1);
    expect(await listDeadLetters(tenantId)).toEqual([]);

    const last = { ...first, attributes: { ...first.attributes, ApproximateReceiveCount: '3' } };
    expect((await consumeSqsBatch(sqsEvent([last]), { maxReceiveCount: 3 })).batchItemFailures).toEqual([{ itemIdentifier: first.messageId }]);
    const letters = await listDeadLetters(tenantId);
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ type, attempts: 3, error: 'falhou d', payloadOmitted: 'sensitive' });
    expect(letters[0]!.payload).toBeUndefined();
  });

  it('fails an unreadable message (not JSON, or not a job) so SQS moves it to the DLQ', async () => {
    const garbage = sqsRecord('not json');
    const notAJob = sqsRecord({ hello: 'world' });
    const out = await consumeSqsBatch(sqsEvent([garbage, notAJob]), { maxReceiveCount: 5 });
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: garbage.messageId }, { itemIdentifier: notAJob.messageId }]);
  });

  it('fails a job of an unknown type', async () => {
    const unknown = sqsRecord(jobBody('nobody.handles', {}, { tenantId: null }));
    expect((await consumeSqsBatch(sqsEvent([unknown]), { maxReceiveCount: 5 })).batchItemFailures).toEqual([{ itemIdentifier: unknown.messageId }]);
  });
});
