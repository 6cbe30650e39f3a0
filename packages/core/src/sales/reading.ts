import { addDays, monthRange } from '@ev/shared/calendar';
import { Decimal } from '@ev/shared/money';
import { salePaymentState, SalesListQuery, SalesTotalsQuery, type Sale, type SaleDetails, type SaleInstallment, type SalesTotals, type SaleSummary } from '@ev/shared/schemas/sales';
import { installmentKey } from '@ev/shared/schemas/financial';
import { clientSearchTerms, mobileOf } from '@ev/shared/schemas/clients';
import { fold, searchTerms } from '@ev/shared/text';
import type { z } from 'zod';
import { Clients } from '../clients';
import { Clock } from '../clock';
import { authorize } from '../context';
import type { ListOptions } from '../db/listing';
import type { Page, PageRequest } from '../db/query';
import { DomainError } from '../errors';
import { Registries, type RegistryRecord } from '../registries';
import { Scope } from '../scope';
import { Tenants } from '../tenants';
import { Users } from '../users';
import { parseInput } from '../validation';
import { isValued, SALE_DIMENSIONS, SaleFigureScopes, SaleScopes, SalesRepository, type SaleDimension, type SaleRecord, type StoredSaleSummary } from './repository';
import { addressCopy, answer, scope, visible } from './access';
import { notFound } from '../db/records';

/**
 * One sale as its page shows it: the sale (`answer`) and its details (`SaleDetails`): the names of
 * what it points to (its users in one read each, its registry records in one BatchGet, its branch),
 * the shipping address where the sale keeps no copy (the client's address now), and the company's
 * map, where the sale has a position and the company a maps token.
 */
export async function get(id: string): Promise<Sale> {
  authorize('read', 'vendas');
  const record = await visible(id);
  const [sale, details] = await Promise.all([answer(record), detailsOf(record)]);
  return { ...sale, details };
}

const REGISTRY_NAMES = [
  ['productCompany', 'product-companies', (s: Sale) => s.productCompanyId],
  ['nature', 'natures', (s: Sale) => s.natureId],
  ['priceTable', 'price-tables', (s: Sale) => s.priceTableId],
  ['paymentCondition', 'payments-conditions', (s: Sale) => s.paymentConditionId],
  ['vehicle', 'vehicles', (s: Sale) => s.transport.vehicleId],
] as const;

async function detailsOf(s: SaleRecord): Promise<SaleDetails> {
  const pairs = REGISTRY_NAMES.flatMap(([, registry, id]) => (id(s) ? [{ registry, id: id(s)! }] : []));
  const people = [s.salesmanId, s.supervisorId].filter((u): u is string => !!u);
  // The client as it is now: its phones, and (no copy kept: a draft, or a sale closed before copies were kept) its address.
  const [records, users, [branch], { tenant }, client] = await Promise.all([
    pairs.length ? Registries.records(pairs) : new Map<string, RegistryRecord>(),
    people.length ? Users.people(people) : new Map<string, { name: string }>(),
    s.branchId ? Tenants.branchesByIds([s.branchId]) : [],
    Tenants.company(),
    // A client the user no longer sees (moved to another salesman) shows no address, not a 404 of the sale.
    s.clientId ? Clients.find(s.clientId).catch((e: unknown) => (e instanceof DomainError && e.kind === 'not_found' ? null : Promise.reject(e))) : null,
  ]);
  const nameOf = (registry: string, id: string | null) => {
    const r = id ? records.get(Registries.ref(registry, id)) : undefined;
    return r ? String(r.name ?? r.id) : null;
  };
  const names = Object.fromEntries(REGISTRY_NAMES.map(([key, registry, id]) => [key, nameOf(registry, id(s))])) as Record<(typeof REGISTRY_NAMES)[number][0], string | null>;
  const token = tenant.settings.map.mapsToken?.trim();
  return {
    names: {
      salesman: s.salesmanId ? (users.get(s.salesmanId)?.name ?? null) : null,
      supervisor: s.supervisorId ? (users.get(s.supervisorId)?.name ?? null) : null,
      branch: branch?.name ?? null,
      ...names,
    },
    shippingAddress: s.shippingAddress ?? (client && s.shippingAddressId ? addressCopy(client, s.shippingAddressId) : null),
    shippingAddressKept: !!s.shippingAddress,
    map: s.geolocation && token ? { zoom: tenant.settings.map.zoom, token } : null,
    company: { name: tenant.name, document: tenant.document ?? null },
    contact: client ? { phone: [client.phone1, client.phone2, client.phone3, client.phone4].find((p) => !!p) ?? null, mobile: mobileOf(client) } : null,
  };
}

