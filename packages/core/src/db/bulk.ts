import { NumberValue, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import Decimal from 'decimal.js';
import { batchGet, batchWrite, keyId } from './batch';
import { dynamoClient, tableName } from './client';
import type { Key } from './keys';
import type { TxStep } from './tx';

/**
 * Creations in bulk, for a writer that owns its data alone (a company being seeded: the demo; a
 * history brought in before anyone works on it): the very steps each create's transaction holds
 * (record, guards, references, list and search items, aggregate figures), written without a
 * transaction per record. Because the steps are the create's own, the items are the ones a create
 * writes; only the atomicity across records is given up, which is why nothing else may write
 * these records meanwhile.
 *
 * - Puts go out by BatchWrite. A put whose condition asks for a free key (`attribute_not_exists(pk)`:
 *   a new record, a unique value's guard) is checked first, all of them by one batch read, and the
 *   whole bulk is refused before anything is written when one is taken or when two puts share a key.
 * - The ADDs several records make to one item (a registry's `refCount`, a dashboard's figures) are
 *   summed, exactly, and sent once per item with the first step's condition (a reference to a
 *   record that does not exist still fails).
 * - Existence checks (`attribute_exists(pk)`) are read once per key.
 * - Anything else (deletes, SETs, other conditions) is not a creation and is refused.
 *
 * The order of the writes: the existence checks and the ADDs first, then the puts, so a bulk cut
 * short leaves targets counted as used (never deletable while used), never an item counted nowhere.
 */
export async function bulkCreate(steps: TxStep[]): Promise<void> {
  const puts = new Map<string, Record<string, unknown>>();
  const mustBeFree: Key[] = [];
  const mustExist = new Map<string, Key>();
  const adds = new Map<string, { key: Key; sums: Map<string, Decimal>; condition?: string; names: Record<string, string>; values: Record<string, unknown> }>();

  for (const { item } of steps) {
    if (item.Put) {
      const it = item.Put.Item as Record<string, unknown>;
      const id = keyId(it as unknown as Key);
      if (puts.has(id)) throw new Error(`bulkCreate: two puts of ${id.replace('\n', ' ')}`);
      puts.set(id, it);
      const cond = item.Put.ConditionExpression;
      if (cond && /attribute_not_exists\(pk\)/.test(cond)) mustBeFree.push({ pk: String(it.pk), sk: String(it.sk) });
      else if (cond) throw new Error(`bulkCreate: a put conditioned on ${cond} is not a creation`);
    } else if (item.Update) {
      const u = item.Update;
      const key = u.Key as Key;
      const entries = addEntries(u.UpdateExpression ?? '');
      if (!entries) throw new Error(`bulkCreate: only ADD updates are creations (${u.UpdateExpression})`);
      const id = keyId(key);
      let acc = adds.get(id);
      if (!acc) {
        acc = { key, sums: new Map(), condition: u.ConditionExpression, names: { ...(u.ExpressionAttributeNames ?? {}) }, values: { ...(u.ExpressionAttributeValues ?? {}) } };
        adds.set(id, acc);
      }
      for (const [nameRef, valueRef] of entries) {
        const name = nameRef.startsWith('#') ? u.ExpressionAttributeNames?.[nameRef] : nameRef;
        const value = u.ExpressionAttributeValues?.[valueRef];
        if (!name || value === undefined) throw new Error(`bulkCreate: unresolved ${nameRef} ${valueRef}`);
        acc.sums.set(name, (acc.sums.get(name) ?? new Decimal(0)).plus(decimalOf(value)));
      }
    } else if (item.ConditionCheck) {
      const c = item.ConditionCheck;
      if (c.ConditionExpression !== 'attribute_exists(pk)') throw new Error(`bulkCreate: a check of ${c.ConditionExpression} is not supported`);
      mustExist.set(keyId(c.Key as Key), c.Key as Key);
    } else {
      throw new Error('bulkCreate: a delete is not a creation');
    }
  }

  const [taken, found] = await Promise.all([batchGet<Key>(mustBeFree), batchGet<Key>([...mustExist.values()])]);
  if (taken.length) throw new Error(`bulkCreate: ${taken.length} item(s) already exist, e.g. ${taken[0]!.pk} ${taken[0]!.sk}`);
  if (found.length !== mustExist.size) throw new Error(`bulkCreate: ${mustExist.size - found.length} referenced item(s) do not exist`);

  await runLimited([...adds.values()], 8, async (a) => {
    // The condition keeps its own placeholders; those the ADD used are left out.
    const conditionValues = a.condition ? pick(a.values, a.condition.match(/:\w+/g) ?? []) : {};
    const conditionNames = a.condition ? pick(a.names, a.condition.match(/#\w+/g) ?? []) : {};
    const sums = [...a.sums];
    // An item's ADDs in parts (a history's month item gathers a key per day, city and client: its one
    // expression would pass DynamoDB's 4 KB), the condition on the first, the others after it.
    for (let start = 0; start < sums.length; start += ADDS_PER_UPDATE) {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      const parts = sums.slice(start, start + ADDS_PER_UPDATE).map(([name, sum], i) => {
        names[`#bulk${i}`] = name;
        values[`:bulk${i}`] = new NumberValue(sum.toFixed());
        return `#bulk${i} :bulk${i}`;
      });
      const first = start === 0 && a.condition;
      await dynamoClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: a.key,
          UpdateExpression: `ADD ${parts.join(', ')}`,
          ExpressionAttributeNames: first ? { ...names, ...conditionNames } : names,
          ExpressionAttributeValues: first ? { ...values, ...conditionValues } : values,
          ...(first ? { ConditionExpression: a.condition } : {}),
        }),
      );
    }
  });
  await batchWrite([...puts.values()].map((put) => ({ put })));
}

/** ADDs per UpdateCommand: `#bulk149 :bulk149, ` is 20 characters, 150 of them well inside the 4 KB an expression may take. */
const ADDS_PER_UPDATE = 150;

/** `ADD a :x, #b :y` as its [name, value] pairs, or null when the expression is anything else. */
function addEntries(expression: string): [string, string][] | null {
  const m = /^\s*ADD\s+(.+)$/s.exec(expression);
  if (!m) return null;
  const out: [string, string][] = [];
  for (const part of m[1]!.split(',')) {
    const pair = /^\s*(#?\w+)\s+(:\w+)\s*$/.exec(part);
    if (!pair) return null;
    out.push([pair[1]!, pair[2]!]);
  }
  return out;
}

function decimalOf(v: unknown): Decimal {
  if (v instanceof NumberValue) return new Decimal(v.value);
  if (typeof v === 'number' || typeof v === 'bigint') return new Decimal(String(v));
  throw new Error(`bulkCreate: ADD of a value that is not a number (${typeof v})`);
}

function pick<T>(from: Record<string, T>, names: string[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const n of names) if (n in from) out[n] = from[n]!;
  return out;
}

async function runLimited<T>(list: T[], limit: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < list.length) await fn(list[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
}
