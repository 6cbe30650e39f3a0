import { GetItemCommand, QueryCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { NumberValue } from '@aws-sdk/lib-dynamodb';
import Decimal from 'decimal.js';
import { FIGURES, MOVEMENT_EFFECTS, QTY_SCALE, type Figure, type MovementKind } from '@ev/shared/schemas/inventory';
import { batchGetAttributes } from '../db/batch';
import { dynamoClient, tableName } from '../db/client';
import { readCursor, signCursor } from '../db/cursor';
import { Keys, type Key } from '../db/keys';
import { getItem } from '../db/records';
import { Tx, type TxStep } from '../db/tx';

/**
 * Keys and reads of the inventory (docs/inventory.md). A product's balances (one item per branch)
 * and its movements (the ledger) share the product's partition. The balance figures are DynamoDB
 * Numbers, exact decimals of up to 38 digits, moved by `SET f = f + :q` under a condition, so two
 * writers never lose one another and no figure passes through a binary float: they are written as
 * `NumberValue` and read with the low-level client as the decimal strings DynamoDB sends.
 */

export interface BalanceFigures {
  bought: Decimal;
  physical: Decimal;
  reserved: Decimal;
  lent: Decimal;
  available: Decimal;
}

export interface BalanceRecord extends BalanceFigures {
  productId: string;
  branchId: string;
  /** Movements applied to this balance. */
  movements: number;
  updatedAt: string | null;
}

export interface MovementRecord {
  id: string;
  productId: string;
  branchId: string;
  kind: MovementKind;
  /** Fixed-scale decimal string; signed only for adjustments. */
  quantity: string;
  reason: string | null;
  /** The key of a reason the system wrote (`InventoryTexts`), null for one a person typed. */
  reasonKey: string | null;
  reference: string | null;
  orderId: string | null;
  userId: string | null;
  at: string;
}

export interface OrderMarker {
  orderId: string;
  /** reserving → reserved → releasing/delivering → released/delivered; reserving → compensating → failed. */
  state: 'reserving' | 'reserved' | 'compensating' | 'failed' | 'releasing' | 'released' | 'delivering' | 'delivered';
  /** Lines as [productId, branchId, quantity], in the order the chunks take them. */
  lines: [string, string, string][];
  /** The pass that moved the marker last (passes.ts): its chunks after the first are marked with it. */
  pass: number;
  /** While compensating: the reserving pass whose chunks this one takes back. */
  undoes?: number;
  /** Incremented each time the order is reserved again after a release. */
  round: number;
  updatedAt: string;
}

/** A marker's state moved by a pass: from one of `from.state` at pass `from.pass`, to `to`. */
export interface MarkerMove<S extends string> {
  from: { state: S[]; pass: number };
  to: { state: S; pass: number; undoes?: number };
}

/** The SET and the condition of a marker's move (passes.ts); a marker written before passes has none (pass 0). */
function moveExpression<S extends string>(move: MarkerMove<S>, at: string, extra: Record<string, unknown> = {}) {
  const values: Record<string, unknown> = { ':p0': move.from.pass, ':p1': move.to.pass, ':s1': move.to.state, ':at': at };
  move.from.state.forEach((s, i) => (values[`:s0_${i}`] = s));
  const set = ['#s = :s1', 'pass = :p1', 'updatedAt = :at'];
  if (move.to.undoes !== undefined) {
    set.push('undoes = :u');
    values[':u'] = move.to.undoes;
  }
  for (const [name, value] of Object.entries(extra)) {
    set.push(`${name} = :x_${name}`);
    values[`:x_${name}`] = value;
  }
  const pass = move.from.pass === 0 ? '(attribute_not_exists(pass) OR pass = :p0)' : 'pass = :p0';
  return {
    UpdateExpression: `SET ${set.join(', ')}`,
    ConditionExpression: `${pass} AND #s IN (${move.from.state.map((_, i) => `:s0_${i}`).join(', ')})`,
    ExpressionAttributeNames: { '#s': 'state' },
    ExpressionAttributeValues: values,
  };
}

/** The key of an order's marker, which its passes' parts sit beside (passes.ts). */
export type MarkerKey = Key;

/** The key of chunk `chunk` of the pass over an order's marker (passes.ts): beside the marker, in the order's partition. */
export const partKey = (marker: Key, chunk: number): Key => ({ pk: marker.pk, sk: `${marker.sk}#PART#${chunk}` });

/** Which pass last wrote each of these chunks of a marker's passes (0: none), in the order asked. */
export async function partPasses(marker: Key, chunks: number[]): Promise<number[]> {
  const items = chunks.length ? await batchGetAttributes(chunks.map((i) => partKey(marker, i))) : [];
  const bySk = new Map(items.map((i) => [i.sk!.S!, Number(i.pass!.N)]));
  return chunks.map((i) => bySk.get(partKey(marker, i).sk) ?? 0);
}

/**
 * A chunk marked as written by `pass`, on the condition that no pass at or after `below` wrote it
 * (a chunk is written once per pass), or, with `equals`, that exactly that pass did (the chunk a
 * compensation takes back).
 */
export function partStep(marker: Key, chunk: number, pass: number, at: string, when: { below: number } | { equals: number }, onFail: () => Error): TxStep {
  const item = { ...partKey(marker, chunk), type: 'stockPart', pass, updatedAt: at };
  return 'below' in when
    ? Tx.put(item, { ConditionExpression: 'attribute_not_exists(pk) OR pass < :p', ExpressionAttributeValues: { ':p': when.below } }, onFail)
    : Tx.put(item, { ConditionExpression: 'pass = :p', ExpressionAttributeValues: { ':p': when.equals } }, onFail);
}

export const zero = () => new Decimal(0);
export const qty = (d: Decimal.Value) => new Decimal(d).toFixed(QTY_SCALE);

/** The low-level client: the same connection as the document client, without its number conversion. */
const raw = () => dynamoClient() as unknown as DynamoDBClient;

/** An attribute value as plain data, every Number kept as the decimal string DynamoDB sent. */
function plain(v: AttributeValue): unknown {
  if (v.S !== undefined) return v.S;
  if (v.N !== undefined) return v.N;
  if (v.BOOL !== undefined) return v.BOOL;
  if (v.NULL !== undefined) return null;
  if (v.M !== undefined) return plainItem(v.M);
  if (v.L !== undefined) return v.L.map(plain);
  if (v.SS !== undefined) return v.SS;
  if (v.NS !== undefined) return v.NS;
  return undefined;
}

function plainItem(item: Record<string, AttributeValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) out[k] = plain(v);
  return out;
}

