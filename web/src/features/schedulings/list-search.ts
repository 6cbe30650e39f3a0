import { z } from 'zod';
import { idParam, searchTextParam, sortParam, searchSchema, type SearchOf, dateParam } from '@/components/list/search-params';


/**
 * `/schedulings/pending` and `/schedulings/completed` search params: the search text (client or
 * type), the period, the type, client, salesman and route (by id), the city and the neighbourhood
 * (as typed), the flagged check-ins only, and the sort, so a filtered list survives a reload and
 * the back button.
 */
export const SchedulingListSearch = searchSchema(() => z.object({
  q: searchTextParam(),
  from: dateParam(),
  until: dateParam(),
  typeId: idParam(),
  clientId: idParam(),
  salesmanId: idParam(),
  routeId: idParam(),
  city: searchTextParam(),
  neighbourhood: searchTextParam(),
  flagged: z.literal(true).optional().catch(undefined),
  sort: sortParam(),
}));
export type SchedulingListSearch = SearchOf<typeof SchedulingListSearch>;
