import { afterEach, describe, expect, it } from 'vitest';
import { runAs } from '../context';
import { DomainError } from '../errors';
import { newId } from '../ids';
import { ATTEMPTS, batchGet, batchGetAttributes, batchWrite, PARALLEL } from './batch';
import { dynamoClient } from './client';
import { Keys, type Key } from './keys';
import { getItem } from './records';
import { injectUnprocessed, type Unprocessed } from './testing/unprocessed';

let probe: Unprocessed | undefined;
afterEach(() => {
  probe?.remove();
  probe = undefined;
});

const inTenant = <T>(fn: () => Promise<T>) => runAs({ tenantId: newId() }, fn);
const keysOf = (n: number, label: string): Key[] => Array.from({ length: n }, (_, i) => Keys.counter(`${label}-${String(i).padStart(4, '0')}`));
const sorted = (items: { sk: string }[]) => items.map((i) => i.sk).sort();

describe('batchWrite', () => {
  it('writes every item when DynamoDB leaves some unprocessed for a few calls (retried until none is left)', () =>
    inTenant(async () => {
      const keys = keysOf(60, 'w');
      probe = injectUnprocessed({ command: 'BatchWriteItem', times: 4 });
      await batchWrite(keys.map((k, i) => ({ put: { ...k, value: i } })));
      expect(probe.left()).toBeGreaterThan(0);
      // 3 chunks of 25, plus a send again of what each call left.
      expect(probe.calls()).toBeGreaterThan(3);
      const read = await batchGet<{ sk: string; value: number }>(keys);
      expect(read).toHaveLength(60);
      expect(Object.fromEntries(read.map((r) => [r.sk, r.value]))).toEqual(Object.fromEntries(keys.map((k, i) => [k.sk, i])));
    }));

  it('deletes every key through leftovers, and puts and deletes mix in one batch', () =>
    inTenant(async () => {
      const keys = keysOf(30, 'd');
      await batchWrite(keys.map((k) => ({ put: { ...k, value: 1 } })));
      const fresh = keysOf(5, 'n');
      probe = injectUnprocessed({ command: 'BatchWriteItem', times: 3, leave: 10 });
      await batchWrite([...keys.map((k) => ({ delete: k })), ...fresh.map((k) => ({ put: { ...k, value: 2 } }))]);
      expect(probe.left()).toBeGreaterThan(0);
      expect(await batchGet(keys)).toEqual([]);
      expect(sorted(await batchGet<{ sk: string }>(fresh))).toEqual(fresh.map((k) => k.sk));
    }));

  it('reports a leftover that never clears as an error, after writing all the rest', () =>
    inTenant(async () => {
      const keys = keysOf(60, 'x');
      probe = injectUnprocessed({ command: 'BatchWriteItem', times: Infinity, leave: 1 });
      const error = await batchWrite(keys.map((k) => ({ put: { ...k, value: 1 } }))).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      // One item of each of the 3 chunks, never written.
      expect(error).toMatchObject({ code: 'storage.busy', kind: 'conflict', extra: { details: { unprocessed: 3 } } });
      expect(probe.calls()).toBe(3 * ATTEMPTS);
      probe.remove();
      const written = await batchGet<{ sk: string }>(keys);
      expect(written).toHaveLength(57);
      expect(await getItem(keys[24]!)).toBeUndefined();
    }));

  it('sends the chunks a few at a time, never all at once', () =>
    inTenant(async () => {
      let inFlight = 0;
      let most = 0;
      let calls = 0;
      dynamoClient().middlewareStack.add(
        (next, context) => async (args) => {
          if (context.commandName !== 'BatchWriteItemCommand') return next(args);
          calls += 1;
          most = Math.max(most, ++inFlight);
          try {
            return await next(args);
          } finally {
            inFlight -= 1;
          }
        },
        { step: 'initialize', name: 'test-batch-in-flight' },
      );
      try {
        await batchWrite(keysOf(500, 'p').map((k) => ({ put: { ...k, value: 1 } })));
      } finally {
        dynamoClient().middlewareStack.remove('test-batch-in-flight');
      }
      expect(calls).toBe(20);
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(PARALLEL);
    }));

  it("throws the caller's own error for a leftover when it names one", () =>
    inTenant(async () => {
      probe = injectUnprocessed({ command: 'BatchWriteItem', times: Infinity, leave: 1 });
      const mine = new DomainError('conflict.busy', 'parte não foi gravada', 'conflict');
      await expect(batchWrite([{ put: { ...Keys.counter('one'), value: 1 } }], { onLeftover: () => mine })).rejects.toBe(mine);
    }));
});

