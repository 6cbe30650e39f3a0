import { SalesListQuery, type Sale } from '@ev/shared/schemas/sales';
import { searchTerms } from '@ev/shared/text';
import type { z } from 'zod';
import { authorize } from '../context';
import { Scope } from '../scope';
import { parseInput } from '../validation';
import { SaleScopes, SalesRepository } from './repository';
import { answer, scope, visible } from './access';

export async function get(id: string): Promise<Sale> {
  authorize('read', 'vendas');
  return answer(await visible(id));
}

/**
 * The sales list in the user's scope: the closed sales (or, with `drafts=true` or
 * `status=typing`, the drafts apart), newest first; by status or client from their partitions;
 * search by number or client name words. A user with no allowed branch sees none.
 */
export async function list(raw: z.input<typeof SalesListQuery>) {
  authorize('read', 'vendas');
  const q = parseInput(SalesListQuery, raw);
  const s = await scope();
  const { owners, seen } = Scope.listOwners(s, q.salesmanId);
  if (owners && owners.length === 0) return { items: [], nextCursor: null, scope: seen };
  const bases = owners ? owners.map(SaleScopes.salesman) : [SaleScopes.all];
  const drafts = q.drafts === 'true' || q.status === 'typing';
  const partitions = bases.map((b) =>
    drafts ? SaleScopes.drafts(b) : q.clientId ? SaleScopes.client(b, q.clientId) : q.status ? SaleScopes.status(b, q.status) : SaleScopes.sales(b),
  );
  const checks: ((d: Record<string, unknown>) => boolean)[] = [];
  if (q.clientId) checks.push((d) => d.clientId === q.clientId);
  if (q.status) checks.push((d) => d.status === q.status);
  checks.push(drafts ? (d) => d.status === 'typing' : (d) => d.status !== 'typing');
  if (q.branchId) checks.push((d) => d.branchId === q.branchId);
  if (q.from) checks.push((d) => String(d.orderDate) >= q.from!);
  if (q.until) checks.push((d) => String(d.orderDate) <= q.until!);
  const match = checks.length ? (d: Record<string, unknown>) => checks.every((c) => c(d)) : undefined;
  const terms = searchTerms(q.q);
  const page = { cursor: q.cursor, limit: q.limit, query: `sales|${partitions.join(',')}|${terms.join(' ')}|${JSON.stringify({ ...q, cursor: undefined })}` };
  // The lists' sort keys begin with the order date: a period is a key range of the same partitions.
  const range = q.from || q.until ? { from: q.from ?? '0000-00-00', to: q.until ?? '9999-12-31' } : undefined;
  const res = terms.length ? await SalesRepository.search(bases, terms, page, { match, readFactor: 3 }) : await SalesRepository.list(partitions, page, { match, readFactor: 5, range });
  return { items: res.items, nextCursor: res.nextCursor, scope: seen };
}
