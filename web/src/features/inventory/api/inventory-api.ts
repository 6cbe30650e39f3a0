import type { Balance, MovementPosted, MovementsPage, PositionGrouping, PositionPage } from '@ev/shared/schemas/inventory';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryParams } from '@/lib/query-params';

/** The filters of the inventory position (GET /api/inventory). Empty lists mean "all". */
export interface PositionFilter {
  q: string;
  branchIds: string[];
  groupIds: string[];
  productCompanyIds: string[];
  grouping: PositionGrouping;
}

export const PAGE_SIZE = 20;

/** The query string (`queryParams`: lists as comma-separated ids, which the API takes as either form). */
export const positionQuery = (f: PositionFilter) => queryParams(f, ['q', 'branchIds', 'groupIds', 'productCompanyIds', 'grouping']);

export const inventoryKeys = {
  all: ['inventory'] as const,
  position: (f: PositionFilter) => ['inventory', 'position', positionQuery(f)] as const,
  balances: (productId: string) => ['inventory', 'product', productId, 'balances'] as const,
  movements: (productId: string, branchId: string | null) => ['inventory', 'product', productId, 'movements', branchId ?? 'all'] as const,
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

// A product's stock (the "Estoque" tab of the product page): its balances, its ledger, a movement.

export const MOVEMENTS_PAGE_SIZE = 20;

/** The product's balance in each result center the user is allowed (zeros where it has none). */
export const productBalancesOptions = (productId: string) =>
  queryOptions({
    queryKey: inventoryKeys.balances(productId),
    queryFn: ({ signal }) => api<{ items: Balance[] }>(`/inventory/products/${productId}/balances`, { signal }).then((r) => r.items),
  });

export const useProductBalances = (productId: string) => useQuery(productBalancesOptions(productId));

/**
 * The product's movements by pages: in one result center newest first, or (`branchId` null) in
 * every one the user is allowed, by result center and then newest first (the API's order).
 */
export const productMovementsOptions = (productId: string, branchId: string | null) =>
  infiniteQueryOptions({
    queryKey: inventoryKeys.movements(productId, branchId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<MovementsPage>(`/inventory/products/${productId}/movements`, { query: { branchId, cursor: pageParam, limit: MOVEMENTS_PAGE_SIZE }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });

/** The movements; while another result center's movements load, the rows shown stay (marked busy). */
export const useProductMovements = (productId: string, branchId: string | null) => useInfiniteQuery({ ...productMovementsOptions(productId, branchId), placeholderData: keepPreviousData });

/** Posts a staff movement (POST /inventory/movements); the product's balances and ledger, and the position, are read again. */
export function usePostMovement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<MovementPosted>('/inventory/movements', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
