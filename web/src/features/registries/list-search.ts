import { z } from 'zod';
import { searchTextParam, sortParam , searchSchema, type SearchOf } from '@/components/list/search-params';

/** A registry list's search params: the search text, the sort (the declaration's server sorts) and the status filter. */
export const RegistryListSearch = searchSchema(() => z.object({
  q: searchTextParam(),
  sort: sortParam(),
  status: z.string().max(40).optional().catch(undefined),
}));
export type RegistryListSearch = SearchOf<typeof RegistryListSearch>;
