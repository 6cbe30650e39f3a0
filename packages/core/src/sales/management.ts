import { addDays } from '@ev/shared/calendar';
import { Decimal } from '@ev/shared/money';
import { ManagementDashboardQuery, SaleTexts, type ManagementDashboard } from '@ev/shared/schemas/sales';
import type { Figures } from '../db/aggregate';
import { Clients } from '../clients';
import { Clock } from '../clock';
import { authorize } from '../context';
import { Registries } from '../registries';
import { Scope } from '../scope';
import { Tenants } from '../tenants';
import { Users } from '../users';
import { parseInput } from '../validation';
import { scope } from './access';
import { added, asRead, dashboardOwners, dashboardPeriod, seriesBuckets, seriesUnit, type Read } from './dashboard';
import { periodScopes } from './reading';
import { SaleClientScopes, SaleFigureScopes, SaleScopes, SalesRepository, servedIn, valuedCount } from './repository';

type Row = ManagementDashboard['byBranch'][number];

/** The largest total first (then the most sales). */
const byTotal = (a: Row, b: Row) => new Decimal(b.total).comparedTo(a.total) || b.count - a.count;

/**
 * A dimension's rows from its valued count and sum families (`kg`/`vg`: per segment), or, within a
 * branch, from their branch composites (`kbg`/`vbg`, keyed `<branch>#<segment>`). 'none': no value
 * (a client without segment), named by the web.
 */
function dimension(f: Read, letter: 'c' | 'g' | 'r' | 'y' | 'm', branchId: string | null, names: Map<string, string>): Row[] {
  // `vc` (the sales dashboard's) leaves the sales without a product company out: `vkc` keeps them as 'none'.
  const [count, sum] = branchId ? [`kb${letter}`, `vb${letter}`] : [`k${letter}`, letter === 'c' ? 'vkc' : `v${letter}`];
  const prefix = branchId ? `${branchId}#` : '';
  return f
    .keyed(count)
    .filter(({ key }) => key.startsWith(prefix))
    .map(({ key, count: n }) => {
      const id = key.slice(prefix.length);
      return { id: id === 'none' ? null : id, name: id === 'none' ? null : (names.get(id) ?? (letter === 'y' ? id : null)), count: n, total: f.sum(sum, key) };
    })
    .sort(byTotal);
}

/** The period's totals, within a branch when asked: the valued count and value, the cancelled and refunded apart, the mix. */
function totals(f: Read, branchId: string | null): ManagementDashboard['current'] {
  const count = branchId ? valuedCount(f, 'b', branchId) : valuedCount(f);
  const total = new Decimal(branchId ? f.sum('vb', branchId) : f.sum('v'));
  const lines = new Decimal(branchId ? f.sum('vbl', branchId) : f.sum('vl'));
  const status = (s: string) => (branchId ? f.count('sb', `${s}#${branchId}`) : f.count('s', s));
  return {
    count,
    total: total.toFixed(),
    averageTicket: count ? total.div(count).toFixed(2) : '0',
    mix: count ? lines.div(count).toFixed(1) : '0',
    cancelled: status('cancelled'),
    refunded: status('refunded'),
  };
}

/**
 * `GET /management/dashboard` (dashboard on gerenciais; docs/sales.md "Management dashboard"): the
 * period's sales in the user's record scope (or one salesman of it), within one branch when asked,
 * by product company, branch, salesman, the client's segment, region and city, with the mix and the
 * series; and the coverage of the period's last month (each salesman's clients served against its
 * portfolio, and its clients without a purchase for the company's inactivity days). From the
 * aggregates kept on write: the period's month and day items (the company's own, or each salesman's
 * for a team), the clients served's month items, the clients' aggregate and one count Query per
 * portfolio; never the sales themselves.
 */
