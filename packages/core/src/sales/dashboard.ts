import { addDays, addMonths, daysBetween, monthRange, weekday } from '@ev/shared/calendar';
import { Decimal } from '@ev/shared/money';
import { SALE_STATUSES } from '@ev/shared/sales/status';
import { SALES_DASHBOARD_MAX_DAYS, SalesDashboardQuery, SaleTexts, type SalesDashboard, type SeriesUnit } from '@ev/shared/schemas/sales';
import type { Said } from '@ev/shared/texts';
import type { Figures } from '../db/aggregate';
import { Clients } from '../clients';
import { Clock } from '../clock';
import { Products } from '../products';
import { authorize } from '../context';
import { Registries } from '../registries';
import { Scope } from '../scope';
import { Tenants } from '../tenants';
import { Users } from '../users';
import { parseInput } from '../validation';
import { invalid, scope } from './access';
import { periodScopes } from './reading';
import { SALE_DIMENSIONS, SaleClientScopes, SaleFigureScopes, SaleScopes, SalesRepository, valuedCount, type SaleDimension } from './repository';

/** The figures of the sales' aggregate, untyped for the families read by name here. */
export type Read = { count(family: string, key?: string): number; keyed(family: string): { key: string; count: number }[]; sum(family: string, key?: string): string };
export const asRead = (f: Figures<never, never>) => f as unknown as Read;

/** The clients the ranking names. */
const CLIENTS_RANKED = 20;
/** The products the ranking names. */
const PRODUCTS_RANKED = 20;

/** Past this many days the series is by month (a day's bar would be too thin to read). */
const DAYS_SERIES = 62;

/** Added up over several scopes' figures (a team's salesmen, a period's months and days). */
export function added(list: Read[]): Read {
  return {
    count: (family, key) => list.reduce((n, f) => n + f.count(family, key), 0),
    keyed: (family) => {
      const out = new Map<string, number>();
      for (const f of list) for (const { key, count } of f.keyed(family)) out.set(key, (out.get(key) ?? 0) + count);
      return [...out].map(([key, count]) => ({ key, count }));
    },
    sum: (family, key) => list.reduce((acc, f) => acc.plus(f.sum(family, key)), new Decimal(0)).toFixed(),
  };
}


function totals(f: Read): SalesDashboard['current'] {
  const count = valuedCount(f);
  const total = new Decimal(f.sum('v'));
  return { count, total: total.toFixed(), averageTicket: count ? total.div(count).toFixed(2) : '0', cancelled: f.count('s', 'cancelled'), refunded: f.count('s', 'refunded') };
}

/** A registry's rows: each key's valued count and value, the largest total first. */
function rows(f: Read, dim: SaleDimension, names: Map<string, string>): SalesDashboard['byType'] {
  const letter = SALE_DIMENSIONS[dim];
  return f
    .keyed(letter)
    .map(({ key }) => ({ id: key, name: names.get(key) ?? null, count: valuedCount(f, letter, key), total: f.sum(`v${letter}`, key) }))
    .filter((r) => r.count > 0)
    .sort((a, b) => new Decimal(b.total).comparedTo(a.total) || b.count - a.count);
}

/**
 * Whose figures a dashboard reads (the sales and the management dashboards): the company's own items,
 * or each salesman's (a team, a chosen salesman); and the salesmen it names: the scope's owners, or
 * the company's users flagged salesman or supervisor (`company`, with their names).
 */
export async function dashboardOwners(owners: string[] | null) {
  const bases = owners === null ? [SaleScopes.all] : owners.map(SaleScopes.salesman);
  const company = owners ? null : (await Users.summaries()).filter((u) => u.salesman || u.supervisor);
  return { bases, company, salesmen: owners ?? company!.map((u) => u.id) };
}

/**
 * A dashboard's period (the sales and the management dashboards): a date left out takes the month of
 * the other one (or of today); at most SALES_DASHBOARD_MAX_DAYS days (`tooLong` names the field);
 * the previous period is the same length just before.
 */
export function dashboardPeriod(q: { from?: string; until?: string }, today: string, tooLong: (p: { max: number }) => Said) {
  const from = q.from ?? `${(q.until ?? today).slice(0, 7)}-01`;
  const until = q.until ?? (from > today ? from : today);
  const length = daysBetween(from, until) + 1;
  if (length > SALES_DASHBOARD_MAX_DAYS) throw invalid(q.until ? 'until' : 'from', tooLong({ max: SALES_DASHBOARD_MAX_DAYS }));
  return { from, until, length, previous: { from: addDays(from, -length), until: addDays(from, -1) } };
}

/** The series' unit: the one asked, else by day up to DAYS_SERIES days and by month past them. */
export const seriesUnit = (length: number, asked?: SeriesUnit): SeriesUnit => asked ?? (length <= DAYS_SERIES ? 'day' : 'month');

/**
 * A series' buckets: each day of the period, each week (Monday to Sunday; keyed by its first day in
 * the period) or each month's part of it.
 */
export function seriesBuckets(from: string, until: string, unit: SeriesUnit): { key: string; from: string; until: string }[] {
  const buckets: { key: string; from: string; until: string }[] = [];
  for (let d = from; d <= until; ) {
    // The bucket's last day: the day itself, its week's Sunday, or its month's last day.
    const last = unit === 'day' ? d : unit === 'week' ? addDays(d, (7 - weekday(d)) % 7) : monthRange(d.slice(0, 7)).last;
    buckets.push({ key: unit === 'month' ? d.slice(0, 7) : d, from: d, until: last < until ? last : until });
    d = addDays(last, 1);
  }
  return buckets;
}

