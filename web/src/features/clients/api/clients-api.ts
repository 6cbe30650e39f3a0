import type { Client, ClientSummary } from '@ev/shared/schemas/clients';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api';
import { notify } from '@/lib/notices';
import * as device from '@/lib/offline/device';
import { clientKeys as sharedClientKeys, clientOptions } from '@/lib/queries/clients';
import { useRevalidateRecordAt, useSaveRecordAt } from '@/lib/record-api';
import type { CepAddress } from '@ev/shared/schemas/cep';
import { deviceClientRows } from '../device-list';

/**
 * A page of clients as the API answers it, with the scope it was read in; offline, the device's
 * (`device`: when its portfolio was synced, how many matched beyond the rows shown, and whether the
 * browser said it was online but the server was not reached).
 */
export interface ClientsPage {
  items: ClientSummary[];
  nextCursor: string | null;
  scope: { kind: 'own' | 'team' | 'all'; salesmen: number | null };
  device?: { syncedAt: string; total: number; unreached: boolean };
}

export interface ClientFilter {
  q?: string;
  status?: string;
  situation?: string;
  salesmanId?: string;
  regionId?: string;
  routeId?: string;
  segmentId?: string;
  walletId?: string;
}

export const PAGE_SIZE = 20;

/** A filter with its blank values left out (the list's query, the export's). */
export const clean = (f: ClientFilter) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, typeof v === 'string' && v.trim() ? v.trim() : undefined])) as ClientFilter;

/** The clients' keys (one definition in lib/queries, shared with the order entry), with the list's. */
export const clientKeys = {
  ...sharedClientKeys,
  list: (f: ClientFilter) => [...sharedClientKeys.all, 'list', clean(f)] as const,
};

/**
 * What the list answers from the device: the held clients the search text finds by the device's
 * rule (each word begins a word of the name, nickname or a city; digits are in the document), by
 * name, filtered as the API filters; one page. Undefined when the device never synced its portfolio.
 */
export async function deviceClientsPage(f: ClientFilter, unreached = false): Promise<ClientsPage | undefined> {
  const c = clean(f);
  const sync = await device.lastSync();
  if (!sync) return undefined;
  const { items, total } = deviceClientRows(await device.searchClients(c.q ?? '', Number.MAX_SAFE_INTEGER), c);
  return { items, nextCursor: null, scope: { kind: 'own', salesmen: null }, device: { syncedAt: sync.at, total, unreached } };
}

/** The clients' reads run offline too (`networkMode: 'always'`): offline, or when the server cannot be reached, the device answers. */
const anyNetwork = { networkMode: 'always' } as const;

export const clientListOptions = (f: ClientFilter) =>
  infiniteQueryOptions({
    queryKey: clientKeys.list(f),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const online = () => api<ClientsPage>('/clients', { query: { ...clean(f), cursor: pageParam, limit: PAGE_SIZE }, signal });
      // A next page is the server's (the device's answer is one page, whole).
      return pageParam ? online() : device.orDevice(online, (unreached) => deviceClientsPage(f, unreached));
    },
    getNextPageParam: (last) => last.nextCursor ?? null,
    ...anyNetwork,
  });

export const useClientList = (f: ClientFilter) => useInfiniteQuery(clientListOptions(f));

export { clientOptions };

/** A client as the page shows it: the server's, or offline the device's (`fromDevice`: read only). */
export type ClientShown = Client & { fromDevice?: boolean };

/** The held client, marked as the device's (undefined: not in the portfolio). */
export async function deviceClient(id: string): Promise<ClientShown | undefined> {
  const held = await device.getClient(id);
  return held ? { ...held, fromDevice: true } : undefined;
}

/** The client's page's read: the server's record, or the device's when offline or unreachable. */
export const clientShownOptions = (id: string) => {
  const online = clientOptions(id);
  return queryOptions({ ...online, ...anyNetwork, queryFn: (ctx) => device.orDevice(() => online.queryFn!(ctx) as Promise<ClientShown>, () => deviceClient(id)) });
};

export const useClient = (id: string, enabled = true) => useQuery({ ...clientShownOptions(id), enabled });

/** The client's financial summary the portfolio brought (open, overdue, to expire, credit left); null when not held. */
export const useDeviceFinancial = (clientId: string, enabled: boolean) =>
  useQuery({ queryKey: ['clients', 'device', 'financial', clientId] as const, queryFn: async () => (await device.getClientTerms(clientId))?.financial ?? null, enabled, ...anyNetwork });

export const useSaveClient = () => useSaveRecordAt<Client>('/clients', clientKeys);

export const useRevalidateClient = () => useRevalidateRecordAt<Client>('/clients', clientKeys);

/** The address of a CEP (8 digits); 404 with the spec's text when there is none. */
export const lookupCep = (cep: string, signal?: AbortSignal) => api<CepAddress>(`/cep/${cep}`, { signal });



/**
 * A client made from a WhatsApp contact (the AI area's contacts): the contact linked to it once it
 * is saved (POST /messages/contacts/{number}/link). A link refused (the contact changed meanwhile)
 * leaves the client saved: the contacts' list still offers the link.
 */
export function useLinkCreatedContact(contact: string | undefined) {
  const qc = useQueryClient();
  const { t } = useTranslation('clients');
  return async (clientId: string): Promise<void> => {
    if (!contact) return;
    try {
      await api(`/messages/contacts/${encodeURIComponent(contact)}/link`, { method: 'POST', body: { clientId } });
      void qc.invalidateQueries({ queryKey: ['messages'] });
    } catch {
      notify({ kind: 'warning', text: t('contactNotLinked') });
    }
  };
}
