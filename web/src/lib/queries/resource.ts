import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * The web's one rule for caching what the API answers (docs/web-layout.md, "One cache key per
 * resource"): every query of a server resource is keyed under the resource's root, its API path
 * without the slash (`/clients` → `['clients']`, `/product-groups` → `['product-groups']`), so
 * the same record read by two features is one cache entry, and a save reaches every screen that
 * shows the resource by one invalidation of the root.
 *
 * - `[root, 'record', id]`: one record (GET `/{root}/{id}`), whatever feature reads it;
 * - `[root, 'choices']`: its first 100 records (the selects, the names a list shows);
 * - `[root, 'list', …]`: a feature's list pages; `[root, 'search', query, term]`: a picker's search;
 * - anything else a feature reads about the resource sits under `[root, …]` too.
 */
export function resourceKeys(root: string) {
  return {
    all: [root] as const,
    record: (id: string) => [root, 'record', id] as const,
    choices: [root, 'choices'] as const,
    /** A picker's searches (it appends the term): `query` holds the picker's own parameters. */
    search: (query: Record<string, string> = {}) => [root, 'search', query] as const,
  };
}

/** The keys of one resource: `all` its root, `record(id)` one record's. */
export interface ResourceKeys {
  all: readonly unknown[];
  record(id: string): readonly unknown[];
}

/** One record (GET `/{root}/{id}`) under its one key; a 404 is not retried. */
export const resourceRecordOptions = <T>(root: string, id: string) =>
  queryOptions({ queryKey: resourceKeys(root).record(id), queryFn: ({ signal }) => api<T>(`/${root}/${id}`, { signal }), retry: false });

/** The first 100 records of a resource (GET `/{root}?limit=100`): the selects and the names lists show. */
export const resourceChoicesOptions = <T>(root: string) =>
  queryOptions({
    queryKey: resourceKeys(root).choices,
    queryFn: ({ signal }) => api<{ items: T[] }>(`/${root}`, { query: { limit: 100 }, signal }).then((r) => r.items),
    staleTime: 60_000,
  });

/** Whether `key` is one record's own key (`[...all, 'record', id]`, not its history). */
const isRecordKey = (keys: ResourceKeys, key: QueryKey) => key.length === keys.all.length + 2 && key[keys.all.length] === 'record';

/**
 * After a write answered a record: it becomes the cached record, and everything else under the
 * resource's root (lists, choices, searches, the record's history, what other features read about
 * it) reads again. Other records of the resource are left as they are.
 */
export function resourceSaved(qc: QueryClient, keys: ResourceKeys, record: { id: string }): Promise<void> {
  qc.setQueryData(keys.record(record.id), record);
  return qc.invalidateQueries({ queryKey: keys.all, predicate: (q) => !isRecordKey(keys, q.queryKey) });
}

/** After a record was deleted: its cache entry goes, everything else under the root reads again. */
export function resourceRemoved(qc: QueryClient, keys: ResourceKeys, id: string): Promise<void> {
  qc.removeQueries({ queryKey: keys.record(id), exact: true });
  return qc.invalidateQueries({ queryKey: keys.all, predicate: (q) => !isRecordKey(keys, q.queryKey) });
}

/** After a write that answered no record (or changed several): everything under the root reads again. */
export function resourceChanged(qc: QueryClient, keys: Pick<ResourceKeys, 'all'>): Promise<void> {
  return qc.invalidateQueries({ queryKey: keys.all });
}
