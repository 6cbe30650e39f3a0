import type { ItinerariesDay as ItinerariesDaySchema, Itinerary, ItineraryProposal, StartPoint } from '@ev/shared/schemas/schedulings';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { schedulingKeys } from './schedulings-api';

export type ItinerariesDay = z.output<typeof ItinerariesDaySchema>;

export const itineraryKeys = {
  day: (date: string | undefined, salesmanId: string | undefined) => [...schedulingKeys.all, 'itineraries', date ?? 'today', salesmanId ?? null] as const,
  record: (id: string) => [...schedulingKeys.all, 'itinerary', id] as const,
};

/** GET /schedulings/itineraries: the day's itineraries in the user's scope (today when no date is given). */
export const useItineraries = (date: string | undefined, salesmanId: string | undefined) =>
  useQuery({
    queryKey: itineraryKeys.day(date, salesmanId),
    queryFn: ({ signal }) => api<ItinerariesDay>('/schedulings/itineraries', { query: { date, salesmanId }, signal }),
    placeholderData: keepPreviousData,
  });

export const useItinerary = (id: string) =>
  useQuery({
    queryKey: itineraryKeys.record(id),
    queryFn: ({ signal }) => api<Itinerary>(`/schedulings/itineraries/${id}`, { signal }),
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
