import { addDays, businessDate, DEFAULT_TIME_ZONE } from '@ev/shared/calendar';
import { OFFLINE_SCHEDULING_DAYS, type OfflineSyncItem } from '@ev/shared/schemas/offline';
import { listOf, type GeoFix, type Scheduling, type SchedulingDetail, type SchedulingList, type SchedulingsPage as SchedulingsPageSchema } from '@ev/shared/schemas/schedulings';
import { fold } from '@ev/shared/text';
import type { z } from 'zod';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api';
import * as device from '@/lib/offline/device';
import { resourceChoicesOptions } from '@/lib/queries/resource';
import { recordOptions, useSaveRecordAt } from '@/lib/record-api';
import { queryParams } from '@/lib/query-params';
import { activeOnDevice, deviceVisit, deviceVisits, refusedVisit, withDeviceVisit } from '../visit-offline';

/** A page of schedulings as the API answers it, with the scope it was read in; `fromDevice` when read from the device's portfolio (offline). */
export type SchedulingsPage = z.output<typeof SchedulingsPageSchema> & { fromDevice?: boolean; waiting?: string[] };

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
  /** What the device's queue and review list hold of the visits (read again whenever the data layer writes). */
  device: ['schedulings', 'device'] as const,
  deviceVisit: (id: string) => ['schedulings', 'device', 'visit', id] as const,
};

/**
 * The reads a salesperson needs in the field run whatever the browser says of the connection
 * (`networkMode: 'always'`): offline, or when the server cannot be reached, they answer from the
 * device's portfolio (docs/offline.md, "Visits offline"), where TanStack Query would only pause.
 */
const anyNetwork = { networkMode: 'always' } as const;

/** Today for the device: the company's day, in the last sync's time zone. */
export async function deviceToday(): Promise<string> {
  const sync = await device.lastSync();
  return businessDate(sync?.timezone ?? DEFAULT_TIME_ZONE, new Date());
}

/** The days the device keeps schedulings of: today (the company's, as the last sync said) and the next ones. */
async function deviceDays(): Promise<string[]> {
  const today = await deviceToday();
  return Array.from({ length: OFFLINE_SCHEDULING_DAYS + 1 }, (_, i) => addDays(today, i));
}

/** What the list answers, from the device: the held schedulings of today and the next days, each with what its visit has waiting to send, filtered as the API filters. */
export async function deviceSchedulingsPage(f: SchedulingFilter): Promise<SchedulingsPage> {
  const [days, rows] = await Promise.all([deviceDays(), device.queueItems()]);
  const held = (await Promise.all(days.map((d) => device.schedulingsOn(d)))).flat();
  const visits = deviceVisits(rows);
  const terms = fold(f.q ?? '').split(/\s+/).filter(Boolean);
  const same = (a: string | null, b: string | undefined) => !b || fold(a ?? '') === fold(b);
  const items = held
    .map((s) => withDeviceVisit(s, visits.get(s.id) ?? null))
    .filter(
      (s) =>
        listOf(s.status) === f.list &&
        (!f.from || s.date >= f.from) &&
        (!f.until || s.date <= f.until) &&
        (!f.typeId || s.typeId === f.typeId) &&
        (!f.clientId || s.clientId === f.clientId) &&
        (!f.salesmanId || s.salesmanId === f.salesmanId) &&
        (!f.routeId || s.routeId === f.routeId) &&
        same(s.city, f.city) &&
        same(s.neighbourhood, f.neighbourhood) &&
        (!f.flagged || s.flagged) &&
        terms.every((t) => fold(`${s.clientName} ${s.typeName}`).includes(t)),
    );
  // The next first to do; the last first when done (as the API's lists).
  if (f.list === 'completed') items.reverse();
  return { items, nextCursor: null, scope: { kind: 'own', salesmen: null }, fromDevice: true, waiting: items.filter((s) => visits.has(s.id)).map((s) => s.id) };
}

export const schedulingListOptions = (f: SchedulingFilter) =>
  infiniteQueryOptions({
    queryKey: schedulingKeys.list(f),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const online = () => api<SchedulingsPage>('/schedulings', { query: { ...queryOf(f), cursor: pageParam ?? undefined, limit: PAGE_SIZE }, signal });
      // A next page is the server's (the device's answer is one page, whole).
      return pageParam ? online() : device.orDevice(online, () => deviceSchedulingsPage(f));
    },
    getNextPageParam: (last) => last.nextCursor ?? null,
    ...anyNetwork,
  });

export const useSchedulingList = (f: SchedulingFilter) => useInfiniteQuery(schedulingListOptions(f));

/** The scheduling the detail shows: the server's, or offline the device's (`fromDevice`), with what its visit has waiting to send shown apart. */
export type SchedulingShown = SchedulingDetail & { fromDevice?: boolean };

/** The device does not hold this scheduling (not among the days it keeps, or never synced). */
export class NotHeldError extends Error {
  constructor(id: string) {
    super(`scheduling ${id} is not held on this device`);
    this.name = 'NotHeldError';
  }
}

export async function deviceScheduling(id: string): Promise<SchedulingShown> {
  const held = await device.getScheduling(id);
  if (!held) throw new NotHeldError(id);
  return { ...held, suggestedNextContact: null, fromDevice: true };
}