function balanceOf(item: Record<string, unknown>): BalanceRecord {
  const d = (name: string) => new Decimal((item[name] as string | undefined) ?? '0');
  return {
    productId: item.productId as string,
    branchId: item.branchId as string,
    bought: d('bought'),
    physical: d('physical'),
    reserved: d('reserved'),
    lent: d('lent'),
    available: d('available'),
    movements: Number(item.movements ?? 0),
    updatedAt: (item.updatedAt as string | undefined) ?? null,
  };
}

function movementOf(item: Record<string, unknown>): MovementRecord {
  return {
    id: item.id as string,
    productId: item.productId as string,
    branchId: item.branchId as string,
    kind: item.kind as MovementKind,
    quantity: item.quantity as string,
    reason: (item.reason as string | null | undefined) ?? null,
    reasonKey: (item.reasonKey as string | null | undefined) ?? null,
    reference: (item.reference as string | null | undefined) ?? null,
    orderId: (item.orderId as string | null | undefined) ?? null,
    userId: (item.userId as string | null | undefined) ?? null,
    at: item.at as string,
  };
}

export const emptyBalance = (productId: string, branchId: string): BalanceRecord => ({
  productId,
  branchId,
  bought: zero(),
  physical: zero(),
  reserved: zero(),
  lent: zero(),
  available: zero(),
  movements: 0,
  updatedAt: null,
});

/** What a movement of `kind` and `quantity` adds to each figure (available included). */
export function deltas(kind: MovementKind, quantity: Decimal.Value): BalanceFigures {
  const q = new Decimal(quantity);
  const effect = MOVEMENT_EFFECTS[kind];
  const f = (name: Figure) => q.times(effect[name] ?? 0);
  const out = { bought: f('bought'), physical: f('physical'), reserved: f('reserved'), lent: f('lent') };
  return { ...out, available: out.physical.minus(out.reserved).minus(out.lent) };
}

