import { type AttributeValue } from '@aws-sdk/client-dynamodb';
import { NumberValue } from '@aws-sdk/lib-dynamodb';
import Decimal from 'decimal.js';
import { batchGetAttributes } from './batch';
import { Keys } from './keys';
import { Tx, type TxStep } from './tx';

/**
 * Dashboard aggregates kept on write (invariant 10), declared once per entity like a listing
 * (db/listing.ts): the scopes a record counts in (the whole company `all`, its salesman's
 * `sm#<id>`, ...) and the figures it adds to in each. A figure belongs to a family: a plain count
 * (`total`), a count per key (`situation` → `situation#normal`), or a sum of a decimal amount
 * (`amount`, `amount#<key>`). One item per scope (`Keys.aggregate`) holds the scope's figures as
 * Number attributes; a write moves them in the same transaction as the record, by the difference
 * between the record before and after (create: before = null; delete: after = null), and a
 * dashboard reads its scopes' items in one BatchGet and adds them up (a team is its salesmen's sum).
 * docs/data-model.md ("Dashboard aggregates") describes the items.
 */

/** What a family of figures is keyed by: `true` for a plain figure, a string union for a figure per key. */
export type FigureShape = Record<string, string | true>;

/** A family's contribution: its key (or `true` for a plain figure), several keys, or nothing. */
type Contribution<K extends string | true> = K | readonly K[] | null | undefined;

export interface Aggregate<T, Counts extends FigureShape, Sums extends FigureShape = Record<never, never>> {
  /** The aggregate's name: its items are `Keys.aggregate(name, scope)`. */
  name: string;
  /** The scopes the record counts in. */
  scopes(record: T): readonly string[];
  /** Per family, the figures the record adds one to. */
  counts: { [F in keyof Counts]: (record: T) => Contribution<Counts[F]> };
  /** Per family, the figure the record adds an amount to (a decimal string), if any. */
  /** Per family, the amount the record adds to a figure (or to several: a sale's lines per product group), if any. */
  sums?: { [F in keyof Sums]: (record: T) => { key: Sums[F]; amount: string } | readonly { key: Sums[F]; amount: string }[] | null | undefined };
}

/** Declares an aggregate (an identity: it gives the declaration its types). */
export function aggregate<T, Counts extends FigureShape, Sums extends FigureShape = Record<never, never>>(
  declaration: Aggregate<T, Counts, Sums>,
): Aggregate<T, Counts, Sums> {
  return declaration;
}

const SEP = '\n';
const attribute = (family: string, key: string | true) => (key === true ? family : `${family}#${key}`);

/** The attributes a record adds to, per scope: `scope\nattribute` → amount. */
function contributions<T>(agg: Aggregate<T, FigureShape, FigureShape>, record: T): Map<string, Decimal> {
  const figures = new Map<string, Decimal>();
  for (const [family, of] of Object.entries(agg.counts)) {
    const c = of(record);
    if (c === null || c === undefined) continue;
    for (const key of new Set(Array.isArray(c) ? c : [c])) figures.set(attribute(family, key), new Decimal(1));
  }
  for (const [family, of] of Object.entries(agg.sums ?? {})) {
    const given = of(record);
    if (!given) continue;
    for (const s of Array.isArray(given) ? given : [given]) {
      const name = attribute(family, s.key);
      figures.set(name, (figures.get(name) ?? new Decimal(0)).plus(s.amount));
    }
  }
  const out = new Map<string, Decimal>();
  for (const scope of new Set(agg.scopes(record))) for (const [name, v] of figures) out.set(`${scope}${SEP}${name}`, v);
  return out;
}

/**
 * The steps that move an aggregate's figures from a record as it was (`before`, null on a create)
 * to the record as it is written (`after`, null on a delete): one ADD per scope whose figures
 * change, none when nothing the aggregate counts changed.
 */
