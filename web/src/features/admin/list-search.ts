import { COMPANY_STATUSES } from '@ev/shared/schemas/choices';
import { z } from 'zod';
import { choiceParam, idParam, searchSchema, searchTextParam, sortParam, type SearchOf } from '@/components/list/search-params';

/** `/admin`'s search params: the companies' search text, status filter and sort (docs/web-kit.md, "Lists"). */
export const AdminCompaniesSearch = searchSchema(() =>
  z.object({
    q: searchTextParam(),
    status: choiceParam(COMPANY_STATUSES),
    sort: sortParam(),
  }),
);
export type AdminCompaniesSearch = SearchOf<typeof AdminCompaniesSearch>;

/** `/admin/compare`'s search params: the source and target companies chosen (a company's page links here with one of them). */
export const AdminCompareSearch = searchSchema(() => z.object({ source: idParam(), target: idParam() }));
export type AdminCompareSearch = SearchOf<typeof AdminCompareSearch>;