/**
 * `GET /sales/dashboard` (dashboard on vendas; docs/sales.md "Sales dashboard"): the period's sales
 * in the user's record scope (or one salesman of it), from the aggregates kept on write: the
 * period's whole months as their month items and the days at either end as theirs, per salesman
 * base for a team; a fixed handful of BatchGets whatever the number of sales.
 */
export async function dashboard(raw: SalesDashboardQuery): Promise<SalesDashboard> {
  authorize('dashboard', 'vendas');
  const q = parseInput(SalesDashboardQuery, raw);
  const seen = await scope();
  const { owners } = Scope.listOwners(seen, q.salesmanId);
  const kind: SalesDashboard['scope'] = seen.kind === 'all' ? 'company' : seen.supervisor ? 'team' : 'own';
  const { timezone } = await Tenants.company();
  const today = Clock.today(timezone);
  const { from, until, length, previous } = dashboardPeriod(q, today, SaleTexts.dashboardPeriod);

  const { bases, company, salesmen } = await dashboardOwners(owners);
  const span = (base: string, a: string, b: string) => periodScopes(base, a, b, today, a);

  const unit = seriesUnit(length, q.unit);
  const buckets = seriesBuckets(from, until, unit);

  const wanted = new Set<string>();
  const periodOf = (base: string) => span(base, from, until);
  for (const base of bases) for (const s of [...periodOf(base), ...span(base, previous.from, previous.until)]) wanted.add(s);
  for (const id of salesmen) for (const s of periodOf(SaleScopes.salesman(id))) wanted.add(s);
  for (const base of bases) for (const b of buckets) for (const s of span(base, b.from, b.until)) wanted.add(s);
  // The clients' ranking: the whole months the period touches (a client's figures are kept per month).
  const months: string[] = [];
  for (let m = from.slice(0, 7); m <= until.slice(0, 7); m = addMonths(m, 1)) months.push(m);
  const clientScopes = months.flatMap((m) => (owners === null ? SaleClientScopes.shards(m) : owners.map((o) => SaleFigureScopes.month(SaleScopes.salesman(o), m))));
  // The products' ranking: the same months, from the company's shards or each salesman's of the scope (a team: its salesmen's added up).
  const [read, ranking, products] = await Promise.all([
    SalesRepository.figuresEach([...wanted]),
    SalesRepository.clientRanking(clientScopes, CLIENTS_RANKED),
    SalesRepository.productRanking(months, owners, PRODUCTS_RANKED),
  ]);
  const of = (scopes: string[]) => added(scopes.map((s) => asRead(read.get(s) as Figures<never, never>)));

  const current = of(bases.flatMap(periodOf));
  const before = of(bases.flatMap((b) => span(b, previous.from, previous.until)));
  const registries = async (registry: string, letter: string) => Registries.names(registry, current.keyed(letter).map((k) => k.key));
  const [natures, companies, conditions, branches, people, clients, groups, productRecords] = await Promise.all([
    registries('natures', 't'),
    registries('product-companies', 'c'),
    registries('payments-conditions', 'p'),
    Tenants.branches(),
    company ? new Map(company.map((u) => [u.id, { name: u.name }])) : Users.people(salesmen),
    Clients.findMany(ranking.map((r) => r.id)),
    registries('product-groups', 'kq'),
    products.length ? Products.getMany(products.map((p) => p.id)) : [],
  ]);
  const productOf = new Map(productRecords.map((p) => [p.id, p]));
  const clientNames = new Map(clients.map((c) => [c.id, c.name]));
  const branchNames = new Map(branches.map((b) => [b.id, b.nickname || b.name]));

  const bySalesman = salesmen
    .map((id) => {
      const f = of(periodOf(SaleScopes.salesman(id)));
      return { id, name: people.get(id)?.name ?? null, count: valuedCount(f), total: f.sum('v') };
    })
    .filter((r) => r.count > 0)
    .sort((a, b) => new Decimal(b.total).comparedTo(a.total) || b.count - a.count);

  return {
    from,
    until,
    previous,
    scope: kind,
    current: totals(current),
    before: totals(before),
    byStatus: SALE_STATUSES.filter((s) => s !== 'typing')
      .map((status) => ({ status, count: current.count('s', status), total: current.sum('vs', status) }))
      .filter((r) => r.count > 0),
    byType: rows(current, 'natureId', natures),
    byBranch: rows(current, 'branchId', branchNames),
    byProductCompany: rows(current, 'productCompanyId', companies),
    byPaymentCondition: rows(current, 'paymentConditionId', conditions),
    bySalesman,
    byClient: ranking.map((r) => ({ ...r, name: clientNames.get(r.id) ?? null })),
    byGroup: current
      .keyed('kq')
      .map(({ key, count }) => ({ id: key === 'none' ? null : key, name: key === 'none' ? null : (groups.get(key) ?? null), count, total: current.sum('vq', key) }))
      .sort((a, b) => new Decimal(b.total).comparedTo(a.total) || b.count - a.count),
    byProduct: products.map((r) => ({ ...r, ref: productOf.get(r.id)?.ref ?? null, name: productOf.get(r.id)?.name ?? null })),
    clientsPeriod: { from: monthRange(months[0]!).first, until: monthRange(months.at(-1)!).last },
    series: {
      unit,
      points: buckets.map((b) => {
        const f = of(bases.flatMap((base) => span(base, b.from, b.until)));
        return { key: b.key, count: valuedCount(f), total: f.sum('v') };
      }),
    },
  };
}
