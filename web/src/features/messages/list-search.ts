import { TEMPLATE_STATUSES } from '@ev/shared/schemas/messages';
import { z } from 'zod';
import { choiceParam, searchTextParam, sortParam } from '@/components/list/search-params';

/** `/messages/templates`' search params: the search text, the status and the sort. */
export const TemplateListSearch = z.object({
  q: searchTextParam,
  status: choiceParam(TEMPLATE_STATUSES),
  sort: sortParam,
});
export type TemplateListSearch = z.infer<typeof TemplateListSearch>;
