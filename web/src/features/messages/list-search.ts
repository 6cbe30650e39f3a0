import { TEMPLATE_STATUSES } from '@ev/shared/schemas/choices';
import { z } from 'zod';
import { choiceParam, idParam, searchTextParam, sortParam , searchSchema, type SearchOf } from '@/components/list/search-params';

/** `/messages/templates`' search params: the search text, the status and the sort. */
export const TemplateListSearch = searchSchema(() => z.object({
  q: searchTextParam(),
  status: choiceParam(TEMPLATE_STATUSES),
  sort: sortParam(),
}));
export type TemplateListSearch = SearchOf<typeof TemplateListSearch>;

/** `/messages`' search params: the pending or the sent sends. */
export const BatchListSearch = searchSchema(() => z.object({ state: choiceParam(['pending', 'sent']) }));

/** `/messages/status`' search params: the send shown. */
export const StatusSearch = searchSchema(() => z.object({ batch: idParam() }));

/** `/messages/replies`' search params: known clients or unknown numbers, and the conversation open. */
export const RepliesSearch = searchSchema(() => z.object({ kind: choiceParam(['known', 'unknown']), phone: z.string().regex(/^\d{10,15}$/).optional().catch(undefined) }));
