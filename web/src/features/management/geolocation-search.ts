import { GEO_KINDS } from '@ev/shared/schemas/management';
import { z } from 'zod';
import { idParam } from '@/components/list/search-params';

const dateParam = z.iso.date().optional().catch(undefined);

/** `/management/dashboard-geolocation` search params: the period, the salesman and the kind, so a map survives a reload and the back button. */
export const GeolocationSearch = z.object({
  from: dateParam,
  until: dateParam,
  salesmanId: idParam,
  kind: z.enum(GEO_KINDS).optional().catch(undefined),
});
export type GeolocationSearch = z.infer<typeof GeolocationSearch>;