describe('batchGet', () => {
  it('reads every key (several chunks of 100) when DynamoDB leaves some unprocessed for a few calls', () =>
    inTenant(async () => {
      const keys = keysOf(250, 'r');
      await batchWrite(keys.map((k, i) => ({ put: { ...k, value: i } })));
      probe = injectUnprocessed({ command: 'BatchGetItem', times: 5 });
      // A key asked twice is read once; a missing key is absent.
      const read = await batchGet<{ sk: string }>([...keys, keys[0]!, Keys.counter('missing')]);
      expect(probe.left()).toBeGreaterThan(0);
      expect(probe.calls()).toBeGreaterThan(3);
      expect(sorted(read)).toEqual(keys.map((k) => k.sk).sort());
    }));

  it('reads only the attributes asked, names that are reserved words included', () =>
    inTenant(async () => {
      const keys = keysOf(3, 'p');
      await batchWrite(keys.map((k, i) => ({ put: { ...k, value: i, status: 'open', history: ['a long history'] } })));
      const read = await batchGet<Record<string, unknown>>(keys, { attributes: ['sk', 'status', 'value'] });
      expect(read.map((r) => Object.keys(r).sort())).toEqual([['sk', 'status', 'value'], ['sk', 'status', 'value'], ['sk', 'status', 'value']]);
    }));

  it('reports a leftover that never clears as an error instead of answering without it', () =>
    inTenant(async () => {
      const keys = keysOf(150, 'g');
      await batchWrite(keys.map((k) => ({ put: { ...k, value: 1 } })));
      probe = injectUnprocessed({ command: 'BatchGetItem', times: Infinity, leave: 1 });
      await expect(batchGet(keys)).rejects.toMatchObject({ code: 'storage.busy', extra: { details: { unprocessed: 2 } } });
    }));

  it('reads attribute values the same way: Numbers as the decimal strings DynamoDB sends, leftovers retried', () =>
    inTenant(async () => {
      const keys = keysOf(120, 'a');
      await batchWrite(keys.map((k) => ({ put: { ...k, value: 0.1 } })));
      probe = injectUnprocessed({ command: 'BatchGetItem', times: 2 });
      const read = await batchGetAttributes(keys);
      expect(read).toHaveLength(120);
      expect(read.every((i) => i.value?.N === '0.1')).toBe(true);
      probe.remove();
      probe = injectUnprocessed({ command: 'BatchGetItem', times: Infinity, leave: 1 });
      await expect(batchGetAttributes(keys)).rejects.toMatchObject({ code: 'storage.busy' });
    }));
});

describe('getItem', () => {
  /** The DynamoDB commands sent while `fn` runs, by name. */
  async function commandsOf(fn: () => Promise<unknown>): Promise<string[]> {
    const sent: string[] = [];
    dynamoClient().middlewareStack.add(
      (next, context) => (args) => {
        sent.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: 'test-get-commands' },
    );
    try {
      await fn();
    } finally {
      dynamoClient().middlewareStack.remove('test-get-commands');
    }
    return sent;
  }

  it('sends the reads asked together as one BatchGetItem, and answers each asker its own item', () =>
    inTenant(async () => {
      const keys = keysOf(3, 'c');
      await batchWrite(keys.map((k, i) => ({ put: { ...k, value: i, nested: { n: i } } })));
      let read: ({ sk: string; value: number; nested: { n: number } } | undefined)[] = [];
      const sent = await commandsOf(async () => {
        read = await Promise.all([...keys, Keys.counter('c-missing'), keys[0]!].map((k) => getItem<{ sk: string; value: number; nested: { n: number } }>(k)));
      });
      expect(sent).toEqual(['BatchGetItemCommand']);
      expect(read.map((r) => r?.value)).toEqual([0, 1, 2, undefined, 0]);
      // The key asked twice: the same item, but not the same object.
      expect(read[4]).toEqual(read[0]);
      expect(read[4]).not.toBe(read[0]);
      expect(read[4]!.nested).not.toBe(read[0]!.nested);
    }));

  it('sends a read asked alone as a GetItem, and reads asked one after another each on their own', () =>
    inTenant(async () => {
      const keys = keysOf(2, 'l');
      await batchWrite(keys.map((k, i) => ({ put: { ...k, value: i } })));
      const sent = await commandsOf(async () => {
        expect(await getItem<{ value: number }>(keys[0]!)).toMatchObject({ value: 0 });
        expect(await getItem<{ value: number }>(keys[1]!)).toMatchObject({ value: 1 });
        expect(await getItem(Keys.counter('l-missing'))).toBeUndefined();
      });
      expect(sent).toEqual(['GetItemCommand', 'GetItemCommand', 'GetItemCommand']);
    }));

  it('fails every read of a batch that fails, and the next reads go out afresh', () =>
    inTenant(async () => {
      const keys = keysOf(2, 'f');
      await batchWrite(keys.map((k, i) => ({ put: { ...k, value: i } })));
      dynamoClient().middlewareStack.add(
        (next, context) => (args) => {
          if (context.commandName === 'BatchGetItemCommand') throw new Error('connection reset');
          return next(args);
        },
        { step: 'initialize', name: 'test-get-failure' },
      );
      let results: PromiseSettledResult<unknown>[];
      try {
        results = await Promise.allSettled(keys.map((k) => getItem(k)));
      } finally {
        dynamoClient().middlewareStack.remove('test-get-failure');
      }
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ message: 'connection reset' });
      expect((await Promise.all(keys.map((k) => getItem<{ value: number }>(k)))).map((r) => r?.value)).toEqual([0, 1]);
    }));
});
