import { GetQueueAttributesCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../ids';
import { chunk, jobFamily, SqsQueue } from './sqs-queue';

/** No SQS emulator is available to us: the request shapes are asserted with aws-sdk-client-mock. */
const sqs = mockClient(SQSClient);
const urls = { email: 'https://sqs.sa-east-1.amazonaws.com/123456789012/email', exports: 'https://sqs.sa-east-1.amazonaws.com/123456789012/exports' };
const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };
const tenantId = newId();

afterEach(() => sqs.reset());

function queue() {
  return new SqsQueue({ queueUrls: urls, clientConfig: { region: 'sa-east-1', credentials } });
}

describe('SqsQueue', () => {
  it('carries the invocation’s X-Ray trace to the consumer when there is one, and nothing otherwise', async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [{ Id: '0', MessageId: 'm', MD5OfMessageBody: 'x' }], Failed: [] });
    const trace = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
    process.env._X_AMZN_TRACE_ID = trace;
    try {
      await queue().send({ type: 'email.send', tenantId, payload: {}, idempotencyKey: 'k-trace' });
    } finally {
      delete process.env._X_AMZN_TRACE_ID;
    }
    await queue().send({ type: 'email.send', tenantId, payload: {}, idempotencyKey: 'k-untraced' });
    const [traced, untraced] = sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input.Entries![0]!);
    expect(traced!.MessageSystemAttributes).toEqual({ AWSTraceHeader: { DataType: 'String', StringValue: trace } });
    expect(untraced!.MessageSystemAttributes).toBeUndefined();
  });

  it('sends one job as a message on its family queue with type, key, tenant and id attributes', async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [{ Id: '0', MessageId: 'm', MD5OfMessageBody: 'x' }], Failed: [] });
    await queue().send({ type: 'email.send', tenantId, payload: { to: 'a@b.com' }, idempotencyKey: 'k-1', sensitive: true });
    const calls = sqs.commandCalls(SendMessageBatchCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.args[0].input;
    expect(input.QueueUrl).toBe(urls.email);
    expect(input.Entries).toHaveLength(1);
    const entry = input.Entries![0]!;
    const body = JSON.parse(entry.MessageBody!);
    expect(body).toEqual({ id: expect.any(String), type: 'email.send', tenantId, payload: { to: 'a@b.com' }, idempotencyKey: 'k-1', sensitive: true });
    expect(entry.MessageAttributes).toEqual({
      type: { DataType: 'String', StringValue: 'email.send' },
      idempotencyKey: { DataType: 'String', StringValue: 'k-1' },
      jobId: { DataType: 'String', StringValue: body.id },
      tenantId: { DataType: 'String', StringValue: tenantId },
    });
  });

  it('sends in batches of at most 10 per queue, routed by family', async () => {
    sqs.on(SendMessageBatchCommand).callsFake((input: { Entries: { Id: string }[] }) => ({ Successful: input.Entries.map((e) => ({ Id: e.Id, MessageId: e.Id, MD5OfMessageBody: 'x' })), Failed: [] }));
    const jobs = [
      ...Array.from({ length: 23 }, (_, i) => ({ type: 'email.send', tenantId, payload: { i }, idempotencyKey: `e-${i}` })),
      ...Array.from({ length: 3 }, (_, i) => ({ type: 'exports.clients', tenantId: null, payload: { i }, idempotencyKey: `x-${i}` })),
    ];
    await queue().sendBatch(jobs);
    const calls = sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input);
    expect(calls.map((c) => [c.QueueUrl, c.Entries!.length])).toEqual([
      [urls.email, 10],
      [urls.email, 10],
      [urls.email, 3],
      [urls.exports, 3],
    ]);
    for (const c of calls) {
      expect(new Set(c.Entries!.map((e) => e.Id)).size).toBe(c.Entries!.length);
      expect(c.Entries!.length).toBeLessThanOrEqual(10);
    }
    // A platform job carries no tenant attribute.
    expect(calls[3]!.Entries![0]!.MessageAttributes!.tenantId).toBeUndefined();
  });

  it('splits a batch that would pass 256 KiB', () => {
    const big = 'x'.repeat(100 * 1024);
    const entries = Array.from({ length: 5 }, (_, i) => ({ Id: String(i), MessageBody: big }));
    expect(chunk(entries).map((c) => c.length)).toEqual([2, 2, 1]);
  });

  it('retries entries SQS failed to take, and throws on a sender fault', async () => {
    sqs
      .on(SendMessageBatchCommand)
      .resolvesOnce({ Successful: [{ Id: '0', MessageId: 'a', MD5OfMessageBody: 'x' }], Failed: [{ Id: '1', SenderFault: false, Code: 'ServiceUnavailable' }] })
      .resolvesOnce({ Successful: [{ Id: '1', MessageId: 'b', MD5OfMessageBody: 'x' }], Failed: [] });
    await queue().sendBatch([
      { type: 'email.send', tenantId, payload: 1, idempotencyKey: 'a' },
      { type: 'email.send', tenantId, payload: 2, idempotencyKey: 'b' },
    ]);
    const calls = sqs.commandCalls(SendMessageBatchCommand);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.args[0].input.Entries!.map((e) => JSON.parse(e.MessageBody!).idempotencyKey)).toEqual(['b']);

    sqs.reset();
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [{ Id: '0', SenderFault: true, Code: 'InvalidParameterValue', Message: 'bad' }] });
    await expect(queue().send({ type: 'email.send', tenantId, payload: 1, idempotencyKey: 'c' })).rejects.toThrow(/InvalidParameterValue bad/);
  });

  it('refuses what SQS would refuse, before sending', async () => {
    const q = queue();
    await expect(q.send({ type: 'unknown.job', tenantId, payload: 1, idempotencyKey: 'k' })).rejects.toMatchObject({ code: 'job.no_queue' });
    await expect(q.send({ type: 'email.send', tenantId, payload: 'x'.repeat(300 * 1024), idempotencyKey: 'k' })).rejects.toMatchObject({ code: 'job.payload_too_large' });
    await expect(q.send({ type: 'email.send', tenantId, payload: 1, idempotencyKey: '' })).rejects.toMatchObject({ code: 'job.invalid_key' });
    expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(0);
    expect(jobFamily('email.send')).toBe('email');
    expect(jobFamily('exports')).toBe('exports');
  });

  it("reads each family queue's approximate depth (the operators' server card)", async () => {
    sqs.on(GetQueueAttributesCommand, { QueueUrl: urls.email }).resolves({ Attributes: { ApproximateNumberOfMessages: '3', ApproximateNumberOfMessagesNotVisible: '1' } });
    sqs.on(GetQueueAttributesCommand, { QueueUrl: urls.exports }).resolves({ Attributes: {} });
    expect(await queue().depths()).toEqual([
      { family: 'email', waiting: 3, inFlight: 1 },
      { family: 'exports', waiting: 0, inFlight: 0 },
    ]);
    expect(sqs.commandCalls(GetQueueAttributesCommand).map((c) => c.args[0].input.AttributeNames)).toEqual([
      ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    ]);
  });
});
