import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { resourceKeys, resourceRecordOptions, resourceSaved, type ResourceKeys } from './queries/resource';

/**
 * The fetch helpers a record module repeats (products, clients): read one record, save it
 * (create or update), revalidate it, and look up the records it points to by name.
 */

/** The query keys of a record module: its prefix (`all`, the lists under `[...all, 'list']`) and one record's (lib/queries/resource.ts). */
export type RecordKeys = ResourceKeys;

/** One record (GET `{path}/{id}`); a 404 is not retried. */
export const recordOptions = <T>(path: string, keys: RecordKeys, id: string) =>
  queryOptions({ queryKey: keys.record(id), queryFn: ({ signal }) => api<T>(`${path}/${id}`, { signal }), retry: false });

/** After a save or a revalidation: the answer is the cached record, and everything else about the resource reads again. */
function useStoreRecord<T extends { id: string }>(keys: RecordKeys) {
  const qc = useQueryClient();
  return (record: T) => void resourceSaved(qc, keys, record);
}

/** Saves a record: PUT `{path}/{id}`, or POST `{path}` when `id` is null (a new one). */
export function useSaveRecordAt<T extends { id: string }>(path: string, keys: RecordKeys) {
  const store = useStoreRecord<T>(keys);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Record<string, unknown> }) => (id ? api<T>(`${path}/${id}`, { method: 'PUT', body }) : api<T>(path, { method: 'POST', body })),
    onSuccess: store,
  });
}

/** The card action "reload cache": POST `{path}/{id}/revalidate`. */
export function useRevalidateRecordAt<T extends { id: string }>(path: string, keys: RecordKeys) {
  const store = useStoreRecord<T>(keys);
  return useMutation({
    mutationFn: (id: string) => api<T>(`${path}/${id}/revalidate`, { method: 'POST' }),
    onSuccess: store,
  });
}

/** A record another one points to: its id and its name. */
export interface NamedRecord {
  id: string;
  name: string;
}

/** The first 20 records of a registry (`/{source}`) matching a term, by name; `extra` adds query parameters (cached by a picker under `resourceKeys(source).search(extra)`). */
export async function searchNamed(source: string, q: string, signal: AbortSignal, extra: Record<string, string> = {}): Promise<NamedRecord[]> {
  const page = await api<{ items: NamedRecord[] }>(`/${source}`, { query: { q: q || undefined, limit: 20, ...extra }, signal });
  return page.items.map((r) => ({ id: r.id, name: r.name }));
}

/** The name of one referenced record (a select whose value came from the server): the record's one cache entry, its name selected. */
export const namedRecordOptions = (source: string, id: string | null | undefined) =>
  queryOptions({
    ...resourceRecordOptions<NamedRecord>(source, id ?? ''),
    select: (r: NamedRecord) => r.name,
    enabled: !!id,
    staleTime: 5 * 60_000,
  });

/** The key a picker of `source` caches its searches under (the term appended): `extra` is the picker's own parameters. */
export const searchKey = (source: string, extra: Record<string, string> = {}) => resourceKeys(source).search(extra);

export function useNamedRecord(source: string, id: string | null | undefined) {
  return useQuery(namedRecordOptions(source, id));
}
