import type { Product, ProductSummary, ProductsPage } from '@ev/shared/schemas/products';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { resourceChoicesOptions } from '@/lib/queries/resource';
import { recordOptions, useRevalidateRecordAt, useSaveRecordAt, type NamedRecord } from '@/lib/record-api';
import { queryParams } from '@/lib/query-params';

export interface ProductFilter {
  q?: string;
  status?: string;
  groupIds?: string[];
  productCompanyIds?: string[];
}

export const PAGE_SIZE = 20;

/** The filter as the API reads it (`queryParams`: several ids comma-separated, `groupIds=a,b`; empties left out). */
const query = (f: ProductFilter) => queryParams(f, ['q', 'status', 'groupIds', 'productCompanyIds']);

export const productKeys = {
  all: ['products'] as const,
  list: (f: ProductFilter) => ['products', 'list', query(f)] as const,
  record: (id: string) => ['products', 'record', id] as const,
};

export const productListOptions = (f: ProductFilter) =>
  infiniteQueryOptions({
    queryKey: productKeys.list(f),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<ProductsPage>('/products', { query: { ...query(f), cursor: pageParam, limit: PAGE_SIZE }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });

export const useProductList = (f: ProductFilter) => useInfiniteQuery(productListOptions(f));

export const productOptions = (id: string) => recordOptions<Product>('/products', productKeys, id);

export const useProduct = (id: string, enabled = true) => useQuery({ ...productOptions(id), enabled });

/** The global search: the first `limit` products of a term (reference, name words or barcode). */
export function searchProducts(q: string, signal: AbortSignal, limit = 5): Promise<ProductSummary[]> {
  return api<ProductsPage>('/products', { query: { q, limit }, signal }).then((r) => r.items);
}

export const useSaveProduct = () => useSaveRecordAt<Product>('/products', productKeys);

export const useRevalidateProduct = () => useRevalidateRecordAt<Product>('/products', productKeys);

/** The registries a product points to. */
export type ProductReference = 'units' | 'product-groups' | 'product-companies' | 'sizes';


/**
 * Every record of a small registry (groups, companies: a list shows their names), up to 100, by
 * name. Registries are small; a longer one shows the first 100 names and ids for the rest.
 */
export function useRegistryNames(source: ProductReference) {
  return useQuery({ ...resourceChoicesOptions<NamedRecord>(source), select: toNames, staleTime: 5 * 60_000 });
}

const toNames = (items: NamedRecord[]) => new Map(items.map((r) => [r.id, r.name]));

