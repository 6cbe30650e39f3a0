import { fold } from '@ev/shared/text';
import { Keys } from './keys';
import { queryPage, type Page, type PageRequest } from './query';
import { Tx, type TxStep } from './tx';

/**
 * Lists and search by derived items (invariants 2 and 3). A record declares, once, the scopes it
 * is listed in (the whole tenant, a salesman's own, a supervisor's team), how it sorts, its search
 * words and the summary a list shows. Its list and search items are written in the same
 * transaction as the record and replaced on every write, so a list is one Query on one partition
 * that reads what it returns, strongly consistent (no GSI lag).
 */
export interface Listing<T extends { id: string }> {
  entity: string;
  /** The scopes the record is searched in, and listed in (sorted by `sortValue`) unless `lists` says otherwise. */
  scopes(record: T): string[];
  sortValue?(record: T): string;
  /** Lists with their own order (by name, newest first, per status): each a scope and a sort value. */
  lists?(record: T): { scope: string; sort: string }[];
  words(record: T): string[];
  summary(record: T): Record<string, unknown>;
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

export function derivedItems<T extends { id: string }>(listing: Listing<T>, record: T): DerivedItem[] {
  const words = [...new Set(listing.words(record).filter(Boolean))].slice(0, MAX_WORDS);
  const data = listing.summary(record);
  const items: DerivedItem[] = [];
  const scopes = [...new Set(listing.scopes(record))];
  const lists = listing.lists?.(record) ?? scopes.map((scope) => ({ scope, sort: listing.sortValue?.(record) ?? '' }));
  for (const { scope, sort } of lists) {
    items.push({ pk: Keys.listPartition(listing.entity, scope), sk: `${sort} ${record.id}`, id: record.id, words, data });
  }
  for (const scope of scopes) {
    for (const word of words) {
      items.push({ pk: Keys.searchPartition(listing.entity, scope), sk: `${word}#${record.id}`, id: record.id, words, data });
    }
  }
  return items;
}

/**
 * The steps that bring a record's derived items from `previous` (the keys stored on the record in
 * its `ix` attribute) to what `record` needs now (null when the record is deleted). Returns the new
 * `ix` value to store on the record.
 */
export function listingSteps<T extends { id: string }>(
  listing: Listing<T>,
  previous: string[] | undefined,
  record: T | null,
): { steps: TxStep[]; ix: string[] } {
  const next = record ? derivedItems(listing, record) : [];
  const nextKeys = new Set(next.map((i) => `${i.pk}${SEP}${i.sk}`));
  const steps: TxStep[] = [];
  for (const key of previous ?? []) {
    if (nextKeys.has(key)) continue;
    const [pk, sk] = key.split(SEP) as [string, string];
    steps.push(Tx.delete({ pk, sk }));
  }
  for (const item of next) steps.push(Tx.put({ ...item }));
  return { steps, ix: [...nextKeys] };
}

export async function listPage(
  listing: Pick<Listing<never>, 'entity'>,
  scope: string,
  page: PageRequest,
  order: 'asc' | 'desc' = 'asc',
): Promise<Page<Record<string, unknown>>> {
  const res = await queryPage<DerivedItem>(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': Keys.listPartition(listing.entity, scope) },
      ScanIndexForward: order === 'asc',
    },
    page,
  );
  return { ...res, items: res.items.map((i) => i.data) };
}

/**
 * Search by the beginning of any word; several words mean AND. The longest term drives a
 * begins_with Query; the other terms are checked against the words each item carries. A record
 * with several words starting with the term is returned once, on its first such word, so pages
 * never repeat it.
 */
export async function searchPage(
  listing: Pick<Listing<never>, 'entity'>,
  scope: string,
  terms: string[],
  page: PageRequest,
): Promise<Page<Record<string, unknown>>> {
  const sorted = [...new Set(terms)].sort((a, b) => b.length - a.length);
  const lead = sorted[0];
  if (!lead) return { items: [], nextCursor: null, scanned: 0 };
  const res = await queryPage<DerivedItem>(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :w)',
      ExpressionAttributeValues: { ':pk': Keys.searchPartition(listing.entity, scope), ':w': lead },
    },
    page,
  );
  const items = res.items.filter((item) => {
    const matched = item.sk.slice(0, item.sk.lastIndexOf('#'));
    const firstMatch = item.words.filter((w) => w.startsWith(lead)).sort()[0];
    if (firstMatch !== matched) return false;
    return sorted.every((t) => item.words.some((w) => w.startsWith(t)));
  });
  return { ...res, items: items.map((i) => i.data) };
}
