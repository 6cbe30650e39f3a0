import { COMPANY_STATUSES } from '@ev/shared/schemas/admin';
import { z } from 'zod';
import { choiceParam, searchSchema, searchTextParam, sortParam, type SearchOf } from '@/components/list/search-params';

/** `/admin`'s search params: the companies' search text, status filter and sort (docs/web-kit.md, "Lists"). */
export const AdminCompaniesSearch = searchSchema(() =>
  z.object({
    q: searchTextParam(),
    status: choiceParam(COMPANY_STATUSES),
    sort: sortParam(),
  }),
);
export type AdminCompaniesSearch = SearchOf<typeof AdminCompaniesSearch>;
