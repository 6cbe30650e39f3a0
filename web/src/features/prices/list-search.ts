import { z } from 'zod';
import { idParam, idsParam, searchTextParam, sortParam , searchSchema, type SearchOf } from '@/components/list/search-params';

/** `/price-charts`' search params: the words, the price table, the groups and companies, the sort. */
export const PriceChartSearch = searchSchema(() => z.object({
  q: searchTextParam(),
  tableId: idParam(),
  groupIds: idsParam(),
  productCompanyIds: idsParam(),
  sort: sortParam(),
}));
export type PriceChartSearch = SearchOf<typeof PriceChartSearch>;
