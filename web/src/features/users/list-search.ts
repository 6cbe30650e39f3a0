import { USER_FLAGS } from '@ev/shared/schemas/choices';
import { z } from 'zod';
import { choiceParam, idParam, searchTextParam, sortParam , searchSchema, type SearchOf } from '@/components/list/search-params';

/**
 * `/permissions/users`' search params: the search text, the filters, the sort, and the user open
 * in the side sheet (`user`: an id, or `new` for the creation form), so a reload or the back
 * button keeps the screen as it was.
 */
export const UserListSearch = searchSchema(() => z.object({
  q: searchTextParam(),
  profileId: idParam(),
  branchId: idParam(),
  flag: choiceParam(USER_FLAGS),
  active: choiceParam(['true', 'false']),
  sort: sortParam(),
  user: z.union([z.literal('new'), z.uuid()]).optional().catch(undefined),
}));
export type UserListSearch = SearchOf<typeof UserListSearch>;
