import { addDays, addMonths, monthRange } from '@ev/shared/calendar';
import { Decimal } from '@ev/shared/money';
import { HomeFiguresQuery, homeTabsOf, SaleTexts, type HomeFigures, type HomePeriodFigures, type HomeTab } from '@ev/shared/schemas/sales';
import { Clock } from '../clock';
import { authorize, currentUserActor } from '../context';
import { Registries } from '../registries';
import { Tenants } from '../tenants';
import { Users } from '../users';
import { parseInput } from '../validation';
import { invalid, scope } from './access';
import { SaleClientScopes, SaleFigureScopes, SaleScopes, SalesRepository, servedIn, valuedCount } from './repository';

/** The tab names the refusal speaks (the web shows its own labels). */
const TAB_NAMES: Record<HomeTab, string> = { supervisor: 'Supervisor', employee: 'Funcionário', salesman: 'Vendedor' };


/** One day's figures of the tab: its sales not cancelled nor refunded (or only those with financial movement), in all and per sale type. */
interface Day {
  count: number;
  total: Decimal;
  types: Map<string | null, { count: number; total: Decimal }>;
}

/** The visits done per month of some owners (null: the company): the schedulings module's, handed in by the caller (a module beside this one is not imported). */
export type VisitsDone = (ownerIds: string[] | null, months: string[]) => Promise<Record<string, number>>;

/**
 * `GET /sales/home-figures` (docs/sales.md "Home figures"): a tab's figures for the last 7 days,
 * the current month up to today and the previous month, each by day and by sale type, by the
 * sale's closing or emission date in the company's time zone, and the month's clients served and
 * visits done (the schedulings module's figures, `visitsDone`, handed in by the route). Whose
 * sales: the salesman's tab its own; the supervisor's its team (itself and its subordinates; `noSubordinates` when it has none); the
 * employee's what the user's record scope sees (the company, for staff). Always within that scope.
 * Read from the day items of the sales' aggregates (one BatchGet per 100: the tab's salesmen times
 * the days since the previous month began), never from the sales themselves.
 */
export async function homeFigures(raw: HomeFiguresQuery, visitsDone: VisitsDone): Promise<HomeFigures> {
  authorize('read', 'vendas');
  const q = parseInput(HomeFiguresQuery, raw);
  const actor = currentUserActor();
  if (!homeTabsOf(actor).includes(q.tab)) throw invalid('tab', SaleTexts.homeTab({ tab: TAB_NAMES[q.tab] }));
  const financialOnly = q.financialOnly === 'true';
  const seen = await scope();
  const inScope = (ids: string[]) => (seen.kind === 'all' ? ids : ids.filter((id) => seen.ids.includes(id)));

  let owners: string[] | null;
  let kind: HomeFigures['scope'];
  let noSubordinates = false;
  if (q.tab === 'salesman') {
    owners = inScope([actor.userId]);
    kind = 'own';
  } else if (q.tab === 'supervisor') {
    const subordinates = (await Users.team(actor.userId)).filter((id) => id !== actor.userId);
    noSubordinates = subordinates.length === 0;
    owners = inScope([actor.userId, ...subordinates]);
    kind = 'team';
  } else {
    owners = seen.kind === 'all' ? null : seen.ids;
    kind = seen.kind === 'all' ? 'company' : seen.supervisor ? 'team' : 'own';
  }
  const bases = owners === null ? [SaleScopes.all] : owners.map(SaleScopes.salesman);

  const { timezone } = await Tenants.company();
  const today = Clock.today(timezone);
  const previous = monthRange(addMonths(today.slice(0, 7), -1));
  const dates: string[] = [];
  for (let d = previous.first; d <= today; d = addDays(d, 1)) dates.push(d);
  const date = q.date ?? 'closing';
  const months = [previous.first.slice(0, 7), today.slice(0, 7)] as const;
  // The clients served of both months in one read: the company's shards, or each owner's month item.
  const servedScopes = (month: string) => (owners === null ? SaleClientScopes.shards(month) : owners.map((o) => SaleFigureScopes.month(SaleScopes.salesman(o), month)));
  const [days, served, visits] = await Promise.all([
    date === 'emission' ? readIssuedDays(bases, months, dates, financialOnly) : readDays(bases, dates, financialOnly),
    SalesRepository.clientsServedEach(months.flatMap(servedScopes)),
    visitsDone(owners, [...months]),
  ]);
  const servedOf = (month: string) => {
    const n = servedIn(served, servedScopes(month));
    return financialOnly ? n.financial : n.all;
  };

  const names = await Registries.names('natures', [...new Set([...days.values()].flatMap((d) => [...d.types.keys()]).filter((k): k is string => k !== null))]);
  const period = (from: string, until: string): HomePeriodFigures => {
    const inRange = dates.filter((d) => d >= from && d <= until);
    let count = 0;
    let total = new Decimal(0);
    const types = new Map<string | null, { count: number; total: Decimal }>();
    for (const date of inRange) {
      const day = days.get(date)!;
      count += day.count;
      total = total.plus(day.total);
      for (const [natureId, t] of day.types) {
        const acc = types.get(natureId) ?? { count: 0, total: new Decimal(0) };
        types.set(natureId, { count: acc.count + t.count, total: acc.total.plus(t.total) });
      }
    }
    return {
      from,
      until,
      count,
      total: total.toFixed(),
      averageTicket: count ? total.div(count).toFixed(2) : '0',
      days: inRange.map((date) => ({ date, count: days.get(date)!.count, total: days.get(date)!.total.toFixed() })),
      types: [...types]
        .filter(([, t]) => t.count > 0 || !t.total.isZero())
        .sort(([, a], [, b]) => b.total.comparedTo(a.total) || b.count - a.count)
        .map(([natureId, t]) => ({ natureId, name: natureId === null ? null : (names.get(natureId) ?? null), count: t.count, total: t.total.toFixed() })),
    };
  };
  const monthStart = `${today.slice(0, 7)}-01`;
  return {
    tab: q.tab,
    scope: kind,
    noSubordinates,
    financialOnly,
    date,
    today,
    periods: { last7Days: period(addDays(today, -6), today), currentMonth: period(monthStart, today), previousMonth: period(previous.first, previous.last) },
    clientsServed: { currentMonth: servedOf(months[1]), previousMonth: servedOf(months[0]) },
    visitsDone: { currentMonth: visits[months[1]] ?? 0, previousMonth: visits[months[0]] ?? 0 },
  };
}

