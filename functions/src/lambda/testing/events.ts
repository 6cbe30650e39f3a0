import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { newId } from '@ev/core/ids';

/** An SQS record as Lambda delivers it (the shape of AWS's sample event), carrying a job body. */
export function sqsRecord(body: unknown, opts: { receiveCount?: number; messageId?: string; type?: string; idempotencyKey?: string } = {}): SQSRecord {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const attr = (value: string) => ({ stringValue: value, stringListValues: [], binaryListValues: [], dataType: 'String' });
  return {
    messageId: opts.messageId ?? newId(),
    receiptHandle: `AQEB${newId().replace(/-/g, '')}`,
    body: text,
    attributes: {
      ApproximateReceiveCount: String(opts.receiveCount ?? 1),
      SentTimestamp: String(Date.now()),
      SenderId: 'AROAEXAMPLE:ev-api',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {
      ...(opts.type ? { type: attr(opts.type) } : {}),
      ...(opts.idempotencyKey ? { idempotencyKey: attr(opts.idempotencyKey) } : {}),
    },
    md5OfBody: 'e4e68fb7bd0e697a0ae8f1bb342846b3',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:sa-east-1:123456789012:ev-test-EmailQueue',
    awsRegion: 'sa-east-1',
  };
}

export function sqsEvent(records: SQSRecord[]): SQSEvent {
  return { Records: records };
}

/** A job body as SqsQueue writes it. */
export function jobBody(type: string, payload: unknown, opts: { tenantId?: string | null; idempotencyKey?: string; sensitive?: boolean } = {}) {
  return { id: newId(), type, tenantId: opts.tenantId ?? null, payload, idempotencyKey: opts.idempotencyKey ?? newId(), ...(opts.sensitive ? { sensitive: true } : {}) };
}
