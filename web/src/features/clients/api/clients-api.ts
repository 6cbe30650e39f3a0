import type { Client, ClientSummary } from '@ev/shared/schemas/clients';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { clientKeys as sharedClientKeys, clientOptions } from '@/lib/queries/clients';
import { useRevalidateRecordAt, useSaveRecordAt } from '@/lib/record-api';
import type { CepAddress } from '@ev/shared/schemas/cep';

/** A page of clients as the API answers it, with the scope it was read in. */
export interface ClientsPage {
  items: ClientSummary[];
  nextCursor: string | null;
  scope: { kind: 'own' | 'team' | 'all'; salesmen: number | null };
}

export interface ClientFilter {
  q?: string;
  status?: string;
  situation?: string;
  salesmanId?: string;
  regionId?: string;
  routeId?: string;
  segmentId?: string;
  walletId?: string;
}

export const PAGE_SIZE = 20;

/** A filter with its blank values left out (the list's query, the export's). */
export const clean = (f: ClientFilter) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, typeof v === 'string' && v.trim() ? v.trim() : undefined])) as ClientFilter;

/** The clients' keys (one definition in lib/queries, shared with the order entry), with the list's. */
export const clientKeys = {
  ...sharedClientKeys,
  list: (f: ClientFilter) => [...sharedClientKeys.all, 'list', clean(f)] as const,
};

export const clientListOptions = (f: ClientFilter) =>
  infiniteQueryOptions({
    queryKey: clientKeys.list(f),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<ClientsPage>('/clients', { query: { ...clean(f), cursor: pageParam, limit: PAGE_SIZE }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });

export const useClientList = (f: ClientFilter) => useInfiniteQuery(clientListOptions(f));

export { clientOptions };

export const useClient = (id: string, enabled = true) => useQuery({ ...clientOptions(id), enabled });

/** The global search: the first `limit` clients of a term (name words, CPF/CNPJ or phone). */
export function searchClients(q: string, signal: AbortSignal, limit = 5) {
  return api<ClientsPage>('/clients', { query: { q, limit }, signal }).then((r) => r.items);
}

export const useSaveClient = () => useSaveRecordAt<Client>('/clients', clientKeys);

export const useRevalidateClient = () => useRevalidateRecordAt<Client>('/clients', clientKeys);

/** The address of a CEP (8 digits); 404 with the spec's text when there is none. */
export const lookupCep = (cep: string, signal?: AbortSignal) => api<CepAddress>(`/cep/${cep}`, { signal });


