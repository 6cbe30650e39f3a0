import type { StoreClient, StorePublic, StoreSale, StoreSalesPage, StoreSession } from '@ev/shared/schemas/store';
import { infiniteQueryOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
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
