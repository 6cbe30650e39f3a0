import { PRODUCT_STATUSES } from '@ev/shared/schemas/choices';
import { z } from 'zod';
import { choiceParam, idsParam, searchTextParam, sortParam } from '@/components/list/search-params';

/** `/products`' search params: the search text, the filters and the sort. */
export const ProductListSearch = z.object({
  q: searchTextParam,
  status: choiceParam(PRODUCT_STATUSES),
  groupIds: idsParam,
  productCompanyIds: idsParam,
  sort: sortParam,
});
export type ProductListSearch = z.infer<typeof ProductListSearch>;
