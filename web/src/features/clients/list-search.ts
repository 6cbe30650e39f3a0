import { CLIENT_SITUATIONS, CLIENT_STATUSES } from '@ev/shared/schemas/choices';
import { z } from 'zod';
import { choiceParam, idParam, searchTextParam, sortParam , searchSchema, type SearchOf } from '@/components/list/search-params';

/**
 * `/clients`' search params: the search text, the filters and the sort, so a filtered list
 * survives a reload, a shared link and the back button.
 */
export const ClientListSearch = searchSchema(() => z.object({
  q: searchTextParam(),
  status: choiceParam(CLIENT_STATUSES),
  situation: choiceParam(CLIENT_SITUATIONS),
  salesmanId: idParam(),
  regionId: idParam(),
  routeId: idParam(),
  segmentId: idParam(),
  walletId: idParam(),
  sort: sortParam(),
}));
export type ClientListSearch = SearchOf<typeof ClientListSearch>;