export async function managementDashboard(raw: ManagementDashboardQuery): Promise<ManagementDashboard> {
  authorize('dashboard', 'gerenciais');
  const q = parseInput(ManagementDashboardQuery, raw);
  const seen = await scope();
  const { owners } = Scope.listOwners(seen, q.salesmanId);
  const kind: ManagementDashboard['scope'] = seen.kind === 'all' ? 'company' : seen.supervisor ? 'team' : 'own';
  const { tenant, timezone } = await Tenants.company();
  const today = Clock.today(timezone);
  const { from, until, length, previous } = dashboardPeriod(q, today, SaleTexts.managementPeriod);
  const branchId = q.branchId ?? null;
  const month = until.slice(0, 7);
  const inactivityDays = tenant.settings.further.inactivityDays;
  const since = addDays(today, -inactivityDays);

  // The salesmen the coverage lists: the scope's, or the company's (those flagged salesman or supervisor).
  const { bases, company, salesmen } = await dashboardOwners(owners);
  const span = (base: string, a: string, b: string) => periodScopes(base, a, b, today, a);
  const unit = seriesUnit(length, q.unit);
  const buckets = seriesBuckets(from, until, unit);
  const wanted = new Set<string>();
  for (const base of bases) for (const s of [...span(base, from, until), ...span(base, previous.from, previous.until), ...buckets.flatMap((b) => span(base, b.from, b.until))]) wanted.add(s);

  // The clients served: each salesman's month item, and the company's shards for the whole company.
  const servedScope = (id: string) => SaleFigureScopes.month(SaleScopes.salesman(id), month);
  const wholeServed = owners === null ? SaleClientScopes.shards(month) : salesmen.map(servedScope);
  const [read, served, portfolios, companyPortfolio] = await Promise.all([
    SalesRepository.figuresEach([...wanted]),
    SalesRepository.clientsServedEach([...new Set([...wholeServed, ...salesmen.map(servedScope)])]),
    Clients.portfolios(salesmen, since),
    owners === null ? Clients.portfolios(null, since) : null,
  ]);
  const of = (scopes: string[]) => added(scopes.map((s) => asRead(read.get(s) as Figures<never, never>)));
  const current = of(bases.flatMap((b) => span(b, from, until)));
  const before = of(bases.flatMap((b) => span(b, previous.from, previous.until)));

  const keys = (letter: string) => current.keyed(branchId ? `kb${letter}` : `k${letter}`).map((k) => k.key.slice(branchId ? branchId.length + 1 : 0));
  const [companies, segments, regions, branches, people] = await Promise.all([
    Registries.names('product-companies', keys('c')),
    Registries.names('segments', keys('g')),
    Registries.names('regions', keys('r')),
    Tenants.branches(),
    company ? new Map(company.map((u) => [u.id, { name: u.name }])) : Users.people(salesmen),
  ]);
  const branchNames = new Map(branches.map((b) => [b.id, b.nickname || b.name]));
  const salesmanNames = new Map([...people].map(([id, p]) => [id, p.name]));

  // Per salesman: a team's from each member's items (within the branch when asked); the company's from its `km` family.
  const bySalesman =
    owners === null
      ? dimension(current, 'm', branchId, salesmanNames)
      : owners
          .map((id) => {
            const f = of(span(SaleScopes.salesman(id), from, until));
            const t = totals(f, branchId);
            return { id, name: salesmanNames.get(id) ?? null, count: t.count, total: t.total };
          })
          .filter((r) => r.count > 0)
          .sort(byTotal);
  const byBranch = current
    .keyed('b')
    .filter(({ key }) => !branchId || key === branchId)
    .map(({ key }) => ({ id: key, name: branchNames.get(key) ?? null, count: valuedCount(current, 'b', key), total: current.sum('vb', key) }))
    .filter((r) => r.count > 0)
    .sort(byTotal);

  const rows = salesmen.map((id) => {
    const p = portfolios.get(id) ?? { clients: 0, active: 0, withoutPurchase: 0 };
    return { salesmanId: id, name: salesmanNames.get(id) ?? null, ...p, served: servedIn(served, [servedScope(id)]).all };
  });
  const whole = companyPortfolio ? companyPortfolio.get(null)! : rows.reduce((acc, r) => ({ clients: acc.clients + r.clients, active: acc.active + r.active, withoutPurchase: acc.withoutPurchase + r.withoutPurchase }), { clients: 0, active: 0, withoutPurchase: 0 });

  return {
    from,
    until,
    previous,
    scope: kind,
    branchId,
    current: totals(current, branchId),
    before: totals(before, branchId),
    series: {
      unit,
      points: buckets.map((b) => {
        const t = totals(of(bases.flatMap((base) => span(base, b.from, b.until))), branchId);
        return { key: b.key, count: t.count, total: t.total };
      }),
    },
    byProductCompany: dimension(current, 'c', branchId, companies),
    byBranch,
    bySalesman,
    bySegment: dimension(current, 'g', branchId, segments),
    byRegion: dimension(current, 'r', branchId, regions),
    byCity: dimension(current, 'y', branchId, new Map()),
    coverage: {
      month,
      inactivityDays,
      since,
      rows: rows.filter((r) => r.clients > 0 || r.served > 0).sort((a, b) => b.served - a.served || b.active - a.active),
      total: { ...whole, served: servedIn(served, wholeServed).all },
    },
  };
}
