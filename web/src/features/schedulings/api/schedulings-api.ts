import type { Scheduling, SchedulingList, SchedulingsPage as SchedulingsPageSchema, GeoFix } from '@ev/shared/schemas/schedulings';
import type { z } from 'zod';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { resourceChoicesOptions } from '@/lib/queries/resource';
import { recordOptions, useSaveRecordAt } from '@/lib/record-api';
import { queryParams } from '@/lib/query-params';

/** A page of schedulings as the API answers it, with the scope it was read in. */
export type SchedulingsPage = z.output<typeof SchedulingsPageSchema>;

export interface SchedulingFilter {
  list: SchedulingList;
  q?: string;
  from?: string;
  until?: string;
  typeId?: string;
  clientId?: string;
  salesmanId?: string;
  routeId?: string;
  city?: string;
  neighbourhood?: string;
  flagged?: boolean;
}

export const PAGE_SIZE = 20;

/**
 * Whether the user sees more schedulings than his own (the company, or a team with salesmen under
 * him), as a list answered it; before any answer, as the user's flags say. Only then is a salesman
 * filtered by or chosen (the lists, the itineraries, create several).
 */
export function seesOthers(scope: { kind: 'all' | 'team' | 'own'; salesmen: number | null } | undefined, user: { vendedor?: boolean; supervisor?: boolean } | null | undefined): boolean {
  if (scope) return scope.kind === 'all' || (scope.kind === 'team' && scope.salesmen !== 1);
  return !!user && (!user.vendedor || !!user.supervisor);
}

/** The query parameters of a filter (`queryParams`: empty values left out, the flagged ones as `flagged=true`). */
const queryOf = (f: SchedulingFilter) => queryParams(f, ['list', 'q', 'from', 'until', 'typeId', 'clientId', 'salesmanId', 'routeId', 'city', 'neighbourhood', 'flagged']);

export const schedulingKeys = {
  all: ['schedulings'] as const,
  list: (f: SchedulingFilter) => ['schedulings', 'list', queryOf(f)] as const,
  record: (id: string) => ['schedulings', 'record', id] as const,
  active: ['schedulings', 'active'] as const,
};

export const schedulingListOptions = (f: SchedulingFilter) =>
  infiniteQueryOptions({
    queryKey: schedulingKeys.list(f),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<SchedulingsPage>('/schedulings', { query: { ...queryOf(f), cursor: pageParam ?? undefined, limit: PAGE_SIZE }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });

export const useSchedulingList = (f: SchedulingFilter) => useInfiniteQuery(schedulingListOptions(f));

export const useScheduling = (id: string, enabled = true) => useQuery({ ...recordOptions<Scheduling>('/schedulings', schedulingKeys, id), enabled });

/** POST /schedulings (a new one) or PUT /schedulings/{id}: the answer is cached and the lists read again. */
export const useSaveScheduling = () => useSaveRecordAt<Scheduling>('/schedulings', schedulingKeys);

export type SchedulingMove =
  | { kind: 'start'; position: GeoFix | null }
  | { kind: 'close'; occurrenceTypeId: string; closingObservations: string | null; position: GeoFix | null; nextContactDate: string | null }
  | { kind: 'cancel' };

/** POST /schedulings/{id}/start|close|cancel over the version read; the answer is the cached record and the lists read again. */
export function useMoveScheduling() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, move }: { id: string; version: number; move: SchedulingMove }) => {
      const { kind, ...rest } = move;
      return api<Scheduling>(`/schedulings/${id}/${kind}`, { method: 'POST', body: { version, ...rest } });
    },
    onSuccess: (s) => {
      qc.setQueryData(schedulingKeys.record(s.id), s);
      void qc.invalidateQueries({ queryKey: [...schedulingKeys.all, 'list'] });
      // Its day's itinerary shows its status (and, cancelled, no longer holds it).
      void qc.invalidateQueries({ queryKey: [...schedulingKeys.all, 'itinerary'] });
      void qc.invalidateQueries({ queryKey: [...schedulingKeys.all, 'itineraries'] });
      // A start makes it the user's active one; a close or a cancel frees the user.
      void qc.invalidateQueries({ queryKey: schedulingKeys.active });
    },
  });
}

/** GET /schedulings/active: the user's scheduling under way, or null (the home's hint links it). */
export const activeSchedulingOptions = () =>
  queryOptions({
    queryKey: schedulingKeys.active,
    queryFn: ({ signal }) => api<Scheduling | null>('/schedulings/active', { signal }),
  });

export const useActiveScheduling = (enabled: boolean) => useQuery({ ...activeSchedulingOptions(), enabled });

/** The occurrence types a close picks from (a registry: its first hundred, by name). */
export function useOccurrenceTypes(enabled: boolean) {
  return useQuery({ ...resourceChoicesOptions<{ id: string; name: string }>('occurrences-types'), enabled });
}