export const schedulingOptions = (id: string) => {
  const online = recordOptions<SchedulingShown>('/schedulings', schedulingKeys, id);
  return queryOptions({ ...online, ...anyNetwork, queryFn: (ctx) => device.orDevice(() => online.queryFn!(ctx) as Promise<SchedulingShown>, () => deviceScheduling(id)) });
};

export const useScheduling = (id: string, enabled = true) => useQuery({ ...schedulingOptions(id), enabled });

/** What the device's queue holds of this scheduling's visit, and the latest refusal of it in the review list. */
export const useDeviceVisit = (id: string, enabled = true) =>
  useQuery({
    queryKey: schedulingKeys.deviceVisit(id),
    queryFn: async () => {
      const [queue, review] = await Promise.all([device.queueItems(), device.reviewItems()]);
      return { visit: deviceVisit(queue, id), refused: refusedVisit(review, id) };
    },
    ...anyNetwork,
    enabled,
  });

/**
 * Keeps the schedulings' screens in step with the device: whenever the data layer writes (in any
 * tab), what the queue holds is read again; when a visit item left the queue (sent, or refused),
 * every schedulings query reads again, so the detail shows the server's record.
 */
export function useDeviceVisitsRefresh(): void {
  const qc = useQueryClient();
  useEffect(() => {
    let keys: Set<string> | null = null;
    let alive = true;
    const look = async () => {
      const rows = await device.queueItems();
      const now = new Set(rows.filter((r) => r.kind === 'visit').map((r) => r.key));
      const left = !!keys && [...keys].some((k) => !now.has(k));
      keys = now;
      if (!alive) return;
      void qc.invalidateQueries({ queryKey: left ? schedulingKeys.all : schedulingKeys.device });
    };
    void look().catch(() => undefined);
    const off = device.onOfflineChange(() => void look().catch(() => undefined));
    return () => {
      alive = false;
      off();
    };
  }, [qc]);
}

/** A visit's start or close queued on this device (the item as the contract sends it); the screens read it again. */
export function useQueueVisit() {
  const qc = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ item, label, amend }: { item: Extract<OfflineSyncItem, { kind: 'visit' }>; label: string; amend?: { key: string; close: NonNullable<Extract<OfflineSyncItem, { kind: 'visit' }>['close']>; label: string } }) => {
      if (amend) {
        const out = await device.amendQueued(amend.key, (row) => {
          const queued = row.item as Extract<OfflineSyncItem, { kind: 'visit' }>;
          // The close goes over the version after the queued start.
          return { item: { ...queued, close: { ...amend.close, version: (queued.start?.version ?? amend.close.version - 1) + 1 } }, label: amend.label };
        });
        if (out.ok) return out.row;
        if (out.reason === 'busy') throw new QueueBusyError();
        // Gone (sent meanwhile): the close goes as an item of its own.
      }
      return device.enqueue(item, { label });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: schedulingKeys.all }),
  });
}

/** The queue is being sent and the amendment waited too long: the user tries again in a moment. */
export class QueueBusyError extends Error {
  constructor() {
    super('the queue is being sent');
    this.name = 'QueueBusyError';
  }
}

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
      // The device's copy too, so it does not offer this move again if the signal goes before the next sync.
      void device.keepScheduling(s).catch(() => undefined);
      void qc.invalidateQueries({ queryKey: [...schedulingKeys.all, 'list'] });
      // Its day's itinerary shows its status (and, cancelled, no longer holds it).
      void qc.invalidateQueries({ queryKey: [...schedulingKeys.all, 'itinerary'] });
      void qc.invalidateQueries({ queryKey: [...schedulingKeys.all, 'itineraries'] });
      // A start makes it the user's active one; a close or a cancel frees the user.
      void qc.invalidateQueries({ queryKey: schedulingKeys.active });
    },
  });
}

/**
 * The user's scheduling under way from the device: a visit started on this device and waiting to
 * send (not closed there), else a held one under way that no queued close has ended; else null.
 */
export async function deviceActiveScheduling(): Promise<Scheduling | null> {
  const [days, rows] = await Promise.all([deviceDays(), device.queueItems()]);
  const held = (await Promise.all(days.map((d) => device.schedulingsOn(d)))).flat();
  return activeOnDevice(held, deviceVisits(rows));
}

/**
 * GET /schedulings/active: the user's scheduling under way, or null (the home's hint links it);
 * offline, or when the server cannot be reached, the device's answer (never a paused query).
 */
export const activeSchedulingOptions = () =>
  queryOptions({
    queryKey: schedulingKeys.active,
    queryFn: ({ signal }) => device.orDevice(() => api<Scheduling | null>('/schedulings/active', { signal }), deviceActiveScheduling),
    ...anyNetwork,
  });

export const useActiveScheduling = (enabled: boolean) => useQuery({ ...activeSchedulingOptions(), enabled });

/** The occurrence types a close picks from (a registry: its first hundred, by name); offline, the active ones the portfolio brought. */
export function useOccurrenceTypes(enabled: boolean) {
  const online = resourceChoicesOptions<{ id: string; name: string }>('occurrences-types');
  const held = async () =>
    ((await device.registryRecords('occurrences-types')) as { id: string; name: string }[]).map((r) => ({ id: r.id, name: String(r.name) })).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  return useQuery({ ...online, ...anyNetwork, queryFn: (ctx) => device.orDevice(() => online.queryFn!(ctx) as Promise<{ id: string; name: string }[]>, held), enabled });
}
