import { fold } from '@ev/shared/text';
import { Keys } from './keys';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, tableName } from './client';
import { readCursor, signCursor } from './cursor';
import { queryAll, type Page, type PageRequest } from './query';
import { Tx, type TxStep } from './tx';

/**
 * Lists and search by derived items (invariants 2 and 3). A record declares, once, the scopes it
 * is listed in (the whole tenant, a salesman's own, a supervisor's team), how it sorts, its search
 * words and the summary a list shows. Its list and search items are written in the same
 * transaction as the record and replaced on every write, so a list is one Query on one partition
 * that reads what it returns, strongly consistent (no GSI lag).
 */
/** `S`: the summary each derived item carries, what a list page answers. */
export interface Listing<T extends { id: string }, S extends Record<string, unknown> = Record<string, unknown>> {
  entity: string;
  /** The scopes the record is searched in, and listed in (sorted by `sortValue`) unless `lists` says otherwise. */
  scopes(record: T): string[];
  sortValue?(record: T): string;
  /** Lists with their own order (by name, newest first, per status): each a scope and a sort value. */
  lists?(record: T): { scope: string; sort: string }[];
  words(record: T): string[];
  summary(record: T): S;
  /** Search words kept per scope (default 12), so a write stays within a transaction's 100 actions. */
  maxWords?: number;
  /**
   * How a search's matches of one word are ordered (ascending): the record's id by default
   * (creation order, UUID v7). A value that never changes over the record's life, so a write does
   * not move its search items (the sales: the id inverted, newest first).
   */
  searchOrder?(record: T): string;
}

const MAX_WORDS = 12;
const SEP = '\n';

interface DerivedItem {
  pk: string;
  sk: string;
  id: string;
  words: string[];
  data: Record<string, unknown>;
}

/** Sort keys keep [a-z0-9]; every other run becomes '!', so "ana" (then ' ' + id) sorts before "ana maria". */
export function sortKey(value: string): string {
  return fold(value).replace(/[^a-z0-9]+/g, '!').replace(/^!|!$/g, '').slice(0, 120);
}

export function derivedItems<T extends { id: string }, S extends Record<string, unknown>>(listing: Listing<T, S>, record: T): DerivedItem[] {
  const words = [...new Set(listing.words(record).filter(Boolean))].slice(0, listing.maxWords ?? MAX_WORDS);
  const data = listing.summary(record);
  const items: DerivedItem[] = [];
  const scopes = [...new Set(listing.scopes(record))];
  const lists = listing.lists?.(record) ?? scopes.map((scope) => ({ scope, sort: listing.sortValue?.(record) ?? '' }));
  for (const { scope, sort } of lists) {
    items.push({ pk: Keys.listPartition(listing.entity, scope), sk: `${sort} ${record.id}`, id: record.id, words, data });
  }
  for (const scope of scopes) {
    for (const word of words) {
      items.push({ pk: Keys.searchPartition(listing.entity, scope), sk: `${word}#${listing.searchOrder?.(record) ?? record.id}`, id: record.id, words, data });
    }
  }
  return items;
}

/**
 * The steps that bring a record's derived items from `previous` (the keys stored on the record in
 * its `ix` attribute) to what `record` needs now (null when the record is deleted). Returns the new
 * `ix` value to store on the record. Given the record as it was (`before`), an item whose key and
 * content are unchanged is not written again, so an edit costs only the items it changes.
 */
export function listingSteps<T extends { id: string }, S extends Record<string, unknown>>(
  listing: Listing<T, S>,
  previous: string[] | undefined,
  record: T | null,
  before?: T,
): { steps: TxStep[]; ix: string[] } {
  const next = record ? derivedItems(listing, record) : [];
  const keyOf = (i: DerivedItem) => `${i.pk}${SEP}${i.sk}`;
  const nextKeys = new Set(next.map(keyOf));
  const had = new Set(previous ?? []);
  const old = new Map(before ? derivedItems(listing, before).map((i) => [keyOf(i), JSON.stringify(i)] as const) : []);
  // What goes: the keys stored on the record, and those the record as the caller holds it implies.
  // A record written twice in one flow (a close marks the draft, then writes the numbered sale)
  // carries the `ix` it was read with, not the one its last write stored: the items that write
  // added (the draft's list item at its new last-change key, the mark's) would otherwise stay,
  // listing a closed sale among the drafts. A delete of a key no longer there is a no-op.
  const stale = new Set([...had, ...old.keys()]);
  const steps: TxStep[] = [];
  for (const key of stale) {
    if (nextKeys.has(key)) continue;
    const [pk, sk] = key.split(SEP) as [string, string];
    steps.push(Tx.delete({ pk, sk }));
  }
  for (const item of next) {
    const key = keyOf(item);
    if (had.has(key) && old.get(key) === JSON.stringify(item)) continue;
    steps.push(Tx.put({ ...item }));
  }
  return { steps, ix: [...nextKeys] };
}

