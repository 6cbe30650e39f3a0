import { PRODUCT_STATUSES } from '@ev/shared/schemas/choices';
import { z } from 'zod';
import { choiceParam, idsParam, searchTextParam, sortParam , searchSchema, type SearchOf } from '@/components/list/search-params';

/** `/products`' search params: the search text, the filters and the sort. */
export const ProductListSearch = searchSchema(() => z.object({
  q: searchTextParam(),
  status: choiceParam(PRODUCT_STATUSES),
  groupIds: idsParam(),
  productCompanyIds: idsParam(),
  sort: sortParam(),
}));
export type ProductListSearch = SearchOf<typeof ProductListSearch>;
