import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addDays } from '@ev/shared/calendar';
import { dynamoClient, tableName } from '../db/client';
import { readCursor, signCursor } from '../db/cursor';
import { Keys } from '../db/keys';
import { Tx, type TxStep } from '../db/tx';
import type { PageRequest } from '../db/query';

export interface StoredLog {
  id: string;
  at: string;
  level: string;
  message: string;
  metadata: Record<string, unknown>;
  userId: string | null;
  sessionId?: string | null;
}

const logItem = (id: string, entry: { at: string } & Record<string, unknown>, ttl: number) => ({ pk: Keys.logs(entry.at.slice(0, 10)), sk: `${entry.at}#${id}`, type: 'log', id, ...entry, ttl });

/** Log entries of a company: one partition per UTC day (`Keys.logs`), sorted by time, kept until `ttl`. */
export const LogsRepository = {
  async put(id: string, entry: { at: string } & Record<string, unknown>, ttl: number): Promise<void> {
    await dynamoClient().send(new PutCommand({ TableName: tableName(), Item: logItem(id, entry, ttl) }));
  },

  /** The same entry as a step of the caller's transaction (written with it, or not at all). */
  putStep(id: string, entry: { at: string } & Record<string, unknown>, ttl: number): TxStep {
    return Tx.put(logItem(id, entry, ttl));
  },

  /** The copy of an audited change kept in the record's history partition (no TTL). */
  async putHistory(entity: string, recordId: string, id: string, entry: { at: string } & Record<string, unknown>): Promise<void> {
    await dynamoClient().send(
      new PutCommand({ TableName: tableName(), Item: { pk: Keys.history(entity, recordId), sk: `${entry.at}#${id}`, type: 'history', id, ...entry } }),
    );
  },

  /** One page of a record's history, newest first. */
  async history(entity: string, recordId: string, page: PageRequest): Promise<{ items: StoredLog[]; nextCursor: string | null }> {
    const resume = readCursor(page.cursor, page.query) as { pk: string; sk: string } | undefined;
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': Keys.history(entity, recordId) },
        ScanIndexForward: false,
        Limit: page.limit,
        ExclusiveStartKey: resume ? { pk: resume.pk, sk: resume.sk } : undefined,
      }),
    );
    const items = (out.Items ?? []) as (StoredLog & { pk: string; sk: string })[];
    const last = items.at(-1);
    return { items, nextCursor: out.LastEvaluatedKey && last ? signCursor({ pk: last.pk, sk: last.sk }, page.query) : null };
  },

  /**
   * One page of the entries between two UTC timestamps (both included), newest first, those
   * `match` keeps: the day partitions are read from the last day back, and a page reads at most
   * `readLimit` items (a page of a rare filter may come back short, with a cursor, never slow).
   */
  async page(range: { start: string; end: string }, page: PageRequest, match: (e: StoredLog) => boolean, readLimit: number): Promise<{ items: StoredLog[]; nextCursor: string | null }> {
    const resume = readCursor(page.cursor, page.query) as { pk: string; sk: string } | undefined;
    const firstDay = range.start.slice(0, 10);
    const items: StoredLog[] = [];
    let read = 0;
    let day = resume ? String(resume.sk).slice(0, 10) : range.end.slice(0, 10);
    let start: Record<string, unknown> | undefined = resume ? { pk: resume.pk, sk: resume.sk } : undefined;
    while (day >= firstDay) {
      const out = await dynamoClient().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': Keys.logs(day), ':from': range.start, ':to': `${range.end}#\u{10FFFF}` },
          ScanIndexForward: false,
          // A page's worth (and one to know there is more) per read, within the page's read budget.
          Limit: Math.min(readLimit - read, page.limit + 1),
          ExclusiveStartKey: start,
        }),
      );
      const got = (out.Items ?? []) as (StoredLog & { pk: string; sk: string })[];
      read += got.length;
      for (const e of got) {
        if (!match(e)) continue;
        if (items.length === page.limit) return { items, nextCursor: signCursor(keyOf(items.at(-1)!), page.query) };
        items.push(e);
      }
      const last = got.at(-1);
      if (read >= readLimit && (out.LastEvaluatedKey || day > firstDay) && last) return { items, nextCursor: signCursor({ pk: last.pk, sk: last.sk }, page.query) };
      if (out.LastEvaluatedKey) {
        start = out.LastEvaluatedKey;
        continue;
      }
      day = addDays(day, -1);
      start = undefined;
    }
    return { items, nextCursor: null };
  },
};

const keyOf = (e: StoredLog) => ({ pk: Keys.logs(e.at.slice(0, 10)), sk: `${e.at}#${e.id}` });
