import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from '../db/batch';
import { dynamoClient, tableName } from '../db/client';
import { Keys } from '../db/keys';
import { queryAll, queryPage, type Page } from '../db/query';
import { getItem } from '../db/records';
import { Tx, transact } from '../db/tx';

/** An operator of the platform (docs/admin.md): never a company's user. */
export interface OperatorRecord {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/** An operator's signed-in session: the token names it; logging out deletes it. */
export interface OperatorSessionRecord {
  id: string;
  operatorId: string;
  createdAt: string;
  /** Seconds since the epoch: the token's expiry and the item's TTL. */
  expiresAt: number;
  ttl: number;
}

/** An operator's action, with what it changed (before and after). */
export interface OperatorLogRecord {
  id: string;
  at: string;
  operatorId: string;
  operatorName: string;
  action: string;
  companyId: string | null;
  companyName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Keys and writes of the operators, their sessions and their log: platform items, outside every company's prefix. */
export const OperatorsRepository = {
  operator(email: string): Promise<OperatorRecord | undefined> {
    return getItem<OperatorRecord>(Keys.operator(email));
  },
  /** The operator and one of its sessions, read together (one BatchGet). */
  async withSession(email: string, sessionId: string): Promise<{ operator?: OperatorRecord; session?: OperatorSessionRecord }> {
    const [operator, session] = await Promise.all([getItem<OperatorRecord>(Keys.operator(email)), getItem<OperatorSessionRecord>(Keys.operatorSession(email, sessionId))]);
    return { operator, session };
  },
  /** A new operator, or the same e-mail's record replaced (the command's `--reset`). */
  async putOperator(o: OperatorRecord, replace: boolean): Promise<void> {
    await transact([
      replace
        ? Tx.put({ ...Keys.operator(o.email), ...Keys.operatorsIndex(), gsi1sk: o.email, type: 'operator', ...o })
        : Tx.putNew({ ...Keys.operator(o.email), ...Keys.operatorsIndex(), gsi1sk: o.email, type: 'operator', ...o }),
    ]);
  },
  operators(): Promise<OperatorRecord[]> {
    return queryAll<OperatorRecord>({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': Keys.operatorsIndex().gsi1pk } });
  },
  async putSession(email: string, s: OperatorSessionRecord): Promise<void> {
    await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: { ...Keys.operatorSession(email, s.id), type: 'operator-session', ...s } }));
  },
  async deleteSession(email: string, sessionId: string): Promise<void> {
    await dynamoClient().send(new DeleteCommand({ TableName: tableName(), Key: Keys.operatorSession(email, sessionId) }));
  },
  /** Every session of an operator ends (its password reset, its account turned off). */
  async deleteSessions(email: string): Promise<number> {
    const { pk } = Keys.operator(email);
    const sessions = await queryAll<{ pk: string; sk: string }>({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)', ExpressionAttributeValues: { ':pk': pk, ':s': 'SESSION#' }, ProjectionExpression: 'pk, sk' });
    await batchWrite(sessions.map((s) => ({ delete: { pk: s.pk, sk: s.sk } })));
    return sessions.length;
  },
  async putLog(entry: OperatorLogRecord): Promise<void> {
    await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: { ...Keys.operatorLog(entry.at.slice(0, 7), entry.at, entry.id), type: 'operator-log', ...entry } }));
  },
  /** One month's entries, newest first, a page at a time. */
  logPage(month: string, page: { cursor?: string; limit: number; query: string }): Promise<Page<OperatorLogRecord>> {
    return queryPage<OperatorLogRecord>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': Keys.operatorLogOf(month) }, ScanIndexForward: false }, page);
  },
};
