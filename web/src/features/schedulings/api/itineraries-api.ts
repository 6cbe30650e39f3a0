import type { ItinerariesDay as ItinerariesDaySchema, Itinerary, ItineraryProposal, StartPoint } from '@ev/shared/schemas/schedulings';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parseItineraryId } from '@ev/shared/schemas/schedulings';
import { api } from '@/lib/api';
import * as device from '@/lib/offline/device';
import { deviceItinerariesOf, deviceItineraryOf, type ItineraryShown } from '../itinerary-offline';
import { deviceVisits } from '../visit-offline';
import { deviceToday, NotHeldError, schedulingKeys } from './schedulings-api';

/** A day's itineraries as the API answers it; `fromDevice` when read from the device's portfolio (offline). */
export type ItinerariesDay = z.output<typeof ItinerariesDaySchema> & { fromDevice?: boolean };

export const itineraryKeys = {
  day: (date: string | undefined, salesmanId: string | undefined) => [...schedulingKeys.all, 'itineraries', date ?? 'today', salesmanId ?? null] as const,
  record: (id: string) => [...schedulingKeys.all, 'itinerary', id] as const,
};

/** GET /schedulings/itineraries: the day's itineraries in the user's scope (today when no date is given). */
export const useItineraries = (date: string | undefined, salesmanId: string | undefined) =>
  useQuery({
    queryKey: itineraryKeys.day(date, salesmanId),
    queryFn: ({ signal }) => device.orDevice(() => api<ItinerariesDay>('/schedulings/itineraries', { query: { date, salesmanId }, signal }), () => deviceItineraries(date, salesmanId)),
    placeholderData: keepPreviousData,
    networkMode: 'always',
  });

/**
 * The day's itineraries from the device (docs/offline.md, "The day's itinerary offline"): the
 * user's own day of the held schedulings (today, the company's, by default), each with what its
 * visit has waiting to send; nothing for a day the device does not hold.
 */
export async function deviceItineraries(date: string | undefined, salesmanId: string | undefined): Promise<ItinerariesDay> {
  const day = date ?? (await deviceToday());
  const [held, rows] = await Promise.all([device.schedulingsOn(day), device.queueItems()]);
  const items = deviceItinerariesOf(day, salesmanId ? held.filter((s) => s.salesmanId === salesmanId) : held, deviceVisits(rows));
  return { date: day, items, scope: { kind: 'own', salesmen: null }, fromDevice: true };
}

/** One day of the device's (the held schedulings in sequence, the held clients' places), or `NotHeldError`. */
export async function deviceItinerary(id: string): Promise<ItineraryShown> {
  const { date, salesmanId } = parseItineraryId(id);
  const [held, rows] = await Promise.all([device.schedulingsOn(date), device.queueItems()]);
  const ids = [...new Set(held.map((s) => s.clientId))];
  const clients = new Map(await Promise.all(ids.map(async (cid) => [cid, await device.getClient(cid)] as const)));
  const it = deviceItineraryOf(date, salesmanId, held, clients, deviceVisits(rows));
  if (!it) throw new NotHeldError(id);
  return it;
}

export const useItinerary = (id: string) =>
  useQuery({
    queryKey: itineraryKeys.record(id),
    queryFn: ({ signal }) => device.orDevice(() => api<ItineraryShown>(`/schedulings/itineraries/${id}`, { signal }), () => deviceItinerary(id)),
    networkMode: 'always',
  });

/**
 * PUT /schedulings/itineraries/{id}/order: the answer (the day in its new order) replaces the
 * cached one; the lists and the schedulings read again (their sequences changed).
 */
export function useReorderItinerary(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (order: string[]) => api<Itinerary>(`/schedulings/itineraries/${id}/order`, { method: 'PUT', body: { order } }),
    onSuccess: (it) => {
      qc.setQueryData(itineraryKeys.record(id), it);
      void qc.invalidateQueries({ queryKey: [...schedulingKeys.all, 'list'] });
      void qc.invalidateQueries({ queryKey: [...schedulingKeys.all, 'itineraries'] });
    },
  });
}

/** POST /schedulings/itineraries/{id}/optimise: a proposal only; nothing is written. */
export function useOptimiseItinerary(id: string) {
  return useMutation({
    mutationFn: (input: { from: StartPoint; position?: { latitude: number; longitude: number } | null }) =>
      api<ItineraryProposal>(`/schedulings/itineraries/${id}/optimise`, { method: 'POST', body: input }),
  });
}
