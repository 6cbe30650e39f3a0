import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';

/**
 * The fetch helpers a record module repeats (products, clients): read one record, save it
 * (create or update), revalidate it, and look up the records it points to by name.
 */

/** The query keys of a record module: its prefix (`all`, the lists under `[...all, 'list']`) and one record's. */
export interface RecordKeys {
  all: readonly unknown[];
  record(id: string): readonly unknown[];
}

/** One record (GET `{path}/{id}`); a 404 is not retried. */
export const recordOptions = <T>(path: string, keys: RecordKeys, id: string) =>
  queryOptions({ queryKey: keys.record(id), queryFn: ({ signal }) => api<T>(`${path}/${id}`, { signal }), retry: false });

/** After a save or a revalidation: the answer is the cached record, and the lists read again. */
function useStoreRecord<T extends { id: string }>(keys: RecordKeys) {
  const qc = useQueryClient();
  return (record: T) => {
    qc.setQueryData(keys.record(record.id), record);
    void qc.invalidateQueries({ queryKey: [...keys.all, 'list'] });
  };
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

/** The first 20 records of a registry (`/{source}`) matching a term, by name; `extra` adds query parameters. */
export async function searchNamed(source: string, q: string, signal: AbortSignal, extra: Record<string, string> = {}): Promise<NamedRecord[]> {
  const page = await api<{ items: NamedRecord[] }>(`/${source}`, { query: { q: q || undefined, limit: 20, ...extra }, signal });
  return page.items.map((r) => ({ id: r.id, name: r.name }));
}

/** The name of one referenced record (a select whose value came from the server). */
export const namedRecordOptions = (source: string, id: string | null | undefined) =>
  queryOptions({
    queryKey: ['reference-name', source, id],
    queryFn: ({ signal }) => api<NamedRecord>(`/${source}/${id}`, { signal }).then((r) => r.name),
    enabled: !!id,
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useNamedRecord(source: string, id: string | null | undefined) {
  return useQuery(namedRecordOptions(source, id));
}
