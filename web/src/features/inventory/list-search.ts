import { POSITION_GROUPINGS } from '@ev/shared/schemas/choices';
import { z } from 'zod';
import { choiceParam, idsParam, searchTextParam, sortParam } from '@/components/list/search-params';

/** `/inventory`'s search params: the words, the result centers, groups and companies, the grouping, the sort. */
export const InventorySearch = z.object({
  q: searchTextParam,
  branchIds: idsParam,
  groupIds: idsParam,
  productCompanyIds: idsParam,
  grouping: choiceParam(POSITION_GROUPINGS),
  sort: sortParam,
});
export type InventorySearch = z.infer<typeof InventorySearch>;