export function aggregateSteps<T>(agg: Aggregate<T, FigureShape, FigureShape>, before: T | null, after: T | null): TxStep[] {
  const delta = new Map<string, Decimal>();
  for (const [k, v] of before ? contributions(agg, before) : []) delta.set(k, (delta.get(k) ?? new Decimal(0)).minus(v));
  for (const [k, v] of after ? contributions(agg, after) : []) delta.set(k, (delta.get(k) ?? new Decimal(0)).plus(v));
  const perScope = new Map<string, [string, Decimal][]>();
  for (const [k, v] of delta) {
    if (v.isZero()) continue;
    const [scope, name] = k.split(SEP) as [string, string];
    perScope.set(scope, [...(perScope.get(scope) ?? []), [name, v]]);
  }
  return [...perScope].map(([scope, figures]) => {
    const names: Record<string, string> = {};
    const values: Record<string, NumberValue> = {};
    // Placeholders in base 36 (`#1a :1a`): an expression takes 4 KB, and a sale of many product
    // groups moves a few hundred figures of one item (docs/data-model.md "Dashboard aggregates").
    const adds = figures.map(([name, v], i) => {
      const p = i.toString(36);
      names[`#${p}`] = name;
      values[`:${p}`] = new NumberValue(v.toFixed());
      return `#${p} :${p}`;
    });
    return Tx.update(Keys.aggregate(agg.name, scope), { UpdateExpression: `ADD ${adds.join(',')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values });
  });
}

/** Adds up aggregate items attribute by attribute (Numbers only; keys and bookkeeping are skipped), exactly. */
export function sumFigures(items: Record<string, unknown>[]): Map<string, Decimal> {
  const out = new Map<string, Decimal>();
  for (const item of items) {
    for (const [k, v] of Object.entries(item)) {
      if (k === 'pk' || k === 'sk') continue;
      const text = numberText(v);
      const n = text === null ? null : new Decimal(text);
      if (n && n.isFinite()) out.set(k, (out.get(k) ?? new Decimal(0)).plus(n));
    }
  }
  return out;
}

/** A scope's figures (or the sum of several scopes'), by family and key, typed by the declaration. */
export interface Figures<Counts extends FigureShape, Sums extends FigureShape> {
  /** A count (never below 0): `count('total')`, `count('situation', 'normal')`. */
  count<F extends keyof Counts & string>(family: F, ...key: Counts[F] extends true ? [] : [Counts[F]]): number;
  /** The keys of a family with a positive count, with their counts (unordered). */
  keyed<F extends keyof Counts & string>(family: F): { key: Counts[F]; count: number }[];
  /** A sum, as a decimal string ('0' when nothing was added). */
  sum<F extends keyof Sums & string>(family: F, ...key: Sums[F] extends true ? [] : [Sums[F]]): string;
}

/** The same sums as plain numbers: what count figures read. */
export function sumCounters(items: Record<string, unknown>[]): Map<string, number> {
  return new Map([...sumFigures(items)].map(([k, v]) => [k, v.toNumber()]));
}

/** A figure's value as DynamoDB answered it (a Number: its decimal text), or null for a key or bookkeeping. */
function numberText(v: unknown): string | null {
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (v instanceof NumberValue) return v.value;
  if (v && typeof v === 'object' && typeof (v as AttributeValue).N === 'string') return (v as { N: string }).N;
  return null;
}

/**
 * The figures of a scope's items (one, or several added up), read lazily: an item holds a key per
 * client, city, day and sale type it has seen, and a dashboard asks for a few of them, so each
 * attribute is parsed (exactly, as a decimal) only when asked, and once.
 */
function figuresOf<Counts extends FigureShape, Sums extends FigureShape>(items: Record<string, unknown>[]): Figures<Counts, Sums> {
  const raw = new Map<string, string[]>();
  for (const item of items)
    for (const [k, v] of Object.entries(item)) {
      if (k === 'pk' || k === 'sk') continue;
      const n = numberText(v);
      if (n === null) continue;
      const list = raw.get(k);
      if (list) list.push(n);
      else raw.set(k, [n]);
    }
  const exact = new Map<string, Decimal>();
  const value = (name: string): Decimal => {
    let d = exact.get(name);
    if (d === undefined) {
      const list = raw.get(name) ?? [];
      d = list.reduce((acc, n) => acc.plus(n), new Decimal(0));
      if (!d.isFinite()) d = new Decimal(0);
      exact.set(name, d);
    }
    return d;
  };
  const name = (family: string, key: string | undefined) => (key === undefined ? family : `${family}#${key}`);
  return {
    count: (family, ...key) => Math.max(0, value(name(family, key[0] as string | undefined)).toNumber()),
    keyed: (family) => {
      const out: { key: never; count: number }[] = [];
      const prefix = `${family}#`;
      for (const k of raw.keys()) {
        if (!k.startsWith(prefix)) continue;
        const v = value(k).toNumber();
        if (v > 0) out.push({ key: k.slice(prefix.length) as never, count: v });
      }
      return out;
    },
    sum: (family, ...key) => value(name(family, key[0] as string | undefined)).toFixed(),
  };
}

/**
 * The figures of each of the given scopes apart (a chart's days), in the same BatchGets: a scope
 * nothing was counted in reads as zeros.
 */
export async function readAggregateEach<T, Counts extends FigureShape, Sums extends FigureShape>(
  agg: Aggregate<T, Counts, Sums>,
  scopes: readonly string[],
): Promise<Map<string, Figures<Counts, Sums>>> {
  const unique = [...new Set(scopes)];
  const scopeOf = new Map(unique.map((s) => {
    const key = Keys.aggregate(agg.name, s);
    return [`${key.pk}\n${key.sk}`, s] as const;
  }));
  const items = await batchGetAttributes(unique.map((s) => Keys.aggregate(agg.name, s)));
  const grouped = new Map<string, Record<string, unknown>[]>(unique.map((s) => [s, []]));
  for (const item of items) {
    const key = (attr: unknown) => (attr as { S?: string } | undefined)?.S ?? '';
    const scope = scopeOf.get(`${key(item.pk)}\n${key(item.sk)}`);
    if (scope !== undefined) grouped.get(scope)!.push(item);
  }
  return new Map([...grouped].map(([s, found]) => [s, figuresOf<Counts, Sums>(found)]));
}

/**
 * The figures of the given scopes, added up: one BatchGet of their items (read as DynamoDB's
 * decimal strings, so sums stay exact). A scope nothing was counted in reads as zeros.
 */
export async function readAggregate<T, Counts extends FigureShape, Sums extends FigureShape>(
  agg: Aggregate<T, Counts, Sums>,
  scopes: readonly string[],
): Promise<Figures<Counts, Sums>> {
  const items = await batchGetAttributes([...new Set(scopes)].map((s) => Keys.aggregate(agg.name, s)));
  return figuresOf<Counts, Sums>(items);
}
