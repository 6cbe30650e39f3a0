import type { PositionGrouping, PositionPage } from '@ev/shared/schemas/inventory';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The filters of the inventory position (GET /api/inventory). Empty lists mean "all". */
export interface PositionFilter {
  q: string;
  branchIds: string[];
  groupIds: string[];
  productCompanyIds: string[];
  grouping: PositionGrouping;
}

export const PAGE_SIZE = 20;

/** The query string: lists as comma-separated ids (the API takes either form). */
export function positionQuery(f: PositionFilter) {
  return {
    q: f.q.trim() || undefined,
    branchIds: f.branchIds.length ? [...f.branchIds].sort().join(',') : undefined,
    groupIds: f.groupIds.length ? [...f.groupIds].sort().join(',') : undefined,
    productCompanyIds: f.productCompanyIds.length ? [...f.productCompanyIds].sort().join(',') : undefined,
    grouping: f.grouping,
  };
}

export const inventoryKeys = {
  all: ['inventory'] as const,
  position: (f: PositionFilter) => ['inventory', 'position', positionQuery(f)] as const,
};

export const positionOptions = (f: PositionFilter) =>
  infiniteQueryOptions({
    queryKey: inventoryKeys.position(f),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<PositionPage>('/inventory', { query: { ...positionQuery(f), cursor: pageParam, limit: PAGE_SIZE }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });

export const usePosition = (f: PositionFilter) => useInfiniteQuery(positionOptions(f));

/** The export's query (POST /api/exports/inventory): the lists as they are, words only when typed. */
export function exportQuery(f: PositionFilter): Record<string, unknown> {
  const { q, branchIds, groupIds, productCompanyIds, grouping } = f;
  return { ...(q.trim() ? { q: q.trim() } : {}), branchIds, groupIds, productCompanyIds, grouping };
}
