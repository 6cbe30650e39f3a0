import { SALE_STATUSES } from '@ev/shared/sales/status';
import { z } from 'zod';
import { choiceParam, idParam, searchTextParam, sortParam, searchSchema, type SearchOf, dateParam } from '@/components/list/search-params';


/**
 * `/sales`' search params: the tab (orders, the open consignments or drafts), the search text
 * (number or client), the filters (status, client, salesman, supervisor, branch, product company,
 * sale type, payment condition, a store payment in review, the period and which date it filters) and the sort, so a
 * filtered list survives a reload, the back button and a shared link.
 */
export const SaleListSearch = searchSchema(() => z.object({
  tab: z.enum(['drafts', 'consignments']).optional().catch(undefined),
  q: searchTextParam(),
  status: choiceParam(SALE_STATUSES),
  clientId: idParam(),
  salesmanId: idParam(),
  supervisorId: idParam(),
  branchId: idParam(),
  productCompanyId: idParam(),
  natureId: idParam(),
  paymentConditionId: idParam(),
  /** The store orders whose payment is in review (docs/store.md "The staff's side"). */
  store: choiceParam(['review'] as const),
  dateBy: choiceParam(['emission'] as const),
  from: dateParam(),
  until: dateParam(),
  sort: sortParam(),
}));
export type SaleListSearch = SearchOf<typeof SaleListSearch>;