/**
 * The figures a movement may not take below zero, each checked in the update's condition:
 * every figure it lowers, and `available` when it lowers it (a reservation, a consignment out).
 * A negative adjustment is the exception: a stock count states the physical stock as it is, so it
 * checks `physical` only and may leave `available` below zero (docs/inventory.md).
 */
export function guardedFigures(kind: MovementKind, quantity: Decimal.Value): (Figure | 'available')[] {
  const d = deltas(kind, quantity);
  const out: (Figure | 'available')[] = FIGURES.filter((f) => d[f].isNegative());
  if (d.available.isNegative() && kind !== 'adjustment') out.push('available');
  return out;
}

export const num = (d: Decimal.Value) => NumberValue.from(new Decimal(d).toFixed());

export const InventoryRepository = {
  /**
   * The balance update of one movement: every figure moves by its delta (created at zero when the
   * balance is new), under the condition that no guarded figure goes below zero.
   */
  balanceStep(
    productId: string,
    branchId: string,
    kind: MovementKind,
    quantity: string,
    at: string,
    onFail: () => Error,
    /** Also on the condition that the physical stock is still this (null: no balance yet); the stock import reaches a stated figure. */
    expectPhysical?: string | null,
  ): TxStep {
    const d = deltas(kind, quantity);
    const names: Record<string, string> = { '#t': 'type' };
    const values: Record<string, unknown> = { ':z': num(0), ':one': num(1), ':t': 'stockBalance', ':pid': productId, ':bid': branchId, ':at': at };
    const sets = ['#t = :t', 'productId = :pid', 'branchId = :bid', 'updatedAt = :at', 'movements = if_not_exists(movements, :z) + :one'];
    for (const f of [...FIGURES, 'available'] as const) {
      names[`#${f}`] = f;
      values[`:d_${f}`] = num(d[f]);
      sets.push(`#${f} = if_not_exists(#${f}, :z) + :d_${f}`);
    }
    const conditions = guardedFigures(kind, quantity).map((f) => {
      values[`:g_${f}`] = num(d[f].abs());
      return `#${f} >= :g_${f}`;
    });
    if (expectPhysical === null) conditions.push('attribute_not_exists(pk)');
    else if (expectPhysical !== undefined) {
      values[':expect'] = num(expectPhysical);
      conditions.push('#physical = :expect');
    }
    return Tx.update(
      Keys.stockBalance(productId, branchId),
      {
        UpdateExpression: `SET ${sets.join(', ')}`,
        ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
      onFail,
    );
  },

  /**
   * A balance moved by the sum of many movements at once, for a history written in bulk
   * (db/bulk.ts, which takes only ADDs): every figure and the movement count added, on the
   * conditions that the balance exists and that no figure the sum lowers goes below zero. One such
   * step per balance and bulk, so its condition is the whole sum's.
   */
  balanceSumStep(productId: string, branchId: string, sum: BalanceFigures, movements: number, onFail: () => Error): TxStep {
    const names: Record<string, string> = { '#movements': 'movements' };
    const values: Record<string, unknown> = { ':n': num(movements) };
    const adds = ['#movements :n'];
    const conditions = ['attribute_exists(pk)'];
    for (const f of [...FIGURES, 'available'] as const) {
      names[`#${f}`] = f;
      values[`:d_${f}`] = num(sum[f]);
      adds.push(`#${f} :d_${f}`);
      if (sum[f].isNegative()) {
        values[`:g_${f}`] = num(sum[f].abs());
        conditions.push(`#${f} >= :g_${f}`);
      }
    }
    return Tx.update(
      Keys.stockBalance(productId, branchId),
      { UpdateExpression: `ADD ${adds.join(', ')}`, ConditionExpression: conditions.join(' AND '), ExpressionAttributeNames: names, ExpressionAttributeValues: values },
      onFail,
    );
  },

  movementStep(m: MovementRecord): TxStep {
    return Tx.putNew({ ...Keys.stockMovement(m.productId, m.branchId, m.at, m.id), type: 'stockMovement', ...m });
  },

  async balance(productId: string, branchId: string): Promise<BalanceRecord | undefined> {
    const out = await raw().send(
      new GetItemCommand({ TableName: tableName(), Key: keyAttrs(Keys.stockBalance(productId, branchId)), ConsistentRead: true }),
    );
    return out.Item ? balanceOf(plainItem(out.Item)) : undefined;
  },

  /** Balances by (product, branch), absent ones left out; any number of keys, 100 per BatchGet (db/batch.ts). */
  async balances(pairs: { productId: string; branchId: string }[]): Promise<BalanceRecord[]> {
    const keys = [...new Map(pairs.map((p) => [`${p.productId}|${p.branchId}`, Keys.stockBalance(p.productId, p.branchId)])).values()];
    return (await batchGetAttributes(keys)).map((item) => balanceOf(plainItem(item)));
  },

  /** The product's whole partition: every balance and every movement (maintenance and tests). */
  async ledger(productId: string): Promise<{ balances: BalanceRecord[]; movements: MovementRecord[] }> {
    const balances: BalanceRecord[] = [];
    const movements: MovementRecord[] = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      const out = await raw().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': { S: Keys.stockPartition(productId) } },
          ExclusiveStartKey: start,
          ConsistentRead: true,
        }),
      );
      for (const item of out.Items ?? []) {
        const p = plainItem(item);
        if (p.type === 'stockBalance') balances.push(balanceOf(p));
        else if (p.type === 'stockMovement') movements.push(movementOf(p));
      }
      start = out.LastEvaluatedKey;
    } while (start);
    return { balances, movements };
  },

  /** A page of a product's movements, newest first: one branch, or the given branches (null: all). */
  async movementsPage(
    productId: string,
    branchId: string | null,
    onlyBranches: string[] | null,
    page: { cursor?: string; limit: number; query: string },
  ): Promise<{ items: MovementRecord[]; nextCursor: string | null }> {
    const values: Record<string, AttributeValue> = {
      ':pk': { S: Keys.stockPartition(productId) },
      ':p': { S: branchId ? `MOV#${branchId}#` : 'MOV#' },
    };
    let filter: string | undefined;
    if (!branchId && onlyBranches) {
      onlyBranches.forEach((b, i) => (values[`:b${i}`] = { S: b }));
      filter = onlyBranches.length ? `branchId IN (${onlyBranches.map((_, i) => `:b${i}`).join(', ')})` : 'branchId = :none';
      if (!onlyBranches.length) values[':none'] = { S: '-' };
    }
    const start = readCursor(page.cursor, page.query) as Record<string, string> | undefined;
    const out = await raw().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ...(filter ? { FilterExpression: filter } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        Limit: page.limit,
        ExclusiveStartKey: start ? { pk: { S: start.pk! }, sk: { S: start.sk! } } : undefined,
      }),
    );
    const last = out.LastEvaluatedKey ? { pk: out.LastEvaluatedKey.pk!.S!, sk: out.LastEvaluatedKey.sk!.S! } : undefined;
    return {
      items: (out.Items ?? []).map((i) => movementOf(plainItem(i))),
      nextCursor: last ? signCursor(last, page.query) : null,
    };
  },

  async order(orderId: string): Promise<OrderMarker | undefined> {
    const out = await raw().send(new GetItemCommand({ TableName: tableName(), Key: keyAttrs(Keys.stockOrder(orderId)), ConsistentRead: true }));
    if (!out.Item) return undefined;
    const p = plainItem(out.Item);
    return {
      orderId: p.orderId as string,
      state: p.state as OrderMarker['state'],
      lines: p.lines as OrderMarker['lines'],
      pass: Number(p.pass ?? 0),
      ...(p.undoes != null ? { undoes: Number(p.undoes) } : {}),
      round: Number(p.round),
      updatedAt: p.updatedAt as string,
    };
  },

  /** The first chunk of a reservation creates the marker (or takes a released one for a new round). */
  orderStart(marker: OrderMarker, previousRound: number | null, onFail: () => Error): TxStep {
    const item = { ...Keys.stockOrder(marker.orderId), type: 'stockOrder', ...marker };
    return previousRound === null
      ? Tx.putNew(item, onFail)
      : Tx.put(
          item,
          {
            ConditionExpression: '#s IN (:released, :failed) AND #r = :r',
            ExpressionAttributeNames: { '#s': 'state', '#r': 'round' },
            ExpressionAttributeValues: { ':released': 'released', ':failed': 'failed', ':r': previousRound },
          },
          onFail,
        );
  },

  /** The key of an order's reservation marker (the parts of its passes sit beside it). */
  orderKey: (orderId: string): Key => Keys.stockOrder(orderId),

  /** An order's reserved lines changed in place (an edit of a pending sale), on the condition that the marker is still the one read. */
  orderChange(before: OrderMarker, after: Pick<OrderMarker, 'lines' | 'updatedAt'>, onFail: () => Error): TxStep {
    return Tx.update(
      Keys.stockOrder(before.orderId),
      {
        UpdateExpression: 'SET #l = :lines, updatedAt = :at1',
        ConditionExpression: '#s = :reserved AND updatedAt = :at0',
        ExpressionAttributeNames: { '#s': 'state', '#l': 'lines' },
        ExpressionAttributeValues: { ':lines': after.lines, ':at1': after.updatedAt, ':reserved': 'reserved', ':at0': before.updatedAt },
      },
      onFail,
    );
  },

  /** The marker moved by a pass, on the condition that it is where this writer read it. */
  orderMove(orderId: string, move: MarkerMove<OrderMarker['state']>, at: string, onFail: () => Error): TxStep {
    return Tx.update(Keys.stockOrder(orderId), moveExpression(move, at), onFail);
  },
};

