import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../env';

let doc: DynamoDBDocumentClient | undefined;

/** How items become DynamoDB's attribute values (the bench's file loader marshals as the client does). */
export const MARSHALL_OPTIONS = { removeUndefinedValues: true, convertClassInstanceToMap: false } as const;

export function dynamoClient(): DynamoDBDocumentClient {
  if (!doc) {
    const e = env();
    const base = new DynamoDBClient({
      region: e.AWS_REGION,
      ...(e.DYNAMODB_ENDPOINT
        ? {
            endpoint: e.DYNAMODB_ENDPOINT,
            // DynamoDB Local accepts any credentials; -sharedDb makes them irrelevant to the file.
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          }
        : {}),
      maxAttempts: 4,
    });
    // The SDK's logger step copies every request's input and answer through their schemas' filter
    // of sensitive fields to hand them to a logger that discards them (its default does nothing):
    // about 3 % of a test process's busy time, paid by a Lambda on every request too. Nothing here
    // reads the SDK's log.
    base.middlewareStack.remove('loggerMiddleware');
    doc = DynamoDBDocumentClient.from(base, {
      // A copy: the document client adds options of its own to the object it is given.
      marshallOptions: { ...MARSHALL_OPTIONS },
    });
  }
  return doc;
}

export function tableName(): string {
  return env().TABLE_NAME;
}

export function resetDynamoClient(): void {
  doc?.destroy();
  doc = undefined;
}
