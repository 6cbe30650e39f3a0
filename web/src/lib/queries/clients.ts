import type { Client, ClientSummary } from '@ev/shared/schemas/clients';
import type { FinancialPosition, InstallmentStatus, InstallmentType } from '@ev/shared/schemas/financial';
import type { LoyaltyLedger } from '@ev/shared/schemas/loyalty';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { resourceKeys, resourceRecordOptions } from './resource';

/** The clients, one definition for every feature that reads them (the clients' screens, the order entry, the pickers). */
export const clientKeys = resourceKeys('clients');

/** The first `limit` clients of a term (name words, CPF/CNPJ or phone; none: the list's first), in the user's scope: the pickers and the global search. */
export function searchClients(q: string, signal: AbortSignal, limit: number): Promise<ClientSummary[]> {
  return api<{ items: ClientSummary[] }>('/clients', { query: { q: q || undefined, limit }, signal }).then((r) => r.items);
}

/** GET /clients/{id}. */
export const clientOptions = (id: string) => resourceRecordOptions<Client>('clients', id);

/** A client's financial position's filter (the client's "Financeiro" tab; the order entry reads it unfiltered). */
export interface FinancialFilter {
  status?: InstallmentStatus | '';
  type?: InstallmentType | '';
}

export const financialKeys = {
  all: (clientId: string) => ['clients', 'financial', clientId] as const,
  position: (clientId: string, f: FinancialFilter) => ['clients', 'financial', clientId, 'position', f.status || null, f.type || null] as const,
  scrap: (clientId: string) => ['clients', 'financial', clientId, 'scrap'] as const,
  punctuality: (clientId: string) => ['clients', 'financial', clientId, 'punctuality'] as const,
  loyalty: (clientId: string) => ['clients', 'financial', clientId, 'loyalty'] as const,
};

/** GET /clients/{id}/loyalty, its first page: the client's cashback and points today (the order entry reads the balance). */
export const clientLoyaltyOptions = (clientId: string) =>
  queryOptions({
    queryKey: [...financialKeys.loyalty(clientId), 'first'] as const,
    queryFn: ({ signal }) => api<LoyaltyLedger>(`/clients/${clientId}/loyalty`, { query: { limit: 20 }, signal }),
    retry: false,
  });

/** GET /clients/{id}/financial: the client's installments and totals. */
export const clientFinancialOptions = (clientId: string, f: FinancialFilter = {}) =>
  queryOptions({
    queryKey: financialKeys.position(clientId, f),
    queryFn: ({ signal }) => api<FinancialPosition>(`/clients/${clientId}/financial`, { query: { status: f.status || undefined, type: f.type || undefined }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