function keyAttrs(k: Key): Record<string, AttributeValue> {
  return { pk: { S: k.pk }, sk: { S: k.sk } };
}

/**
 * An order's consignment marker (docs/inventory.md "Consignments"), beside its reservation marker
 * in the order's stock partition: the lines lent and how many chunks of them are applied, then the
 * settlement (returned and sold per line) and how many of its chunks are applied.
 */
export interface ConsignmentMarker {
  orderId: string;
  /** lending → lent → settling → settled; lending → compensating → failed (a new round may lend again). */
  state: 'lending' | 'lent' | 'compensating' | 'failed' | 'settling' | 'settled';
  /** Lines lent as [productId, branchId, quantity], in the order the chunks take them. */
  lines: [string, string, string][];
  /** The settlement as [productId, branchId, returned, sold], once it began. */
  settlement: [string, string, string, string][] | null;
  /** The pass that moved the marker last (passes.ts). */
  pass: number;
  /** While compensating a lending: the lending pass whose chunks this one takes back. */
  undoes?: number;
  round: number;
  updatedAt: string;
}

type State = ConsignmentMarker['state'];

export const ConsignmentRepository = {
  async get(orderId: string): Promise<ConsignmentMarker | undefined> {
    const item = await getItem<Record<string, unknown>>(Keys.stockConsignment(orderId));
    if (!item) return undefined;
    return {
      orderId: item.orderId as string,
      state: item.state as State,
      lines: item.lines as ConsignmentMarker['lines'],
      settlement: (item.settlement as ConsignmentMarker['settlement']) ?? null,
      pass: Number(item.pass ?? 0),
      ...(item.undoes != null ? { undoes: Number(item.undoes) } : {}),
      round: Number(item.round),
      updatedAt: item.updatedAt as string,
    };
  },

  /** The first chunk of a lending writes the marker: a new one, or a new round over a failed one. */
  start(marker: ConsignmentMarker, previousRound: number | null, onFail: () => Error): TxStep {
    const item = { ...Keys.stockConsignment(marker.orderId), type: 'stockConsignment', ...marker };
    return previousRound === null
      ? Tx.putNew(item, onFail)
      : Tx.put(item, { ConditionExpression: '#s = :failed AND #r = :r', ExpressionAttributeNames: { '#s': 'state', '#r': 'round' }, ExpressionAttributeValues: { ':failed': 'failed', ':r': previousRound } }, onFail);
  },

  /** The key of an order's consignment marker (the parts of its passes sit beside it). */
  key: (orderId: string): Key => Keys.stockConsignment(orderId),

  /** The marker moved by a pass, on the condition that it is where this writer read it; a settlement's first move also writes the settlement. */
  move(orderId: string, move: MarkerMove<State>, at: string, onFail: () => Error, settlement?: ConsignmentMarker['settlement']): TxStep {
    return Tx.update(Keys.stockConsignment(orderId), moveExpression(move, at, settlement ? { settlement } : {}), onFail);
  },
};