export interface ListOptions {
  order?: 'asc' | 'desc';
  /** Kept in memory after the read: a filter no partition serves. The page then reads up to `readFactor` × limit. */
  match?: (data: Record<string, unknown>) => boolean;
  readFactor?: number;
  /**
   * Only the items whose sort key lies between `from` and `to` (inclusive; a `to` that is a
   * prefix reaches every key that continues it): a key range of the same partitions, read, not
   * filtered. For lists whose sort key begins with what is filtered (a date).
   */
  range?: { from: string; to: string };
}

export async function listPage<S extends Record<string, unknown>>(
  listing: Pick<Listing<never, S>, 'entity' | 'summary'>,
  scope: string | string[],
  page: PageRequest,
  orderOrOptions: 'asc' | 'desc' | ListOptions = 'asc',
): Promise<Page<S>> {
  const o = typeof orderOrOptions === 'string' ? { order: orderOrOptions } : orderOrOptions;
  const scopes = Array.isArray(scope) ? scope : [scope];
  return mergedPage<S>(
    scopes.map((s) => Keys.listPartition(listing.entity, s)),
    o.range ? { ':w': o.range.from, ':end': `${o.range.to}\u{10FFFF}` } : undefined,
    o.match ? (i) => o.match!(i.data) : undefined,
    page,
    o.order ?? 'asc',
    o.match ? (o.readFactor ?? 5) : 1,
  );
}

/**
 * Search by the beginning of any word; several words mean AND. The longest term drives a
 * range Query (the keys that start with it); the other terms are checked against the words each
 * item carries, so such a page may read up to twice its size to fill itself. A record
 * with several words starting with the term is returned once, on its first such word, so pages
 * never repeat it.
 */
export async function searchPage<S extends Record<string, unknown>>(
  listing: Pick<Listing<never, S>, 'entity' | 'summary'>,
  scope: string | string[],
  terms: string[],
  page: PageRequest,
  options: Pick<ListOptions, 'match' | 'readFactor'> = {},
): Promise<Page<S>> {
  const sorted = [...new Set(terms)].sort((a, b) => b.length - a.length);
  const lead = sorted[0];
  if (!lead) return { items: [], nextCursor: null, scanned: 0 };
  const scopes = Array.isArray(scope) ? scope : [scope];
  const match = (item: DerivedItem) => {
    const matched = item.sk.slice(0, item.sk.lastIndexOf('#'));
    const firstMatch = item.words.filter((w) => w.startsWith(lead)).sort()[0];
    if (firstMatch !== matched) return false;
    return sorted.every((t) => item.words.some((w) => w.startsWith(t))) && (!options.match || options.match(item.data));
  };
  // Filters and further terms drop items after the read: those pages may read more, up to the
  // factor (a lead term shared by many records, "região teste x", would otherwise give short pages).
  const factor = options.match || sorted.length > 1 ? (options.readFactor ?? 2) : 1;
  return mergedPage<S>(
    scopes.map((s) => Keys.searchPartition(listing.entity, s)),
    prefixRange(lead),
    match,
    page,
    'asc',
    factor,
  );
}

/**
 * The sort keys that start with `prefix`, as a BETWEEN: the same items as `begins_with`, read through
 * the sort key's order. (DynamoDB Local answers `begins_with` by walking the partition: 200 ms on a
 * partition of 400,000 search items, against 2 ms for the same range as BETWEEN.) The upper bound
 * is the prefix followed by the highest code point, above any key that continues the prefix.
 */
export function prefixRange(prefix: string): { ':w': string; ':end': string } {
  return { ':w': prefix, ':end': `${prefix}\u{10FFFF}` };
}

/**
 * For a bounded read of system use (a map's period, a day's itinerary): the rows of one list
 * partition whose sort keys lie between `from` and `to` (a `to` that is a prefix reaches every key
 * that continues it), in key order, at most `max`, without a cursor. A key range, never a scan.
 */
export async function listRange<S extends Record<string, unknown>>(listing: Pick<Listing<never, S>, 'entity' | 'summary'>, scope: string, range: { from: string; to: string }, max: number): Promise<S[]> {
  const items = await queryAll<{ data: S }>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :w AND :end',
    ExpressionAttributeValues: { ':pk': Keys.listPartition(listing.entity, scope), ':w': range.from, ':end': `${range.to}\u{10FFFF}` },
    Limit: max,
  }, max);
  return items.map((i) => i.data);
}

