import { z } from 'zod';
import { idParam , searchSchema, type SearchOf } from '@/components/list/search-params';

/** `/schedulings/itineraries` search params: the day (today when absent) and a salesman. */
export const ItinerariesSearch = searchSchema(() => z.object({
  date: z.iso.date().optional().catch(undefined),
  salesmanId: idParam(),
}));
export type ItinerariesSearch = SearchOf<typeof ItinerariesSearch>;
