import { LOG_LEVELS } from '@ev/shared/schemas/choices';
import { z } from 'zod';
import { choiceParam, searchTextParam } from '@/components/list/search-params';

const dateParam = z.iso.date().optional().catch(undefined);

/** `/logs`' search params: the words, the level and the period, so a filtered view survives a reload. */
export const LogListSearch = z.object({
  q: searchTextParam,
  level: choiceParam(LOG_LEVELS),
  from: dateParam,
  until: dateParam,
});
export type LogListSearch = z.infer<typeof LogListSearch>;
