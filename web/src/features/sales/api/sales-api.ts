import type { Sale, SaleSort, SalesPage as SalesPageSchema, SaleStatus, SaleSummary, SalesTotals } from '@ev/shared/schemas/sales';
import type { z } from 'zod';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { recordOptions } from '@/lib/record-api';
import { queryParams } from '@/lib/query-params';

/** A page of sales as the API answers it, with the scope it was read in. */
export type SalesPage = z.output<typeof SalesPageSchema>;

export interface SaleFilter {
  drafts?: boolean;
  /** The consignments view: the consigned sales still with the client, the earliest return date first. */
  consignments?: boolean;
  /** The store orders whose payment is in review, the sale still pending, newest first. */
  storeReview?: boolean;
  q?: string;
  status?: string;
  from?: string;
  until?: string;
  /** Which date the period filters: the closing (default) or the emission. */
  dateBy?: 'emission';
  clientId?: string;
  salesmanId?: string;
  supervisorId?: string;
  branchId?: string;
  productCompanyId?: string;
  natureId?: string;
  paymentConditionId?: string;
  /** The server's sort over the whole filtered set (absent: the date, newest first). */
  sort?: SaleSort;
  dir?: 'asc' | 'desc';
}

export const PAGE_SIZE = 20;

/** The query parameters of a filter (`queryParams`: empty values left out, drafts as `drafts=true`); the totals take no sort. */
const FILTER_KEYS = ['drafts', 'consignments', 'storeReview', 'q', 'status', 'dateBy', 'from', 'until', 'clientId', 'salesmanId', 'supervisorId', 'branchId', 'productCompanyId', 'natureId', 'paymentConditionId'] as const;
const filterOf = (f: SaleFilter) => queryParams(f, FILTER_KEYS);
const queryOf = (f: SaleFilter) => queryParams(f, [...FILTER_KEYS, 'sort', 'dir']);

export const saleKeys = {
  all: ['sales'] as const,
  list: (f: SaleFilter) => ['sales', 'list', queryOf(f)] as const,
  /** Under `list`, so whatever reads the lists again reads the figures too. */
  totals: (f: SaleFilter) => ['sales', 'list', 'totals', filterOf(f)] as const,
  record: (id: string) => ['sales', 'record', id] as const,
};

export const saleListOptions = (f: SaleFilter) =>
  infiniteQueryOptions({
    queryKey: saleKeys.list(f),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<SalesPage>('/sales', { query: { ...queryOf(f), cursor: pageParam ?? undefined, limit: PAGE_SIZE }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });

export const useSaleList = (f: SaleFilter) => useInfiniteQuery(saleListOptions(f));

/**
 * The count and total value of the filtered set (not the rows loaded): `GET /sales/totals`, the sort
 * aside. The home's drafts shortcut reads the drafts tab's, asked only by who may read vendas (`enabled`).
 */
export const useSaleTotals = (f: SaleFilter, enabled = true) =>
  useQuery({ queryKey: saleKeys.totals(f), queryFn: ({ signal }) => api<SalesTotals>('/sales/totals', { query: filterOf(f), signal }), enabled });

export const useSale = (id: string, enabled = true) => useQuery({ ...recordOptions<Sale>('/sales', saleKeys, id), enabled });

/**
 * A sale a write answered (a move, a settlement) as the cached one: the answer carries no `details`
 * (the names and the map only `GET /sales/{id}` reads), so the page keeps those it read (a move or a
 * settlement changes none of them); the lists read again.
 */
export function storeSale(qc: QueryClient, sale: Sale) {
  qc.setQueryData<Sale>(saleKeys.record(sale.id), (was) => ({ ...sale, details: sale.details ?? was?.details }));
  void qc.invalidateQueries({ queryKey: [...saleKeys.all, 'list'] });
}

/** POST /sales/{id}/status over the version read; the answer is the cached sale and the lists read again. */
export function useMoveSale() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, to, reason }: { id: string; version: number; to: SaleStatus; reason?: string }) =>
      api<Sale>(`/sales/${id}/status`, { method: 'POST', body: { version, to, reason: reason?.trim() || null } }),
    onSuccess: (sale) => storeSale(qc, sale),
  });
}

/** DELETE /sales/{id}: a draft. */
export function useDeleteDraft() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Sale>(`/sales/${id}`, { method: 'DELETE' }),
    onSuccess: (sale) => {
      qc.removeQueries({ queryKey: saleKeys.record(sale.id) });
      void qc.invalidateQueries({ queryKey: [...saleKeys.all, 'list'] });
    },
  });
}

/** The global search: the first `limit` closed sales of a term (the sale's number or words of the client's name). */
export function searchSales(q: string, signal: AbortSignal, limit = 5): Promise<SaleSummary[]> {
  return api<SalesPage>('/sales', { query: { q, limit }, signal }).then((r) => r.items);
}
