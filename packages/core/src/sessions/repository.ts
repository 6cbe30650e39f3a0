import { PutCommand, UpdateCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from '../db/batch';
import { dynamoClient, tableName } from '../db/client';
import { Keys } from '../db/keys';
import { queryAll } from '../db/query';
import { getItem } from '../db/records';

/**
 * A login session: the item a refresh token is bound to. `gen` counts rotations; the refresh token
 * of generation `gen` was issued at `issuedAt` (seconds), so it can be signed again identically.
 */
export interface SessionRecord {
  id: string;
  userId: string;
  gen: number;
  issuedAt: number;
  rotatedAt: number;
  branchId: string | null;
  mustChangePassword: boolean;
  createdAt: string;
  ttl: number;
}

/** Keys and writes of the sessions, in their user's partition. */
export const SessionsRepository = {
  async putSession(session: SessionRecord): Promise<void> {
    await dynamoClient().send(
      new PutCommand({ TableName: tableName(), Item: { ...Keys.session(session.userId, session.id), type: 'session', ...session } }),
    );
  },

  session(userId: string, sessionId: string): Promise<SessionRecord | undefined> {
    return getItem<SessionRecord>(Keys.session(userId, sessionId));
  },

  /** Moves the session to its next generation, only if it is still at `gen`; null when another won. */
  async rotateSession(session: SessionRecord, now: number, ttl: number): Promise<SessionRecord | null> {
    try {
      const out = await dynamoClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: Keys.session(session.userId, session.id),
          UpdateExpression: 'SET gen = :next, issuedAt = :now, rotatedAt = :now, #ttl = :ttl',
          ConditionExpression: 'gen = :gen',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':gen': session.gen, ':next': session.gen + 1, ':now': now, ':ttl': ttl },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes as SessionRecord;
    } catch (e) {
      if ((e as Error).name === 'ConditionalCheckFailedException') return null;
      throw e;
    }
  },

  async setSessionBranch(session: SessionRecord, branchId: string): Promise<void> {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: Keys.session(session.userId, session.id),
        UpdateExpression: 'SET branchId = :b',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':b': branchId },
      }),
    );
  },

  async deleteSession(userId: string, sessionId: string): Promise<void> {
    await dynamoClient().send(new DeleteCommand({ TableName: tableName(), Key: Keys.session(userId, sessionId) }));
  },

  /** Every session of a user (its partition's `SESSION#` items). */
  async sessions(userId: string): Promise<SessionRecord[]> {
    const { pk, skPrefix } = Keys.sessionsPrefix(userId);
    return queryAll<SessionRecord>({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix } }, 100_000);
  },

  /**
   * Deletes every session of a user (but `keep`, when given): one Query, batched deletes. Answers
   * how many ended.
   */
  async deleteSessions(userId: string, keep?: string): Promise<number> {
    const ending = (await SessionsRepository.sessions(userId)).filter((s) => s.id !== keep);
    // Unprocessed deletes are retried, and any still left fail the call: a session never survives in silence.
    await batchWrite(ending.map((s) => ({ delete: Keys.session(userId, s.id) })));
    return ending.length;
  },
};
