import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, tableName } from '../db/client';
import { Keys } from '../db/keys';
import { getItems } from '../db/records';

type Subject = { kind: string; value: string };

/** The request counts and the throttles' attempt counts: one item per subject and window, removed by the table's TTL. */
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

  /** A throttle's attempt counts of the subjects in a window, in their order (absent: 0). */
  async counts(name: string, subjects: Subject[], window: number): Promise<number[]> {
    if (!subjects.length) return [];
    const keys = subjects.map((s) => Keys.throttle(name, s.kind, s.value, window));
    const items = await getItems<{ pk: string; count: number }>(keys);
    return keys.map((k) => items.find((i) => i.pk === k.pk)?.count ?? 0);
  },

  /** Counts one attempt of each subject in the window; the items expire at `ttl`. */
  async addAttempt(name: string, subjects: Subject[], window: number, ttl: number): Promise<void> {
    await Promise.all(
      subjects.map((s) =>
        dynamoClient().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: Keys.throttle(name, s.kind, s.value, window),
            UpdateExpression: 'ADD #c :one SET #ttl = :ttl',
            ExpressionAttributeNames: { '#c': 'count', '#ttl': 'ttl' },
            ExpressionAttributeValues: { ':one': 1, ':ttl': ttl },
          }),
        ),
      ),
    );
  },

  async clearAttempts(name: string, kind: string, value: string, window: number): Promise<void> {
    await dynamoClient().send(new DeleteCommand({ TableName: tableName(), Key: Keys.throttle(name, kind, value, window) }));
  },
};
