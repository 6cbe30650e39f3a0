import type { Client } from '@ev/shared/schemas/clients';
import type { Sale, SaleCampaignOffers, SaleCatalogue, SaleCatalogueItem, SaleClientProducts, SaleDraftInput } from '@ev/shared/schemas/sales';
import type { UserSummary } from '@ev/shared/schemas/users';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { FinancialPosition } from '@ev/shared/schemas/financial';
import { deviceCatalogue, deviceClient, deviceClients, deviceFinancial, deviceRegistry, deviceRegistryRecord, isOffline, orDevice } from './entry-offline';
import { listedTextOf } from '@/lib/api-error-text';
import { clientFinancialOptions, clientKeys, clientLoyaltyOptions, clientOptions, financialKeys, searchClients } from '@/lib/queries/clients';
import { resourceChoicesOptions, resourceRecordOptions, resourceSaved } from '@/lib/queries/resource';
import { userKeys, userOptions } from '@/lib/queries/users';

/**
 * The order entry's calls (docs/sales.md "Order entry"). The client, its financial position and the
 * registries are read through their one definition in lib/queries (the client's screens read the
 * same cache entries), so a client saved elsewhere shows here at once, and the entry's own save of
 * a client reaches them.
 */

export const searchEntryClients = (q: string, signal: AbortSignal) =>
  orDevice(
    () => searchClients(q, signal, 10),
    () => deviceClients(q),
  );

/** The clients' picker: its searches cached under the clients' key, so a client saved elsewhere is found by its new name. */
export const entryClientSearchKey = clientKeys.search({ limit: '10' });

/**
 * The entry's reads run whatever the browser says of the connection (`networkMode: 'always'`):
 * offline they answer from the device (entry-offline.ts), where TanStack Query would only pause.
 */
const anyNetwork = { networkMode: 'always' } as const;

export const entryClientOptions = (id: string | null) => {
  const online = clientOptions(id ?? '');
  return queryOptions({ ...online, ...anyNetwork, queryFn: (ctx) => orDevice(() => online.queryFn!(ctx) as Promise<Client>, () => deviceClient(id ?? '')), enabled: !!id, staleTime: 60_000 });
};

export const entryFinancialOptions = (id: string | null, enabled: boolean) => {
  const online = clientFinancialOptions(id ?? '');
  return queryOptions({ ...online, ...anyNetwork, queryFn: (ctx) => orDevice(() => online.queryFn!(ctx) as Promise<FinancialPosition>, () => deviceFinancial(id ?? '')), enabled: !!id && enabled, staleTime: 60_000 });
};

/** The client's cashback and points it may use in the order (docs/loyalty.md), where the company uses either; offline, none is used. */
export const entryLoyaltyOptions = (id: string | null, enabled: boolean) => queryOptions({ ...clientLoyaltyOptions(id ?? ''), enabled: !!id && enabled && !isOffline(), staleTime: 30_000 });

/** After a sale was closed: the client's financial position reads again (its new installments). */
export const clientFinancialChanged = (qc: QueryClient, clientId: string) => qc.invalidateQueries({ queryKey: financialKeys.all(clientId) });

/** The salesmen's picker: its searches cached under the users' key, so a user saved elsewhere is found by its new name. */
export const entrySalesmanSearchKey = userKeys.search({ sells: 'true', active: 'true', limit: '10' });

/** Who may be the order's salesman where none follows from the rules: active users who sell, in the user's scope. */
export const searchEntrySalesmen = (q: string, signal: AbortSignal) =>
  api<{ items: UserSummary[] }>('/users', { query: { q: q || undefined, sells: 'true', active: 'true', limit: 10 }, signal }).then((r) => r.items);

/** The chosen salesman's record (his name on a draft opened again), under the users' one key. */
export const entryUserOptions = (id: string | null, enabled: boolean) => queryOptions({ ...userOptions(id ?? ''), enabled: !!id && enabled, staleTime: 5 * 60_000 });

/** A registry's records for a select (the small registries: natures, conditions, tables, companies). */
export interface RegistryOption {
  id: string;
  name: string;
  [field: string]: unknown;
}

