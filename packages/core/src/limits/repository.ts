import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, tableName } from '../db/client';
import { Keys } from '../db/keys';

/** The request counts: one item per company or address and window, removed by the table's TTL. */
export const LimitsRepository = {
  /** Adds one to the window's count unless it reached `limit`: false, nothing written, when it had. */
  async take(scope: 'company' | 'address', value: string, window: number, limit: number, ttl: number): Promise<boolean> {
    try {
      await dynamoClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: Keys.requestRate(scope, value, window),
          UpdateExpression: 'ADD #c :one SET #ttl = :ttl',
          ConditionExpression: 'attribute_not_exists(#c) OR #c < :limit',
          ExpressionAttributeNames: { '#c': 'count', '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': ttl },
        }),
      );
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw e;
    }
  },
};