/** A day's figures, added to per sale type (null: a sale without one). */
function dayAdder(day: Day) {
  return (natureId: string | null, count: number, total: Decimal.Value) => {
    const acc = day.types.get(natureId) ?? { count: 0, total: new Decimal(0) };
    day.types.set(natureId, { count: acc.count + count, total: acc.total.plus(total) });
  };
}

/**
 * Each date's figures by the emission date (the day the order was begun): from the month items of
 * the order date, whose `e` families key the sales by that day. A sale is closed on or after the day
 * it was begun, so the months from the first date's to today's hold every sale begun in the dates.
 */
async function readIssuedDays(bases: string[], months: readonly string[], dates: string[], financialOnly: boolean): Promise<Map<string, Day>> {
  const read = await SalesRepository.figuresEach(bases.flatMap((b) => months.map((m) => SaleFigureScopes.month(b, m))));
  const [count, sum, typed, typedSum] = financialOnly ? (['fe', 'vfe', 'fet', 'vfet'] as const) : (['e', 've', 'et', 'vet'] as const);
  const out = new Map<string, Day>(dates.map((d) => [d, { count: 0, total: new Decimal(0), types: new Map() }]));
  for (const f of read.values()) {
    for (const { key, count: n } of f.keyed(count)) {
      const day = out.get(key);
      if (!day) continue;
      day.count += n;
      day.total = day.total.plus(f.sum(sum, key));
    }
    for (const { key, count: n } of f.keyed(typed)) {
      const [date = '', natureId = 'none'] = key.split('#');
      const day = out.get(date);
      if (day) dayAdder(day)(natureId === 'none' ? null : natureId, n, f.sum(typedSum, key));
    }
  }
  return out;
}

/** Each date's figures, the bases' day items added up: a sale counts unless cancelled or refunded. */
async function readDays(bases: string[], dates: string[], financialOnly: boolean): Promise<Map<string, Day>> {
  const scopes = bases.flatMap((b) => dates.map((d) => SaleFigureScopes.day(b, d)));
  const read: Awaited<ReturnType<typeof SalesRepository.figuresEach>> = scopes.length ? await SalesRepository.figuresEach(scopes) : new Map();
  const out = new Map<string, Day>();
  for (const date of dates) {
    const day: Day = { count: 0, total: new Decimal(0), types: new Map() };
    const add = dayAdder(day);
    for (const base of bases) {
      const f = read.get(SaleFigureScopes.day(base, date));
      if (!f) continue;
      // The day's sales and those per sale type: with financial movement, or all but the cancelled and refunded.
      const figures = f as unknown as Parameters<typeof valuedCount>[0];
      const count = financialOnly ? f.count('f') : valuedCount(figures);
      const total = financialOnly ? f.sum('vf') : f.sum('v');
      const types = financialOnly
        ? f.keyed('ft').map(({ key, count: n }) => ({ key, n, value: f.sum('vft', key) }))
        : f.keyed('t').map(({ key }) => ({ key, n: valuedCount(figures, 't', key), value: f.sum('vt', key) }));
      let typed = 0;
      let typedTotal = new Decimal(0);
      for (const { key, n, value } of types) {
        if (n <= 0) continue;
        add(key, n, value);
        typed += n;
        typedTotal = typedTotal.plus(value);
      }
      day.count += count;
      day.total = day.total.plus(total);
      // The sales without a sale type (a free order): what the types leave.
      if (count - typed > 0) add(null, count - typed, new Decimal(total).minus(typedTotal));
    }
    out.set(date, day);
  }
  return out;
}
