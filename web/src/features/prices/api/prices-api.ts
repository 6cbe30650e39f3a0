import type { PriceChartPage, ProductPrices, TablePrice } from '@ev/shared/schemas/prices';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { resourceChoicesOptions } from '@/lib/queries/resource';
import { queryParams } from '@/lib/query-params';

/** The filters of the price chart (GET /api/price-chart). Empty lists mean "all"; no table: the default. */
export interface ChartFilter {
  q: string;
  groupIds: string[];
  productCompanyIds: string[];
  tableId: string | null;
}

export const PAGE_SIZE = 50;

/** The query string (lists as comma-separated ids, sorted so the cache key is stable) and the export's query. */
export const chartQuery = (f: ChartFilter) => queryParams(f, ['q', 'groupIds', 'productCompanyIds', 'tableId']);
export function exportQuery(f: ChartFilter): Record<string, unknown> {
  return {
    ...(f.q.trim() ? { q: f.q.trim() } : {}),
    groupIds: f.groupIds,
    productCompanyIds: f.productCompanyIds,
    ...(f.tableId ? { tableId: f.tableId } : {}),
  };
}

export const pricesKeys = {
  chart: (f: ChartFilter) => ['prices', 'chart', chartQuery(f)] as const,
  product: (productId: string) => ['prices', 'product', productId] as const,
};

export const chartOptions = (f: ChartFilter) =>
  infiniteQueryOptions({
    queryKey: pricesKeys.chart(f),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<PriceChartPage>('/price-chart', { query: { ...chartQuery(f), cursor: pageParam, limit: PAGE_SIZE }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });

export const useChart = (f: ChartFilter) => useInfiniteQuery(chartOptions(f));

/** Pages of the chart, read on demand (the WhatsApp text), up to `max` rows. */
export async function chartRowsUpTo(f: ChartFilter, max: number, signal?: AbortSignal): Promise<{ first: PriceChartPage; rows: PriceChartPage['items']; more: boolean }> {
  let cursor: string | null = null;
  let first: PriceChartPage | null = null;
  const rows: PriceChartPage['items'] = [];
  do {
    const page: PriceChartPage = await api<PriceChartPage>('/price-chart', { query: { ...chartQuery(f), cursor, limit: 100 }, signal });
    first ??= page;
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && rows.length < max);
  return { first: first!, rows, more: !!cursor };
}

/** The company's price tables, by name (for the chart's select): at most 100. */
export const useTables = () => useQuery(resourceChoicesOptions<{ id: string; name: string; isDefault: boolean; validFrom: string | null; validUntil: string | null }>('price-tables'));

// A product's prices (the "Preços" tab of the product page).

export const productPricesOptions = (productId: string) =>
  queryOptions({ queryKey: pricesKeys.product(productId), queryFn: ({ signal }) => api<ProductPrices>(`/products/${productId}/prices`, { signal }) });

export const useProductPrices = (productId: string) => useQuery(productPricesOptions(productId));

export function useSetPrice(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ tableId, price }: { tableId: string; price: string }) => api<TablePrice>(`/products/${productId}/prices/${tableId}`, { method: 'PUT', body: { price } }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: pricesKeys.product(productId) }), client.invalidateQueries({ queryKey: ['prices', 'chart'] })]),
  });
}

export function useRemovePrice(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tableId: string) => api<TablePrice>(`/products/${productId}/prices/${tableId}`, { method: 'DELETE' }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: pricesKeys.product(productId) }), client.invalidateQueries({ queryKey: ['prices', 'chart'] })]),
  });
}
