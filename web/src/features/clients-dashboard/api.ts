import type { ClientSituation, ClientStatus } from '@ev/shared/schemas/clients';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/clients/dashboard, as the API answers it (functions/src/routes/clients-dashboard.ts). */
export interface ClientsDashboard {
  scope: 'all' | 'team' | 'own';
  today: string;
  total: number;
  bySituation: { situation: ClientSituation; count: number }[];
  byStatus: { status: ClientStatus; count: number }[];
  bySegment: NamedCount[];
  byRegion: NamedCount[];
  newPerMonth: { month: string; count: number }[];
  withoutPurchase: { days: number; since: string; count: number };
}

export interface NamedCount {
  /** null: the clients without a segment (region). */
  id: string | null;
  name: string;
  count: number;
}

/** The periods the "without purchase" figure offers (the API takes any 1–3650). */
export const DAYS_CHOICES = [30, 60, 90, 180, 365] as const;
export const DEFAULT_DAYS = 90;

export const clientsDashboardKey = (days: number) => ['clients', 'dashboard', days] as const;

export const clientsDashboardOptions = (days: number) =>
  queryOptions({
    queryKey: clientsDashboardKey(days),
    queryFn: ({ signal }) => api<ClientsDashboard>('/clients/dashboard', { query: { days }, signal }),
    // Counts move with every client write: read again whenever the page is opened.
    staleTime: 0,
    // Changing N keeps the charts on screen while the new figure loads.
    placeholderData: keepPreviousData,
  });

export const useClientsDashboard = (days: number) => useQuery(clientsDashboardOptions(days));