type Filters = z.output<typeof SalesTotalsQuery> & Partial<Pick<z.output<typeof SalesListQuery>, 'sort' | 'dir'>>;

const DIMENSIONS = Object.keys(SALE_DIMENSIONS) as SaleDimension[];

/** The search's terms: a document typed with its mask ('11.222.333/0001-81') as one term, as the clients' search reads it; otherwise the words. */
const termsOf = (q: string | undefined) => clientSearchTerms(q, fold, searchTerms);

/**
 * The base scopes (the company's `all`, or salesmen's `sm#<id>`) a filter reads in the user's
 * scope: the salesman filter is his partition, the supervisor filter his team's (himself and his
 * subordinates, as the record scope reads a team), each within what the user sees.
 */
async function basesOf(q: Filters) {
  const s = await scope();
  const { owners, seen } = Scope.listOwners(s, q.salesmanId);
  let chosen = owners;
  if (q.supervisorId) {
    const team = new Set([q.supervisorId, ...(await Users.team(q.supervisorId))]);
    chosen = chosen ? chosen.filter((o) => team.has(o)) : [...team];
  }
  return { bases: chosen ? chosen.map(SaleScopes.salesman) : [SaleScopes.all], seen };
}

/** The filters a partition does not serve, checked on each row read (the summary carries what they need). */
function matcherOf(q: Filters, drafts: boolean): (d: Record<string, unknown>) => boolean {
  const checks: ((d: SaleSummary) => boolean)[] = [drafts ? (d) => d.status === 'typing' : (d) => d.status !== 'typing'];
  if (q.status) checks.push((d) => d.status === q.status);
  if (q.clientId) checks.push((d) => d.clientId === q.clientId);
  for (const dim of DIMENSIONS) if (q[dim]) checks.push((d) => (d[dim] ?? null) === q[dim]);
  const dateOf = q.dateBy === 'emission' ? (d: SaleSummary) => d.issuedOn ?? d.orderDate : (d: SaleSummary) => d.orderDate;
  if (q.from) checks.push((d) => dateOf(d) >= q.from!);
  if (q.until) checks.push((d) => dateOf(d) <= q.until!);
  if (q.consignments === 'true') checks.push((d) => Boolean(d.returnDate) && !d.settled);
  if (q.storeReview === 'true') checks.push((d) => d.store === 'review' && d.status === 'pending');
  return (d) => checks.every((c) => c(d as SaleSummary));
}

/**
 * How a filtered list is read (docs/sales.md "The list"): the partition that serves the most of
 * it, in the order asked, the rest matched on the rows read. A search reads the search partitions
 * (newest first); the consignments view its own partition (earliest return date first); the
 * drafts theirs. Sorted by date or number: a client's or a status's partition, a period (closing
 * date) as a key range; by client or total: that sort's partition, every other filter matched.
 */
function readerOf(q: Filters, bases: string[]): (page: PageRequest) => Promise<Page<StoredSaleSummary>> {
  const drafts = q.drafts === 'true' || q.status === 'typing';
  const match = matcherOf(q, drafts);
  const terms = termsOf(q.q);
  if (terms.length) return (page) => SalesRepository.search(bases, terms, page, { match, readFactor: 3 });
  // The number order is the date's: the close dates and numbers a sale in one step, so both grow together.
  const sort = q.sort === 'number' || !q.sort ? 'date' : q.sort;
  let partitions: string[];
  let order: 'asc' | 'desc' = q.dir ?? 'desc';
  let range: ListOptions['range'];
  if (drafts) partitions = bases.map(SaleScopes.drafts);
  else if (q.consignments === 'true') {
    partitions = bases.map(SaleScopes.consignments);
    order = q.dir ?? 'asc';
  } else if (q.storeReview === 'true') partitions = bases.map(SaleScopes.storeReview);
  else if (sort !== 'date') partitions = bases.map((b) => SaleScopes.sorted(b, sort));
  else partitions = bases.map((b) => (q.clientId ? SaleScopes.client(b, q.clientId) : q.status ? SaleScopes.status(b, q.status) : SaleScopes.sales(b)));
  // The date-sorted partitions' keys begin with the order date: a closing period is a key range; an
  // emission period (the draft begun on or before the close) is bounded below by its start.
  const dated = drafts || q.storeReview === 'true' || (q.consignments !== 'true' && sort === 'date');
  if (dated && (q.from || q.until)) range = q.dateBy === 'emission' ? { from: q.from ?? '0000-00-00', to: '9999-12-31' } : { from: q.from ?? '0000-00-00', to: q.until ?? '9999-12-31' };
  return (page) => SalesRepository.list(partitions, page, { order, match, readFactor: 5, range });
}

