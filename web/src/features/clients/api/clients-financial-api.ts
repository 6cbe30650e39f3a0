import type { Punctuality, ScrapEntry, ScrapLedger } from '@ev/shared/schemas/financial';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { clientFinancialOptions, financialKeys, type FinancialFilter } from '@/lib/queries/clients';

/** A client's financial requests (docs/web-layout.md, "API files"): GET /api/clients/{id}/financial, /scrap, /punctuality; POST /scrap. */

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
