import { SALE_STATUSES } from '@ev/shared/sales/status';
import { z } from 'zod';
import { choiceParam, searchTextParam, sortParam } from '@/components/list/search-params';

const dateParam = z.iso.date().optional().catch(undefined);

/**
 * `/sales`' search params: the tab (orders or drafts), the search text (number or client), the
 * status and the period, and the sort, so a filtered list survives a reload and the back button.
 */
export const SaleListSearch = z.object({
  tab: z.enum(['drafts']).optional().catch(undefined),
  q: searchTextParam,
  status: choiceParam(SALE_STATUSES),
  from: dateParam,
  until: dateParam,
  sort: sortParam,
});
export type SaleListSearch = z.infer<typeof SaleListSearch>;