/** The identity a cursor is bound to: the resource, the partitions read and every filter and sort. */
const queryOf = (kind: string, q: Filters, bases: string[]) => `${kind}|${bases.join(',')}|${JSON.stringify({ ...q, cursor: undefined, limit: undefined })}`;

/**
 * The sales list in the user's scope: the closed sales (or, with `drafts=true` or `status=typing`,
 * the drafts apart; or, with `consignments=true`, the open consignments), filtered by status,
 * client, salesman, supervisor, branch, product company, sale type, payment condition and a period
 * of the closing or emission date, sorted by date, number, client or total by the server; search
 * by number or the client's name, nickname or document, newest first. A user with no allowed
 * branch sees none.
 */
export async function list(raw: z.input<typeof SalesListQuery>) {
  authorize('read', 'vendas');
  const q = parseInput(SalesListQuery, raw);
  const { bases, seen } = await basesOf(q);
  if (!bases.length) return { items: [], nextCursor: null, scope: seen };
  const res = await readerOf(q, bases)({ cursor: q.cursor, limit: q.limit, query: queryOf('sales', q, bases) });
  return { items: await withPayment(res.items), nextCursor: res.nextCursor, scope: seen };
}

/**
 * A client's sales, every one the company holds (drafts apart), newest first: for system callers (a
 * data subject's request in the operator's area), no user's scope.
 */
export async function ofClient(clientId: string): Promise<SaleSummary[]> {
  const q = parseInput(SalesListQuery, { clientId, limit: 100 });
  const bases = [SaleScopes.all];
  const out: SaleSummary[] = [];
  let cursor: string | undefined;
  do {
    const res = await readerOf(q, bases)({ cursor, limit: 100, query: queryOf('sales', q, bases) });
    out.push(...(await withPayment(res.items)));
    cursor = res.nextCursor ?? undefined;
  } while (cursor && out.length < 100_000);
  return out;
}

/**
 * For the store (system: its caller proved the client): the client's own closed sales, newest
 * first, a page at a time, with their payment state; drafts a salesperson is typing for it are not
 * the client's yet.
 */
export async function pageOfClient(clientId: string, page: { cursor?: string; limit: number }): Promise<{ items: SaleSummary[]; nextCursor: string | null }> {
  // The client's closed sales and its own store orders waiting the staff's approval; never a draft a salesperson is typing for it.
  const match = (d: Record<string, unknown>) => d.clientId === clientId && (d.status !== 'typing' || d.store === 'approval');
  const res = await SalesRepository.list([SaleScopes.client(SaleScopes.all, clientId)], { cursor: page.cursor, limit: page.limit, query: `sales-of-client|${clientId}` }, { order: 'desc', match, readFactor: 5 });
  return { items: await withPayment(res.items), nextCursor: res.nextCursor };
}

/**
 * For the store (system): one closed sale of the client, with its installments, or its own store
 * order waiting the staff's approval; another client's, or a draft a salesperson is typing, is a 404.
 */
export async function oneOfClient(id: string, clientId: string): Promise<Sale> {
  const record = await SalesRepository.get(id);
  if (!record || record.clientId !== clientId || (record.status === 'typing' && record.store?.status !== 'approval')) throw notFound();
  return answer(record);
}

/**
 * Each row's payment state (docs/sales.md "Payment state on the list"): the page's installments
 * read where the client's financial position keeps them, by key (the sale's number, each label the
 * sale wrote, its branch), in one BatchGet per 100, never a read per row; their status at today,
 * so a payment recorded or imported on the client, or a due date passed, shows at the next read.
 * A draft has none (absent); a row written before the labels were kept, null.
 */
async function withPayment(rows: StoredSaleSummary[]): Promise<SaleSummary[]> {
  const keyOf = (r: StoredSaleSummary, label: string) => ({ clientId: r.clientId!, key: installmentKey({ document: String(r.number), installment: label, branchId: r.branchId }) });
  const closed = (r: StoredSaleSummary) => r.number !== null && !!r.clientId && r.status !== 'typing';
  const pairs = rows.flatMap((r) => (closed(r) && r.installments ? r.installments.map((l) => keyOf(r, l)) : []));
  const found = await Clients.installmentsByKeys(pairs);
  return rows.map(({ installments: labels, ...row }) => {
    if (!closed(row)) return row;
    if (!labels) return { ...row, payment: null };
    const read = labels.flatMap((l) => {
      const k = keyOf(row, l);
      const i = found.get(`${k.clientId}|${k.key}`);
      return i ? [{ status: i.status, paidValue: i.paidValue } satisfies Pick<SaleInstallment, 'status' | 'paidValue'>] : [];
    });
    return { ...row, payment: salePaymentState(read) };
  });
}

