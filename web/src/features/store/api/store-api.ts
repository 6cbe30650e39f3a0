import type { StoreCartInput, StoreClient, StoreProfile, StorePrices, StoreProductsPage, StorePublic, StoreQuote, StoreSale, StoreSalesPage, StoreSession } from '@ev/shared/schemas/store';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, type RequestOptions } from '@/lib/api';
import { storeSession } from '../store-session';

/**
 * The store's calls (docs/store.md): the public ones without a session, the client's with its
 * store token only (never the company's); a 401 ends the store's session (its login shows again).
 */
export const storeKeys = {
  all: (slug: string) => ['store', slug] as const,
  store: (slug: string) => ['store', slug, 'public'] as const,
  me: (slug: string) => ['store', slug, 'me'] as const,
  sales: (slug: string) => ['store', slug, 'sales'] as const,
  sale: (slug: string, id: string) => ['store', slug, 'sales', id] as const,
  profile: (slug: string) => ['store', slug, 'profile'] as const,
  products: (slug: string, q: string) => ['store', slug, 'products', q] as const,
  prices: (slug: string, ids: string[]) => ['store', slug, 'prices', ids] as const,
  cart: (slug: string, cart: StoreCartInput) => ['store', slug, 'cart', cart] as const,
};

const path = (slug: string, rest = '') => `/store/${encodeURIComponent(slug)}${rest}`;

/** A call as the store's client: its token, and a 401 ends the session. */
async function asClient<T>(slug: string, rest: string, opts: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  const token = storeSession.get(slug)?.token;
  if (!token) throw new ApiError(401, 'auth.unauthenticated', '');
  try {
    return await api<T>(path(slug, rest), { ...opts, token });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) storeSession.end(slug);
    throw e;
  }
}

export const storePublicOptions = (slug: string) =>
  queryOptions({ queryKey: storeKeys.store(slug), queryFn: ({ signal }) => api<StorePublic>(path(slug), { anonymous: true, signal }), retry: false, staleTime: 60_000 });

export const useStoreMe = (slug: string, enabled: boolean) =>
  useQuery({ queryKey: storeKeys.me(slug), queryFn: ({ signal }) => asClient<StoreClient>(slug, '/me', { signal }), enabled, retry: false });

export const storeSalesOptions = (slug: string) =>
  infiniteQueryOptions({
    queryKey: storeKeys.sales(slug),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => asClient<StoreSalesPage>(slug, '/sales', { query: { limit: 20, cursor: pageParam ?? undefined }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
    retry: false,
  });

export const storeSaleOptions = (slug: string, id: string) => queryOptions({ queryKey: storeKeys.sale(slug, id), queryFn: ({ signal }) => asClient<StoreSale>(slug, `/sales/${id}`, { signal }), retry: false });

export const useStoreLogin = (slug: string) =>
  useMutation({
    mutationFn: (body: { email: string; password: string; clientId?: string }) => api<StoreSession>(path(slug, '/login'), { method: 'POST', body, anonymous: true }),
    onSuccess: (session) => storeSession.start(slug, session),
  });

export const useStoreLogout = (slug: string) =>
  useMutation({
    mutationFn: () => asClient<unknown>(slug, '/logout', { method: 'POST' }).catch(() => undefined),
    onSettled: () => storeSession.end(slug),
  });

export const useStoreForgot = (slug: string) => useMutation({ mutationFn: (body: { email: string }) => api<{ message: string }>(path(slug, '/forgot-password'), { method: 'POST', body, anonymous: true }) });

export const useStoreRedefine = (slug: string) =>
  useMutation({ mutationFn: (body: { token: string; password: string; confirmation: string }) => api<{ message: string }>(path(slug, '/redefine'), { method: 'POST', body, anonymous: true }) });

/** The catalogue's public pages (no price, no stock: the CDN caches them), by name or a search. */
export const storeProductsOptions = (slug: string, q: string) =>
  infiniteQueryOptions({
    queryKey: storeKeys.products(slug, q),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<StoreProductsPage>(path(slug, '/products'), { query: { q: q || undefined, limit: 30, cursor: pageParam ?? undefined }, anonymous: true, signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
    retry: false,
  });

/** The client's prices and stock of the products on screen. */
export const useStorePrices = (slug: string, productIds: string[]) =>
  useQuery({
    queryKey: storeKeys.prices(slug, productIds),
    queryFn: ({ signal }) => asClient<StorePrices>(slug, '/prices', { method: 'POST', body: { productIds }, signal }),
    enabled: productIds.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The cart figured by the server as the close will figure it (nothing written). */
export const useStoreQuote = (slug: string, cart: StoreCartInput, enabled: boolean) =>
  useQuery({
    queryKey: storeKeys.cart(slug, cart),
    queryFn: ({ signal }) => asClient<StoreQuote>(slug, '/cart', { method: 'POST', body: cart, signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The purchase, once per key (a retry after a lost answer sends the same key and gets the same order). */
export const useStorePurchase = (slug: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ cart, key }: { cart: StoreCartInput; key: string }) => asClient<StoreSale>(slug, '/orders', { method: 'POST', body: cart, headers: { 'idempotency-key': key } }),
    onSuccess: (sale) => {
      qc.setQueryData(storeKeys.sale(slug, sale.id), sale);
      void qc.invalidateQueries({ queryKey: storeKeys.sales(slug) });
    },
  });
};

/** A new Pix on an order, or the sandbox's simulated payment: the order as it stands after. */
export const useStoreOrderAction = (slug: string, id: string, action: 'pix' | 'sandbox-pay') => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => asClient<StoreSale>(slug, `/sales/${id}/${action}`, { method: 'POST' }),
    onSuccess: (sale) => {
      qc.setQueryData(storeKeys.sale(slug, id), sale);
      void qc.invalidateQueries({ queryKey: storeKeys.sales(slug) });
    },
  });
};

/** "Meus dados": the client's record as the store shows it. */
export const storeProfileOptions = (slug: string) => queryOptions({ queryKey: storeKeys.profile(slug), queryFn: ({ signal }) => asClient<StoreProfile>(slug, '/profile', { signal }), retry: false });

export const useSaveStoreProfile = (slug: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => asClient<StoreProfile>(slug, '/profile', { method: 'PUT', body }),
    onSuccess: (saved) => qc.setQueryData(storeKeys.profile(slug), saved),
  });
};

/** The password changed with the current one: this session goes on with the new token. */
export const useStorePassword = (slug: string) =>
  useMutation({
    mutationFn: (body: { current: string; password: string; confirmation: string }) => asClient<StoreSession>(slug, '/password', { method: 'POST', body }),
    onSuccess: (session) => storeSession.start(slug, session),
  });
