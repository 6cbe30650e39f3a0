import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, tableName } from './client';
import { Keys } from './keys';

/** Numbers users see in sequence (invariant 8): one atomic ADD on a counter item per name. */
export async function nextValue(name: string, by = 1): Promise<number> {
  const out = await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: Keys.counter(name),
      UpdateExpression: 'ADD #v :by',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':by': by },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.value);
}