/** How many rows the count and total read, at most, where the aggregates do not answer the filters. */
export const TOTALS_READ_PAGES = 10;
const TOTALS_PAGE = 100;

/** The sums the aggregates keep, per status and registry: which figure answers the filters (null: none). */
function figureOf(q: Filters): { count: [string, string?]; sum: [string, string?] } | null {
  if (q.drafts === 'true' || q.status === 'typing' || q.consignments === 'true' || q.storeReview === 'true' || q.clientId || termsOf(q.q).length || q.dateBy === 'emission') return null;
  const dims = DIMENSIONS.filter((d) => q[d]);
  if (dims.length > 1) return null;
  const dim = dims[0];
  const letter = dim ? SALE_DIMENSIONS[dim] : null;
  if (q.status) return letter ? { count: [`s${letter}`, `${q.status}#${q[dim!]}`], sum: [`vs${letter}`, `${q.status}#${q[dim!]}`] } : { count: ['s', q.status], sum: ['vs', q.status] };
  return letter ? { count: [letter, q[dim!]!], sum: [`v${letter}`, q[dim!]!] } : { count: ['n'], sum: ['v'] };
}

/**
 * The aggregate scopes that add up to a period of order dates: whole months as their month's item,
 * the days at either end as theirs. An open start begins at the month of the scope's oldest sale
 * (`oldest`; none: nothing to add); an open end, or one past today, ends with today's month (no
 * sale is dated later), so the whole time is its months.
 */
export function periodScopes(base: string, from: string | undefined, until: string | undefined, today: string, oldest: string | null): string[] {
  if (!oldest) return [];
  const start = from ?? monthRange(oldest.slice(0, 7)).first;
  const end = until && until < today ? until : monthRange(today.slice(0, 7)).last;
  return start > end ? [] : spanScopes(base, start, end);
}

function spanScopes(base: string, from: string, until: string): string[] {
  const out: string[] = [];
  let day = from;
  while (day <= until) {
    const { first, last } = monthRange(day.slice(0, 7));
    if (day === first && last <= until) {
      out.push(SaleFigureScopes.month(base, day.slice(0, 7)));
      day = addDays(last, 1);
    } else {
      out.push(SaleFigureScopes.day(base, day));
      day = addDays(day, 1);
    }
  }
  return out;
}

/**
 * `GET /sales/totals`: the count and total value of the list's filtered set (docs/sales.md "Count
 * and total"). Where the aggregates kept on write answer the filters (the scope, a closing period,
 * a status, one of branch, product company, sale type, payment condition), a handful of reads of
 * them; otherwise a bounded read of the filtered set, exact only when it reached the end.
 * Cancelled and refunded sales are counted but their value is left out of the total, unless the
 * status filter asks for them.
 */
export async function totals(raw: z.input<typeof SalesTotalsQuery>): Promise<SalesTotals> {
  authorize('read', 'vendas');
  const q = parseInput(SalesTotalsQuery, raw) as Filters;
  const { bases } = await basesOf(q);
  if (!bases.length) return { count: 0, total: '0', exact: true, source: 'aggregates' };
  const figure = figureOf(q);
  if (figure) {
    const { timezone } = await Tenants.company();
    const today = Clock.today(timezone);
    const oldest = await Promise.all(bases.map((b) => (q.from ? Promise.resolve(q.from) : SalesRepository.oldestDate(b))));
    const figures = await SalesRepository.figures(bases.flatMap((b, n) => periodScopes(b, q.from, q.until, today, oldest[n]!)));
    const count = (figures.count as (family: string, key?: string) => number)(...figure.count);
    const total = (figures.sum as (family: string, key?: string) => string)(...figure.sum);
    return { count, total: new Decimal(total).toFixed(), exact: true, source: 'aggregates' };
  }
  const read = readerOf(q, bases);
  const query = queryOf('sales-totals', q, bases);
  let count = 0;
  let total = new Decimal(0);
  let cursor: string | undefined;
  for (let n = 0; n < TOTALS_READ_PAGES; n++) {
    const page = await read({ cursor, limit: TOTALS_PAGE, query });
    for (const s of page.items) {
      count++;
      if (q.status || isValued(s)) total = total.plus(s.total);
    }
    if (!page.nextCursor) return { count, total: total.toFixed(), exact: true, source: 'read' };
    cursor = page.nextCursor;
  }
  return { count, total: total.toFixed(), exact: false, source: 'read' };
}
