import type { ClientsDashboard } from '@ev/shared/schemas/clients-dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { ClientsDashboard, NamedCount } from '@ev/shared/schemas/clients-dashboard';

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