/** Where each partition of a merged page stands: the last sort key consumed, or done. */
type Positions = Record<string, string | 0>;

/**
 * One page over one or more partitions of derived items (a supervisor's team is a partition per
 * salesman), merged in sort-key order under one cursor. Each partition is read from where the
 * cursor left it, at most `limit × readFactor` items; the page keeps the first `limit` items that
 * match, and the cursor records, per partition, the last item consumed. A page may be short, or
 * empty, and still carry a cursor.
 */
async function mergedPage<S extends Record<string, unknown>>(
  partitions: string[],
  range: { ':w': string; ':end': string } | undefined,
  match: ((item: DerivedItem) => boolean) | undefined,
  page: PageRequest,
  order: 'asc' | 'desc',
  readFactor: number,
): Promise<Page<S>> {
  const positions = (readCursor(page.cursor, page.query) ?? {}) as Positions;
  const readLimit = Math.max(page.limit, Math.min(1000, page.limit * readFactor));
  // Each partition is read a page of `limit` at a time, until it holds `limit` matches, ends, or
  // reaches the read cap: an unfiltered page reads `limit` items, a filtered one only what it needs.
  const batches = await Promise.all(
    partitions.map(async (pk, p) => {
      const at = positions[p];
      const read: DerivedItem[] = [];
      let scanned = 0;
      if (at === 0) return { p, read, more: false, scanned };
      let start: Record<string, unknown> | undefined = typeof at === 'string' ? { pk, sk: at } : undefined;
      let matches = 0;
      do {
        const out = await dynamoClient().send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: range === undefined ? 'pk = :pk' : 'pk = :pk AND sk BETWEEN :w AND :end',
            ExpressionAttributeValues: { ':pk': pk, ...(range ?? {}) },
            ScanIndexForward: order === 'asc',
            Limit: Math.min(page.limit, readLimit - scanned),
            ExclusiveStartKey: start,
          }),
        );
        const items = (out.Items ?? []) as DerivedItem[];
        read.push(...items);
        scanned += out.ScannedCount ?? items.length;
        matches += match ? items.filter(match).length : items.length;
        start = out.LastEvaluatedKey;
      } while (start && matches < page.limit && scanned < readLimit);
      return { p, read, more: Boolean(start), scanned };
    }),
  );
  // A k-way merge of the partitions' matches, each already in key order: what a page takes from a
  // partition is always a prefix of what it read there, so its position in the cursor is exact.
  const sign = order === 'asc' ? 1 : -1;
  const queues = batches.map((b) => ({ p: b.p, items: b.read.filter((i) => !match || match(i)), next: 0 }));
  const compare = (a: string, b: string) => sign * (a < b ? -1 : a > b ? 1 : 0);
  // A partition that stopped at its read cap with more to read may hold, unread, keys before
  // another partition's next match: nothing past the last key it read is taken on this page.
  let bound: string | undefined;
  for (const b of batches) {
    const last = b.read[b.read.length - 1]?.sk;
    if (b.more && last !== undefined && (bound === undefined || compare(last, bound) < 0)) bound = last;
  }
  const taken: { p: number; item: DerivedItem }[] = [];
  while (taken.length < page.limit) {
    let best: (typeof queues)[number] | undefined;
    for (const q of queues) {
      if (q.next >= q.items.length) continue;
      if (!best || compare(q.items[q.next]!.sk, best.items[best.next]!.sk) < 0) best = q;
    }
    if (!best || (bound !== undefined && compare(best.items[best.next]!.sk, bound) > 0)) break;
    taken.push({ p: best.p, item: best.items[best.next++]! });
  }
  const next: Positions = {};
  for (const b of batches) {
    const was = positions[b.p];
    if (was === 0) {
      next[b.p] = 0;
      continue;
    }
    const q = queues.find((x) => x.p === b.p)!;
    const leftOver = q.next < q.items.length;
    if (leftOver) next[b.p] = q.next > 0 ? q.items[q.next - 1]!.sk : (was ?? '');
    else if (b.read.length) next[b.p] = b.more ? b.read[b.read.length - 1]!.sk : 0;
    else next[b.p] = b.more ? (was ?? '') : 0;
  }
  // '' means "from the start" (nothing consumed yet).
  for (const [p, v] of Object.entries(next)) if (v === '') delete next[p];
  const done = batches.every((b) => next[b.p] === 0);
  return {
    // The data is what the listing's summary wrote.
    items: taken.map((t) => t.item.data as S),
    nextCursor: done ? null : signCursor(next, page.query),
    scanned: batches.reduce((n, b) => n + b.scanned, 0),
  };
}
