import type { FinancialPosition, InstallmentStatus, InstallmentType, Punctuality, ScrapEntry, ScrapLedger } from '@ev/shared/schemas/financial';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** A client's financial requests (docs/web-layout.md, "API files"): GET /api/clients/{id}/financial, /scrap, /punctuality; POST /scrap. */

export interface FinancialFilter {
  status?: InstallmentStatus | '';
  type?: InstallmentType | '';
}

export const financialKeys = {
  all: (clientId: string) => ['clients', 'financial', clientId] as const,
  position: (clientId: string, f: FinancialFilter) => ['clients', 'financial', clientId, 'position', f.status || null, f.type || null] as const,
  scrap: (clientId: string) => ['clients', 'financial', clientId, 'scrap'] as const,
  punctuality: (clientId: string) => ['clients', 'financial', clientId, 'punctuality'] as const,
};

export const financialOptions = (clientId: string, f: FinancialFilter) =>
  queryOptions({
    queryKey: financialKeys.position(clientId, f),
    queryFn: ({ signal }) => api<FinancialPosition>(`/clients/${clientId}/financial`, { query: { status: f.status || undefined, type: f.type || undefined }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

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
