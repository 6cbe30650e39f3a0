import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, tableName } from './client';
import { readCursor, signCursor } from './cursor';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  /** Items DynamoDB read for this page (ScannedCount): kept near `limit` (invariant 2). */
  scanned: number;
}

export interface PageRequest {
  cursor?: string;
  limit: number;
  /** The identity of the query the cursor is bound to (route, scope, filters, sort). */
  query: string;
}

/**
 * One page of a Query: the request's limit becomes DynamoDB's Limit, so a page reads at most
 * `limit` items. A page may come back short, or empty, with a cursor (filters in memory, GSIs).
 */
export async function queryPage<T = Record<string, unknown>>(
  input: Omit<QueryCommandInput, 'TableName' | 'Limit' | 'ExclusiveStartKey'>,
  page: PageRequest,
): Promise<Page<T>> {
  const out = await dynamoClient().send(
    new QueryCommand({
      ...input,
      TableName: tableName(),
      Limit: page.limit,
      ExclusiveStartKey: readCursor(page.cursor, page.query),
    }),
  );
  return {
    items: (out.Items ?? []) as T[],
    nextCursor: out.LastEvaluatedKey ? signCursor(out.LastEvaluatedKey, page.query) : null,
    scanned: out.ScannedCount ?? 0,
  };
}

/** Every item of a small, bounded partition (a company's branches or profiles). */
export async function queryAll<T = Record<string, unknown>>(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
  max = 1000,
): Promise<T[]> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamoClient().send(
      new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: start }),
    );
    items.push(...((out.Items ?? []) as T[]));
    start = out.LastEvaluatedKey;
  } while (start && items.length < max);
  return items.slice(0, max);
}
