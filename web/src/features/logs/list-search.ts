import { LOG_LEVELS } from '@ev/shared/schemas/choices';
import { z } from 'zod';
import { choiceParam, searchTextParam, searchSchema, type SearchOf, dateParam } from '@/components/list/search-params';


/** `/logs`' search params: the words, the level and the period, so a filtered view survives a reload. */
export const LogListSearch = searchSchema(() => z.object({
  q: searchTextParam(),
  level: choiceParam(LOG_LEVELS),
  from: dateParam(),
  until: dateParam(),
}));
export type LogListSearch = SearchOf<typeof LogListSearch>;
