import type { Punctuality, ScrapEntry, ScrapLedger } from '@ev/shared/schemas/financial';
import type { LoyaltyEntry, LoyaltyLedger, LoyaltyOwed, LoyaltyOwedItem } from '@ev/shared/schemas/loyalty';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { clientFinancialOptions, financialKeys, type FinancialFilter } from '@/lib/queries/clients';

/**
 * A client's financial requests (docs/web-layout.md, "API files"): GET /api/clients/{id}/financial,
 * /scrap, /punctuality, /loyalty; POST /scrap; and the company's loyalty balances owed (GET
 * /api/clients/loyalty-balances).
 */

/** The financial position: one definition in lib/queries, shared with the order entry. */
export { financialKeys, type FinancialFilter };
export const financialOptions = clientFinancialOptions;

export const useFinancialPosition = (clientId: string, f: FinancialFilter) => useQuery(financialOptions(clientId, f));

export function useScrapLedger(clientId: string) {
  return useQuery({
    queryKey: financialKeys.scrap(clientId),
    queryFn: ({ signal }) => api<ScrapLedger>(`/clients/${clientId}/scrap`, { query: { limit: 100 }, signal }),
    retry: false,
  });
}

/** POST /api/clients/{id}/scrap: a credit or a debit in kg; answers the entry and the new balance. */
export const postScrapEntry = (clientId: string, body: { history: string; type: string | null; credit?: string; debit?: string }) =>
  api<{ balance: string; entry: ScrapEntry }>(`/clients/${clientId}/scrap`, { method: 'POST', body });

export const punctualityOptions = (clientId: string) =>
  queryOptions({
    queryKey: financialKeys.punctuality(clientId),
    queryFn: ({ signal }) => api<Punctuality>(`/clients/${clientId}/punctuality`, { signal }),
    retry: false,
  });

// Loyalty (docs/loyalty.md): the client's cashback and points, and what the company owes in all.

export const LOYALTY_PAGE_SIZE = 20;

/** Under the client's financial keys: what invalidates the client's financial data reads the ledger again. */
export const loyaltyKeys = {
  ledger: (clientId: string) => [...financialKeys.all(clientId), 'loyalty'] as const,
  owed: ['clients', 'loyalty-balances'] as const,
};

/** A ledger's page as the paged list reads it (`items`), with the balance as of that read. */
export type LoyaltyPage = LoyaltyLedger & { items: LoyaltyEntry[] };

/** GET /api/clients/{id}/loyalty by pages: the balance (the first page's is shown) and the entries, newest first. */
export const loyaltyLedgerOptions = (clientId: string) =>
  infiniteQueryOptions({
    queryKey: loyaltyKeys.ledger(clientId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<LoyaltyLedger>(`/clients/${clientId}/loyalty`, { query: { limit: LOYALTY_PAGE_SIZE, cursor: pageParam ?? undefined }, signal }).then((page): LoyaltyPage => ({ ...page, items: page.entries })),
    getNextPageParam: (last) => last.nextCursor ?? null,
    retry: false,
  });

export const useLoyaltyLedger = (clientId: string) => useInfiniteQuery(loyaltyLedgerOptions(clientId));

export type LoyaltyOwedPage = LoyaltyOwed & { items: LoyaltyOwedItem[] };

/** GET /api/clients/loyalty-balances by pages: the company's totals (on every page) and the clients with a balance. */
export const loyaltyOwedOptions = () =>
  infiniteQueryOptions({
    queryKey: loyaltyKeys.owed,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<LoyaltyOwedPage>('/clients/loyalty-balances', { query: { limit: LOYALTY_PAGE_SIZE, cursor: pageParam ?? undefined }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
    retry: false,
  });

export const useLoyaltyOwed = () => useInfiniteQuery(loyaltyOwedOptions());
