import { GEO_KINDS } from '@ev/shared/schemas/choices';
import { z } from 'zod';
import { idParam, searchSchema, type SearchOf, dateParam } from '@/components/list/search-params';


/** `/management/dashboard-geolocation` search params: the period, the salesman and the kind, so a map survives a reload and the back button. */
export const GeolocationSearch = searchSchema(() => z.object({
  from: dateParam(),
  until: dateParam(),
  salesmanId: idParam(),
  kind: z.enum(GEO_KINDS).optional().catch(undefined),
}));
export type GeolocationSearch = SearchOf<typeof GeolocationSearch>;
