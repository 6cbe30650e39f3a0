import { POSITION_GROUPINGS } from '@ev/shared/schemas/choices';
import { z } from 'zod';
import { choiceParam, idsParam, searchTextParam, sortParam , searchSchema, type SearchOf } from '@/components/list/search-params';

/** `/inventory`'s search params: the words, the result centers, groups and companies, the grouping, the sort. */
export const InventorySearch = searchSchema(() => z.object({
  q: searchTextParam(),
  branchIds: idsParam(),
  groupIds: idsParam(),
  productCompanyIds: idsParam(),
  grouping: choiceParam(POSITION_GROUPINGS),
  sort: sortParam(),
}));
export type InventorySearch = SearchOf<typeof InventorySearch>;
