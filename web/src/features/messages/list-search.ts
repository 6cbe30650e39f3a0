import { TEMPLATE_STATUSES } from '@ev/shared/schemas/messages';
import { z } from 'zod';
import { choiceParam, idParam, searchTextParam, sortParam } from '@/components/list/search-params';

/** `/messages/templates`' search params: the search text, the status and the sort. */
export const TemplateListSearch = z.object({
  q: searchTextParam,
  status: choiceParam(TEMPLATE_STATUSES),
  sort: sortParam,
});
export type TemplateListSearch = z.infer<typeof TemplateListSearch>;

/** `/messages`' search params: the pending or the sent sends. */
export const BatchListSearch = z.object({ state: choiceParam(['pending', 'sent']) });

/** `/messages/status`' search params: the send shown. */
export const StatusSearch = z.object({ batch: idParam });

/** `/messages/replies`' search params: known clients or unknown numbers, and the conversation open. */
export const RepliesSearch = z.object({ kind: choiceParam(['known', 'unknown']), phone: z.string().regex(/^\d{10,15}$/).optional().catch(undefined) });
