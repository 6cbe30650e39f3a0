import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { resourceKeys, resourceRecordOptions, resourceRemoved, resourceSaved } from '@/lib/queries/resource';

/** A record as the API answers it: the declared and derived fields plus the bookkeeping. */
export type RegistryRecord = Record<string, unknown> & { id: string; version: number; createdAt: string; updatedAt: string };

export interface ListFilter {
  q?: string;
  sort?: string;
  status?: string;
}

export const PAGE_SIZE = 20;

/** The filter as the API reads it (the list's query, the CSV export's query): empty values left out. */
export const clean = (f: ListFilter) => ({ q: f.q?.trim() || undefined, sort: f.sort || undefined, status: f.status || undefined });

/** A registry's keys: rooted at its API path (lib/queries/resource.ts), where the order entry, the products and the pickers read it too. */
export const registryKeys = {
  all: (name: string) => resourceKeys(name).all,
  list: (name: string, f: ListFilter) => [...resourceKeys(name).all, 'list', clean(f)] as const,
  record: (name: string, id: string) => resourceKeys(name).record(id),
};

export const listOptions = (name: string, f: ListFilter) =>
  infiniteQueryOptions({
    queryKey: registryKeys.list(name, f),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<{ items: RegistryRecord[]; nextCursor: string | null }>(`/${name}`, { query: { ...clean(f), cursor: pageParam, limit: PAGE_SIZE }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });

export const useRegistryList = (name: string, f: ListFilter) => useInfiniteQuery(listOptions(name, f));

export const recordOptions = (name: string, id: string) => resourceRecordOptions<RegistryRecord>(name, id);

export const useRegistryRecord = (name: string, id: string, enabled = true) => useQuery({ ...recordOptions(name, id), enabled });

/** Search for the global search: the first `limit` matches of a term. */
export function searchRegistry(name: string, q: string, signal: AbortSignal, limit = 5) {
  return api<{ items: RegistryRecord[] }>(`/${name}`, { query: { q, limit }, signal }).then((r) => r.items);
}

export function useSaveRecord(def: RegistryDefinition) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Record<string, unknown> }) =>
      id ? api<RegistryRecord>(`/${def.name}/${id}`, { method: 'PUT', body }) : api<RegistryRecord>(`/${def.name}`, { method: 'POST', body }),
    onSuccess: (record) => void resourceSaved(qc, resourceKeys(def.name), record),
  });
}

export function useDeleteRecord(def: RegistryDefinition) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<RegistryRecord>(`/${def.name}/${id}`, { method: 'DELETE' }),
    onSuccess: (_r, id) => void resourceRemoved(qc, resourceKeys(def.name), id),
  });
}

export function useRevalidateRecord(def: RegistryDefinition) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<RegistryRecord>(`/${def.name}/${id}/revalidate`, { method: 'POST' }),
    onSuccess: (record) => void resourceSaved(qc, resourceKeys(def.name), record),
  });
}
