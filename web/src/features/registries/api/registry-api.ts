import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

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

export const registryKeys = {
  all: (name: string) => ['registries', name] as const,
  list: (name: string, f: ListFilter) => ['registries', name, 'list', clean(f)] as const,
  record: (name: string, id: string) => ['registries', name, 'record', id] as const,
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

export const recordOptions = (name: string, id: string) =>
  queryOptions({ queryKey: registryKeys.record(name, id), queryFn: ({ signal }) => api<RegistryRecord>(`/${name}/${id}`, { signal }), retry: false });

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
    onSuccess: (record) => {
      qc.setQueryData(registryKeys.record(def.name, record.id), record);
      void qc.invalidateQueries({ queryKey: [...registryKeys.all(def.name), 'list'] });
    },
  });
}

export function useDeleteRecord(def: RegistryDefinition) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<RegistryRecord>(`/${def.name}/${id}`, { method: 'DELETE' }),
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: registryKeys.record(def.name, id) });
      void qc.invalidateQueries({ queryKey: [...registryKeys.all(def.name), 'list'] });
    },
  });
}

export function useRevalidateRecord(def: RegistryDefinition) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<RegistryRecord>(`/${def.name}/${id}/revalidate`, { method: 'POST' }),
    onSuccess: (record) => {
      qc.setQueryData(registryKeys.record(def.name, record.id), record);
      void qc.invalidateQueries({ queryKey: [...registryKeys.all(def.name), 'list'] });
    },
  });
}