export const registryOptions = (source: string, enabled = true) => {
  const online = resourceChoicesOptions<RegistryOption>(source);
  return queryOptions({ ...online, ...anyNetwork, queryFn: (ctx) => orDevice(() => online.queryFn!(ctx) as Promise<RegistryOption[]>, () => deviceRegistry(source)), enabled, staleTime: 5 * 60_000 });
};

/** One registry record with every field (the chosen condition's terms and rates, the nature's financial movement). */
export const registryRecordOptions = (source: string, id: string | null) => {
  const online = resourceRecordOptions<RegistryOption>(source, id ?? '');
  return queryOptions({ ...online, ...anyNetwork, queryFn: (ctx) => orDevice(() => online.queryFn!(ctx) as Promise<RegistryOption>, () => deviceRegistryRecord(source, id ?? '')), enabled: !!id, staleTime: 5 * 60_000 });
};

export const catalogue = (body: { clientId: string | null; priceTableId: string | null; q?: string; productIds?: string[]; limit?: number }, signal?: AbortSignal): Promise<SaleCatalogue & { stockAt?: string | null }> =>
  orDevice(() => api<SaleCatalogue>('/sales/catalogue', { method: 'POST', body, signal }), () => deviceCatalogue(body));

/** What the client bought in its latest sales: the entry's suggestions and last prices (the company's settings). */
export const clientProductsOptions = (clientId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: ['sales', 'entry', 'client-products', clientId],
    queryFn: ({ signal }) => orDevice(() => api<SaleClientProducts>(`/sales/client-products/${clientId}`, { signal }), async (): Promise<SaleClientProducts> => ({ sales: 0, items: [] })),
    ...anyNetwork,
    enabled: !!clientId && enabled,
    staleTime: 5 * 60_000,
  });

/** The campaigns in force for an order of the client (docs/campaigns.md): what each line's campaign is decided from. */
export const campaignOffersOptions = (clientId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: ['sales', 'entry', 'campaigns', clientId],
    // Offline no campaign is offered: the server decides each line's campaign again when the order arrives.
    queryFn: ({ signal }) => orDevice(() => api<SaleCampaignOffers>(`/sales/campaigns/${clientId}`, { signal }), async (): Promise<SaleCampaignOffers> => ({ enabled: false, required: false, items: [] })),
    ...anyNetwork,
    enabled: !!clientId && enabled,
    staleTime: 60_000,
  });

export const createDraft = (body: SaleDraftInput) => api<Sale>('/sales', { method: 'POST', body });
/** PUT /sales/{id}: a draft saved as the user types, or a pending sale corrected (with an authorizer's password when a price goes below its minimum). */
export const saveDraft = (id: string, version: number, body: SaleDraftInput & { authorization?: { email: string; password: string } | null }) =>
  api<Sale>(`/sales/${id}`, { method: 'PUT', body: { ...body, version } });
export const readDraft = (id: string, signal?: AbortSignal) => api<Sale>(`/sales/${id}`, { signal });
export const deleteDraft = (id: string) => api<Sale>(`/sales/${id}`, { method: 'DELETE' });
export const cloneSale = (id: string) => api<Sale>(`/sales/${id}/clone`, { method: 'POST' });

export interface CloseBody {
  version: number;
  acceptShortStock: boolean;
  geolocation: { latitude: number; longitude: number; accuracy: number } | null;
  authorization: { email: string; password: string } | null;
}

export const closeDraft = (id: string, body: CloseBody, key: string) => api<Sale>(`/sales/${id}/close`, { method: 'POST', body, headers: { 'Idempotency-Key': key } });

/** The client's incomplete registration completed in place (the whole record over its version, as the client form saves it); every screen's client follows. */
export const completeClient = (qc: QueryClient, client: Client, fields: Pick<Client, 'name' | 'nickname' | 'email' | 'document'>) =>
  api<Client>(`/clients/${client.id}`, { method: 'PUT', body: { ...client, ...fields } }).then(async (saved) => {
    await resourceSaved(qc, clientKeys, saved);
    return saved;
  });

/** Why a product of the catalogue cannot go on the order, in the user's language (null: it can). */
export const catalogueReason = (p: Pick<SaleCatalogueItem, 'reason' | 'reasonText'>): string | null => (p.reasonText ? listedTextOf(p.reasonText) : p.reason);
