import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Clock, timestamp } from '../clock';
import { env } from '../env';
import { newId } from '../ids';
import { batchWrite } from '../db/batch';
import { dynamoClient, tableName } from '../db/client';
import { Keys } from '../db/keys';
import { queryAll } from '../db/query';
import { getItem } from '../db/records';
import { signRefreshToken } from './tokens';

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

const ttlFrom = (issuedAt: number) => issuedAt + env().REFRESH_TOKEN_TTL_SECONDS + 86400;

export const Sessions = {
  async create(userId: string, branchId: string | null, mustChangePassword: boolean): Promise<SessionRecord> {
    const now = Clock.seconds();
    const session: SessionRecord = {
      id: newId(),
      userId,
      gen: 1,
      issuedAt: now,
      rotatedAt: now,
      branchId,
      mustChangePassword,
      createdAt: timestamp(),
      ttl: ttlFrom(now),
    };
    await dynamoClient().send(
      new PutCommand({ TableName: tableName(), Item: { ...Keys.session(userId, session.id), type: 'session', ...session } }),
    );
    return session;
  },

  get(userId: string, sessionId: string): Promise<SessionRecord | undefined> {
    return getItem<SessionRecord>(Keys.session(userId, sessionId));
  },

  /** Moves the session to its next generation, only if it is still at `gen`; null when another won. */
  async rotate(session: SessionRecord): Promise<SessionRecord | null> {
    const now = Clock.seconds();
    try {
      const out = await dynamoClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: Keys.session(session.userId, session.id),
          UpdateExpression: 'SET gen = :next, issuedAt = :now, rotatedAt = :now, #ttl = :ttl',
          ConditionExpression: 'gen = :gen',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':gen': session.gen, ':next': session.gen + 1, ':now': now, ':ttl': ttlFrom(now) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes as SessionRecord;
    } catch (e) {
      if ((e as Error).name === 'ConditionalCheckFailedException') return null;
      throw e;
    }
  },

  async setBranch(session: SessionRecord, branchId: string): Promise<void> {
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

  async end(userId: string, sessionId: string): Promise<void> {
    await dynamoClient().send(new DeleteCommand({ TableName: tableName(), Key: Keys.session(userId, sessionId) }));
  },

  /** Ends every session of a user (password change, deactivation): one Query, batched deletes. */
  async endAll(userId: string): Promise<number> {
    const { pk, skPrefix } = Keys.sessionsPrefix(userId);
    const items = await queryAll<{ pk: string; sk: string }>(
      {
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix },
        ProjectionExpression: 'pk, sk',
      },
      100_000,
    );
    // Unprocessed deletes are retried, and any still left fail the call: a session never survives in silence.
    await batchWrite(items.map((k) => ({ delete: { pk: k.pk, sk: k.sk } })));
    return items.length;
  },

  /** The refresh token of the session's current generation (identical every time it is asked). */
  refreshToken(tenantId: string, session: SessionRecord): Promise<string> {
    return signRefreshToken({ tid: tenantId, sub: session.userId, sid: session.id, gen: session.gen }, session.issuedAt);
  },
};
