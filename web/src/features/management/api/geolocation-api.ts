import type { GeoKind, GeoPoints } from '@ev/shared/schemas/management';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { GeoKind, GeoPoint, GeoPoints } from '@ev/shared/schemas/management';

/** What the map asks: a period (none: today), a salesman, the kind of records. */
export interface GeoFilter {
  from?: string;
  until?: string;
  salesmanId?: string;
  kind: GeoKind;
}

export const geolocationOptions = (f: GeoFilter) =>
  queryOptions({
    queryKey: ['management', 'geolocation', f.from ?? null, f.until ?? null, f.salesmanId ?? null, f.kind] as const,
    queryFn: ({ signal }) => api<GeoPoints>('/management/geolocation', { query: { from: f.from, until: f.until, salesmanId: f.salesmanId, kind: f.kind }, signal }),
    // The points move with every sale closed and visit started: read again whenever the page is opened.
    staleTime: 0,
    // Another filter keeps the map on screen while its points load.
    placeholderData: keepPreviousData,
  });

export const useGeolocation = (f: GeoFilter) => useQuery(geolocationOptions(f));
