import type { Scheduling, SchedulingCreateMany } from '@ev/shared/schemas/schedulings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { schedulingKeys, type SchedulingsPage } from './schedulings-api';

/** What POST /schedulings/many takes (the shared schema's input: the API validates it again). */
export type SchedulingCreateManyBody = z.input<typeof SchedulingCreateMany>;

/**
 * POST /schedulings/many: one scheduling per chosen client (in the order given), the dates spread
 * by the plan; all or none are written. The lists read again.
 */
export function useCreateManySchedulings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SchedulingCreateManyBody) => api<{ items: Scheduling[] }>('/schedulings/many', { method: 'POST', body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...schedulingKeys.all, 'list'] }),
  });
}

/**
 * Whose schedulings the user sees (his own, his team's, the company's), as the pending list answers
 * it (its first row only): who sees only his own schedules only for himself, so no salesman is asked.
 */
export const schedulingScopeOptions = () =>
  queryOptions({
    queryKey: [...schedulingKeys.all, 'scope'],
    queryFn: ({ signal }) => api<SchedulingsPage>('/schedulings', { query: { list: 'pending', limit: 1 }, signal }).then((p) => p.scope),
    staleTime: 5 * 60_000,
  });

export const useSchedulingScope = () => useQuery(schedulingScopeOptions());
