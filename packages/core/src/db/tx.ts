import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '../errors';
import { dynamoClient, tableName } from './client';

export type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One action of a transaction, with the error to raise when its condition fails. */
export interface TxStep {
  item: TxItem;
  onConditionFail?: () => Error;
}

export const MAX_TX_ACTIONS = 100;
const ATTEMPTS = 6;

/**
 * TransactWriteItems with a retry for TransactionConflict (DynamoDB Local never answers it; AWS
 * does under contention, so the retry is tested by injecting it). A failed condition is mapped to
 * the error its step declares.
 */
export async function transact(steps: TxStep[]): Promise<void> {
  if (steps.length === 0) return;
  if (steps.length > MAX_TX_ACTIONS) {
    throw new DomainError(
      'internal.transaction_too_large',
      `A transaction holds at most ${MAX_TX_ACTIONS} actions; this one has ${steps.length}.`,
      'internal',
    );
  }
  const table = tableName();
  const items = steps.map((s) => withTable(s.item, table));
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamoClient().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (e) {
      if (!(e instanceof TransactionCanceledException)) throw e;
      const reasons = e.CancellationReasons ?? [];
      const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
      if (failed >= 0) {
        const mapped = steps[failed]?.onConditionFail?.();
        if (mapped) throw mapped;
        throw new DomainError('conflict', 'Conflito ao gravar o registro.', 'conflict');
      }
      const conflict = reasons.some((r) => r.Code === 'TransactionConflict');
      if (conflict && attempt < ATTEMPTS) {
        await new Promise((r) => setTimeout(r, Math.random() * 25 * 2 ** attempt));
        continue;
      }
      // A race still lost after every retry is a conflict the caller can retry, never a 500.
      if (conflict) throw busyConflict();
      throw e;
    }
  }
}

function withTable(item: TxItem, table: string): TxItem {
  const out: TxItem = {};
  if (item.Put) out.Put = { ...item.Put, TableName: table };
  if (item.Update) out.Update = { ...item.Update, TableName: table };
  if (item.Delete) out.Delete = { ...item.Delete, TableName: table };
  if (item.ConditionCheck) out.ConditionCheck = { ...item.ConditionCheck, TableName: table };
  return out;
}

/** Helpers that build steps without repeating the table name. */
export const Tx = {
  put(Item: Record<string, unknown>, opts: Omit<NonNullable<TxItem['Put']>, 'Item' | 'TableName'> = {}, onConditionFail?: () => Error): TxStep {
    return { item: { Put: { TableName: '', Item, ...opts } }, onConditionFail };
  },
  putNew(Item: Record<string, unknown>, onConditionFail?: () => Error): TxStep {
    return Tx.put(Item, { ConditionExpression: 'attribute_not_exists(pk)' }, onConditionFail);
  },
  delete(Key: { pk: string; sk: string }, opts: Omit<NonNullable<TxItem['Delete']>, 'Key' | 'TableName'> = {}, onConditionFail?: () => Error): TxStep {
    return { item: { Delete: { TableName: '', Key, ...opts } }, onConditionFail };
  },
  update(Key: { pk: string; sk: string }, opts: Omit<NonNullable<TxItem['Update']>, 'Key' | 'TableName'>, onConditionFail?: () => Error): TxStep {
    return { item: { Update: { TableName: '', Key, ...opts } }, onConditionFail };
  },
  check(Key: { pk: string; sk: string }, ConditionExpression: string, onConditionFail: () => Error, values?: Record<string, unknown>): TxStep {
    return {
      item: { ConditionCheck: { TableName: '', Key, ConditionExpression, ...(values ? { ExpressionAttributeValues: values } : {}) } },
      onConditionFail,
    };
  },
};

/** A race still lost after every retry: a 409 the caller can retry. */
export function busyConflict(): DomainError {
  return new DomainError('conflict.busy', 'O registro está sendo alterado por outra operação neste momento. Tente novamente.', 'conflict');
}

/** Rounds of `retryBusy`: with `transact`'s own six attempts each, 36 tries of one write. */
export const BUSY_ROUNDS = 6;

/**
 * Runs `fn` again while it fails with a busy conflict (`busyConflict`: a transaction that lost its
 * race on every attempt), after a growing pause, up to `rounds` times. For work no user waits on
 * and that must not give up on a line because others wrote the same counters (an import's
 * records, written ten at a time on one company's dashboard figures and references). `fn` reads
 * what it needs again on each round.
 */
export async function retryBusy<T>(fn: () => Promise<T>, rounds = BUSY_ROUNDS): Promise<T> {
  for (let round = 1; ; round++) {
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof DomainError && e.code === 'conflict.busy') || round >= rounds) throw e;
      await new Promise((r) => setTimeout(r, 50 * round + Math.random() * 100 * round));
    }
  }
}

/**
 * Each list of steps in a transaction of its own, `parallel` at a time (records written together
 * but each whole on its own: a batch of schedulings, a reordered day). Stops at the first failure
 * once the ones under way end, and throws it.
 */
export async function transactEach(transactions: TxStep[][], parallel = 4): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < transactions.length) {
      const steps = transactions[next++]!;
      try {
        await transact(steps);
      } catch (e) {
        failure ??= e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, transactions.length) }, worker));
  if (failure !== undefined) throw failure;
}
