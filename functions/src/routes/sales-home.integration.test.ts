import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '@ev/core/clock';
import { Provisioning } from '@ev/core/provisioning/index';
import { exportAndWait } from '../testing/exports';
import { salesCompany } from '../testing/sales';
import { makeWorld, PASSWORD, type World } from '../testing/world';

/**
 * The home's figures (issue 41, docs/sales.md "Home figures"): each tab's figures equal a recount
 * of the sales the same user lists, after closes on either side of a month boundary in São Paulo
 * time (23:30 on March 31st is April 1st in UTC), a free order (no financial movement) and a
 * cancellation; with and without "only financial movement"; the supervisor's team and the
 * supervisor without subordinates; a tab the user does not have refused.
 */

type Sale = { id: string; version: number; status: string; orderDate: string; issuedOn?: string | null; clientId: string | null; branchId: string | null; productCompanyId: string | null; clientSegmentId?: string | null; clientRegionId?: string | null; clientCity?: string | null; totals: { total: string; count: number }; items: { groupId?: string | null; total: string; cancelled: boolean }[]; installments: unknown[]; natureId: string | null; salesmanId: string | null };
type Period = { from: string; until: string; count: number; total: string; averageTicket: string; days: { date: string; count: number; total: string }[]; types: { natureId: string | null; count: number; total: string }[] };

const at = (iso: string) => () => Date.parse(iso);
let w: World;
let s: Awaited<ReturnType<typeof salesCompany>>;
let lonely: string;
let segment: string;
let region: string;

beforeAll(async () => {
  w = await makeWorld('Início');
  s = await salesCompany(w);
  const mercearia = (await s.post('/api/product-groups', { name: 'Mercearia' })).id;
  const arroz = await s.product('Arroz Tipo 1 5kg', '20', '500', { groupId: mercearia });
  // The other salesman works in Filial only.
  await s.post('/api/inventory/movements', { productId: arroz, branchId: w.branches[1]!.id, kind: 'adjustment', quantity: '50', reason: 'Contagem' });
  const mine = await s.client();
  const line = (quantity: string) => [{ productId: arroz, quantity, unitPrice: '20' }];
  const close = async (token: string, body: Record<string, unknown>) => {
    const d = await s.post<{ id: string; version: number }>('/api/sales', body, token);
    const res = await s.api('POST', `/api/sales/${d.id}/close`, { token, body: { version: d.version } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Sale;
  };
  const sale = (quantity: string) => ({ clientId: mine, natureId: s.ids.venda, paymentConditionId: s.ids.prazo, paymentType: 'boleto', transport: { costing: 1 }, items: line(quantity) });
  try {
    Clock.set(at('2026-02-27T15:00:00-03:00'));
    await close(s.tokens.salesman, sale('1'));
    // 23:30 in São Paulo on the last day of March: already April in UTC, still March for the company.
    Clock.set(at('2026-03-31T23:30:00-03:00'));
    await close(s.tokens.salesman, sale('2'));
    Clock.set(at('2026-04-01T00:30:00-03:00'));
    // A free order of the supervisor: a sale without financial movement (no installments).
    await close(s.tokens.supervisor, { clientId: mine, situation: 'free', transport: { costing: 1 }, items: line('5') });
    Clock.set(at('2026-04-02T10:00:00-03:00'));
    await close(s.tokens.salesman, sale('3'));
    const cancelled = await close(s.tokens.salesman, sale('4'));
    const res = await s.api('POST', `/api/sales/${cancelled.id}/status`, { token: s.tokens.admin, body: { version: cancelled.version, to: 'cancelled', reason: 'Cliente desistiu' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    segment = (await s.post('/api/segments', { name: 'Empórios' })).id;
    region = (await s.post('/api/regions', { name: 'Centro-Oeste Paulista' })).id;
    const theirs = (
      await s.post('/api/clients', {
        name: 'Empório Outro', nickname: 'Empório', email: 'compras@emporio.com.br', document: '11.444.777/0001-61', birthDate: '1990-05-05', salesmanId: w.otherSalesman.id,
        segmentId: segment, regionId: region, addresses: [{ street: 'Rua Batista de Carvalho', city: 'Bauru', state: 'SP' }],
      })
    ).id;
    await close(s.tokens.other, { ...sale('6'), clientId: theirs });
    // Begun on March 30th, closed on April 2nd: March's by its emission date, April's by its closing.
    Clock.set(at('2026-03-30T10:00:00-03:00'));
    const begun = await s.post<{ id: string; version: number }>('/api/sales', { ...sale('1'), clientId: theirs }, s.tokens.other);
    Clock.set(at('2026-04-02T11:00:00-03:00'));
    const late = await s.api('POST', `/api/sales/${begun.id}/close`, { token: s.tokens.other, body: { version: begun.version } });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    // Visits done: the salesman's on April 2nd, the other salesman's on March 31st at 23:45 (March's in São Paulo).
    const visitType = (await s.post('/api/schedulings-types', { name: 'Visita de venda', type: 'visit' })).id;
    const visited = (await s.post('/api/occurrences-types', { name: 'Cliente visitado', type: 'schedulings' })).id;
    const visit = async (token: string, clientId: string, date: string) => {
      const made = await s.post<{ id: string; version: number }>('/api/schedulings', { clientId, typeId: visitType, date }, token);
      const started = await s.api('POST', `/api/schedulings/${made.id}/start`, { token, body: { version: made.version } });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const done = await s.api('POST', `/api/schedulings/${made.id}/close`, { token, body: { version: started.body.version, occurrenceTypeId: visited } });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    };
    Clock.set(at('2026-03-31T23:45:00-03:00'));
    await visit(s.tokens.other, theirs, '2026-03-31');
    Clock.set(at('2026-04-02T15:00:00-03:00'));
    await visit(s.tokens.salesman, mine, '2026-04-02');
    Clock.set(at('2026-04-03T10:00:00-03:00'));
    const supervisor = await Provisioning.addUser(w.tenant.id, { email: `sozinho@${w.domain}`, password: PASSWORD, name: 'Saulo Sozinho', profileId: w.profiles.manager.id, branchIds: w.branches.map((b) => b.id), supervisor: true });
    lonely = (await w.login(supervisor.email)).accessToken;
  } catch (e) {
    Clock.reset();
    throw e;
  }
}, 120_000);
afterAll(() => Clock.reset());

const home = async (token: string, tab: string, financialOnly?: boolean, date?: 'closing' | 'emission') => {
  const res = await s.api('GET', `/api/sales/home-figures?tab=${tab}${financialOnly === undefined ? '' : `&financialOnly=${financialOnly}`}${date ? `&date=${date}` : ''}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    tab: string;
    scope: string;
    noSubordinates: boolean;
    financialOnly: boolean;
    date: 'closing' | 'emission';
    today: string;
    periods: Record<'last7Days' | 'currentMonth' | 'previousMonth', Period>;
    clientsServed: { currentMonth: number; previousMonth: number };
    visitsDone: { currentMonth: number; previousMonth: number };
  };
};

/** Every closed sale the token lists (its scope), narrowed to some salesmen. */
async function listed(token: string, salesmen?: string[]): Promise<Sale[]> {
  const out: Sale[] = [];
  let cursor: string | null = null;
  do {
    const res = await s.api('GET', `/api/sales?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token });
    expect(res.status).toBe(200);
    for (const row of res.body.items as { id: string }[]) out.push((await s.api('GET', `/api/sales/${row.id}`, { token })).body as Sale);
    cursor = res.body.nextCursor;
  } while (cursor);
  return salesmen ? out.filter((x) => salesmen.includes(x.salesmanId ?? '')) : out;
}

/** The sale's date as the home places it: its closing (the order date) or its emission (the day it was begun). */
const dateOf = (x: Sale, date: 'closing' | 'emission') => (date === 'emission' ? (x.issuedOn ?? x.orderDate) : x.orderDate);

/** The period as a recount of the raw sales makes it: neither cancelled nor refunded, with installments when financialOnly. */
function recount(sales: Sale[], from: string, until: string, financialOnly: boolean, date: 'closing' | 'emission' = 'closing') {
  const kept = sales.filter((x) => dateOf(x, date) >= from && dateOf(x, date) <= until && x.status !== 'cancelled' && x.status !== 'refunded' && (!financialOnly || x.installments.length > 0));
  const sum = (list: Sale[]) => list.reduce((acc, x) => acc.plus(x.totals.total), new Decimal(0));
  const types = new Map<string | null, Sale[]>();
  for (const x of kept) types.set(x.natureId, [...(types.get(x.natureId) ?? []), x]);
  return {
    count: kept.length,
    total: sum(kept).toFixed(),
    types: [...types].map(([natureId, list]) => ({ natureId, count: list.length, total: sum(list).toFixed() })).sort((a, b) => (a.natureId ?? '').localeCompare(b.natureId ?? '')),
    days: (day: string) => ({ count: kept.filter((x) => dateOf(x, date) === day).length, total: sum(kept.filter((x) => dateOf(x, date) === day)).toFixed() }),
  };
}

/** The distinct clients of a month's sales (by the closing date) that count, as the month statistics' "clients served". */
const servedIn = (sales: Sale[], month: string, financialOnly: boolean) =>
  new Set(sales.filter((x) => x.orderDate.startsWith(month) && x.status !== 'cancelled' && x.status !== 'refunded' && (!financialOnly || x.installments.length > 0)).map((x) => x.clientId)).size;

function expectRecount(figures: Awaited<ReturnType<typeof home>>, sales: Sale[]) {
  expect(figures.clientsServed, 'clients served').toEqual({
    currentMonth: servedIn(sales, figures.periods.currentMonth.from.slice(0, 7), figures.financialOnly),
    previousMonth: servedIn(sales, figures.periods.previousMonth.from.slice(0, 7), figures.financialOnly),
  });
  for (const [name, p] of Object.entries(figures.periods)) {
    const r = recount(sales, p.from, p.until, figures.financialOnly, figures.date);
    expect({ count: p.count, total: new Decimal(p.total).toFixed() }, name).toEqual({ count: r.count, total: r.total });
    expect(p.types.map((t) => ({ natureId: t.natureId, count: t.count, total: new Decimal(t.total).toFixed() })).sort((a, b) => (a.natureId ?? '').localeCompare(b.natureId ?? '')), name).toEqual(r.types);
    for (const d of p.days) expect({ count: d.count, total: new Decimal(d.total).toFixed() }, `${name} ${d.date}`).toEqual(r.days(d.date));
  }
}

describe('home figures', () => {
  it("the salesman's tab: its own sales by the company's date, the periods around the month boundary", async () => {
    const all = await home(s.tokens.salesman, 'salesman');
    expect(all).toMatchObject({ tab: 'salesman', scope: 'own', noSubordinates: false, today: '2026-04-03' });
    const { last7Days, currentMonth, previousMonth } = all.periods;
    expect([last7Days.from, last7Days.until, currentMonth.from, previousMonth.from, previousMonth.until]).toEqual(['2026-03-28', '2026-04-03', '2026-04-01', '2026-03-01', '2026-03-31']);
    // March 31st at 23:30 is March's (40,00); the sale cancelled on April 2nd counts nowhere; February's is in no period.
    expect(previousMonth).toMatchObject({ count: 1, total: '40', averageTicket: '40.00' });
    expect(currentMonth).toMatchObject({ count: 1, total: '60' });
    expect(last7Days).toMatchObject({ count: 2, total: '100', averageTicket: '50.00' });
    expect(last7Days.days).toHaveLength(7);
    expect(previousMonth.days.find((d) => d.date === '2026-03-31')).toEqual({ date: '2026-03-31', count: 1, total: '40' });
    expect(currentMonth.types).toEqual([{ natureId: s.ids.venda, name: expect.stringMatching(/^Venda de mercadoria/), count: 1, total: '60' }]);
    expectRecount(all, await listed(s.tokens.salesman));
  });

  it("the supervisor's tab: its team (itself and its subordinates), with and without the free order", async () => {
    const team = [w.supervisor.id, w.salesman.id];
    const sales = await listed(s.tokens.admin, team);
    const all = await home(s.tokens.supervisor, 'supervisor');
    expect(all).toMatchObject({ scope: 'team', noSubordinates: false, financialOnly: false });
    expect(all.periods.currentMonth).toMatchObject({ count: 2, total: '160' });
    // The free order has no sale type: its own row.
    expect(all.periods.currentMonth.types).toContainEqual({ natureId: null, name: null, count: 1, total: '100' });
    expectRecount(all, sales);
    const financial = await home(s.tokens.supervisor, 'supervisor', true);
    expect(financial.financialOnly).toBe(true);
    expect(financial.periods.currentMonth).toMatchObject({ count: 1, total: '60' });
    expectRecount(financial, sales);
  });

  it("the employee's tab of an administrator: the whole company; the other salesman's sale too", async () => {
    const sales = await listed(s.tokens.admin);
    const all = await home(s.tokens.admin, 'employee');
    expect(all.scope).toBe('company');
    expect(all.periods.currentMonth).toMatchObject({ count: 4, total: '300' });
    // Two clients in April (the other salesman's two sales are one client's), one in March.
    expect(all.clientsServed).toEqual({ currentMonth: 2, previousMonth: 1 });
    // The salesman's visit in April, the other salesman's late on March 31st in São Paulo time.
    expect(all.visitsDone).toEqual({ currentMonth: 1, previousMonth: 1 });
    expectRecount(all, sales);
    expectRecount(await home(s.tokens.admin, 'employee', true), sales);
  });

  it("by the emission date: the sale begun on March 30th and closed on April 2nd is March's; each period and day a recount, with and without only financial movement", async () => {
    const sales = await listed(s.tokens.admin);
    const issued = await home(s.tokens.admin, 'employee', false, 'emission');
    expect(issued.date).toBe('emission');
    expect(issued.periods.currentMonth).toMatchObject({ count: 3, total: '280' });
    expect(issued.periods.previousMonth.days.find((d) => d.date === '2026-03-30')).toEqual({ date: '2026-03-30', count: 1, total: '20' });
    expectRecount(issued, sales);
    expectRecount(await home(s.tokens.admin, 'employee', true, 'emission'), sales);
    // The salesman's own tab by emission: the other salesman's sale is not in it.
    const own = await home(s.tokens.salesman, 'salesman', false, 'emission');
    expect(own.clientsServed).toEqual({ currentMonth: 1, previousMonth: 1 });
    expect(own.visitsDone).toEqual({ currentMonth: 1, previousMonth: 0 });
    // The supervisor's team: his salesman's visit, not the other salesman's.
    expect((await home(s.tokens.supervisor, 'supervisor')).visitsDone).toEqual({ currentMonth: 1, previousMonth: 0 });
    expectRecount(own, await listed(s.tokens.salesman));
    const bad = await s.api('GET', '/api/sales/home-figures?tab=employee&date=abertura', { token: s.tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('date');
  });

  it('a supervisor without subordinates is told so; a tab the user does not have is refused with its field', async () => {
    const alone = await home(lonely, 'supervisor');
    expect(alone).toMatchObject({ scope: 'team', noSubordinates: true });
    expect(alone.periods.last7Days).toMatchObject({ count: 0, total: '0', averageTicket: '0' });
    const refused = await s.api('GET', '/api/sales/home-figures?tab=supervisor', { token: s.tokens.salesman });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([{ field: 'tab', message: 'A aba Supervisor do início não é do seu usuário.' }]);
    const bad = await s.api('GET', '/api/sales/home-figures?tab=gerente', { token: s.tokens.salesman });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('tab');
  });
});

describe('sales dashboard', () => {
  const board = async (token: string, query: string) => {
    const res = await s.api('GET', `/api/sales/dashboard${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('the company over a period across the month boundary, against the period before; each row a recount of the sales', async () => {
    const d = await board(s.tokens.admin, '?from=2026-03-01&until=2026-04-03');
    expect(d).toMatchObject({ from: '2026-03-01', until: '2026-04-03', previous: { from: '2026-01-26', until: '2026-02-28' }, scope: 'company' });
    expect(d.current).toEqual({ count: 5, total: '340', averageTicket: '68.00', cancelled: 1, refunded: 0 });
    expect(d.before).toMatchObject({ count: 1, total: '20', cancelled: 0 });
    // A recount of the raw sales the administrator lists.
    const sales = (await listed(s.tokens.admin)).filter((x) => x.orderDate >= '2026-03-01' && x.orderDate <= '2026-04-03');
    const kept = sales.filter((x) => x.status !== 'cancelled' && x.status !== 'refunded');
    const sum = (list: Sale[]) => list.reduce((acc, x) => acc.plus(x.totals.total), new Decimal(0)).toFixed();
    const statuses = [...new Set(sales.map((x) => x.status))];
    expect(d.byStatus.map((r: { status: string; count: number; total: string }) => ({ ...r, total: new Decimal(r.total).toFixed() })).sort((a: { status: string }, b: { status: string }) => a.status.localeCompare(b.status))).toEqual(
      statuses.sort().map((status) => ({ status, count: sales.filter((x) => x.status === status).length, total: sum(sales.filter((x) => x.status === status)) })),
    );
    const bySalesman = new Map<string, Sale[]>();
    for (const x of kept) bySalesman.set(x.salesmanId!, [...(bySalesman.get(x.salesmanId!) ?? []), x]);
    expect(d.bySalesman.map((r: { id: string; count: number; total: string }) => ({ id: r.id, count: r.count, total: new Decimal(r.total).toFixed() })).sort((a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id))).toEqual(
      [...bySalesman].map(([id, list]) => ({ id, count: list.length, total: sum(list) })).sort((a, b) => a.id.localeCompare(b.id)),
    );
    // The clients' ranking, over the whole months the period touches (March and April): a recount.
    expect(d.clientsPeriod).toEqual({ from: '2026-03-01', until: '2026-04-30' });
    const byClient = new Map<string, Sale[]>();
    for (const x of (await listed(s.tokens.admin)).filter((y) => y.orderDate >= '2026-03-01' && y.status !== 'cancelled' && y.status !== 'refunded')) byClient.set(x.clientId!, [...(byClient.get(x.clientId!) ?? []), x]);
    expect(d.byClient.map((r: { id: string; count: number; total: string }) => ({ id: r.id, count: r.count, total: new Decimal(r.total).toFixed() }))).toEqual(
      [...byClient].map(([id, list]) => ({ id, count: list.length, total: sum(list) })).sort((a, b) => new Decimal(b.total).comparedTo(a.total) || b.count - a.count),
    );
    expect(d.byClient.map((r: { name: string }) => r.name)).toContain('Empório Outro');
    // Per product group: the sales with a line of it, and its lines' value.
    const lines = kept.flatMap((x) => x.items.filter((i) => !i.cancelled));
    expect(d.byGroup.map((r: { name: string; count: number; total: string }) => ({ name: r.name, count: r.count, total: new Decimal(r.total).toFixed() }))).toEqual([
      { name: 'Mercearia', count: kept.length, total: lines.reduce((a, i) => a.plus(i.total), new Decimal(0)).toFixed() },
    ]);
    // The ranking: the largest total first, with the salesmen's names.
    expect(d.bySalesman[0]).toMatchObject({ id: w.otherSalesman.id, name: 'Otávio Outro', total: '140' });
    expect(d.byType).toEqual([{ id: s.ids.venda, name: expect.stringMatching(/^Venda de mercadoria/), count: 4, total: '240' }]);
    expect(d.byBranch.map((r: { name: string; count: number }) => [r.name, r.count])).toEqual([['Matriz', 3], ['Filial', 2]]);
    expect(d.series.unit).toBe('day');
    expect(d.series.points).toHaveLength(34);
    for (const p of d.series.points as { key: string; count: number; total: string }[]) {
      const day = kept.filter((x) => x.orderDate === p.key);
      expect({ count: p.count, total: new Decimal(p.total).toFixed() }, p.key).toEqual({ count: day.length, total: sum(day) });
    }
  });

  it('by month past 62 days; a supervisor reads his team; a salesman without the dashboard ability is refused; a period too long is named', async () => {
    // By week, Monday to Sunday, cut at the period's ends: March 1st (a Sunday) alone, then from each Monday.
    const weeks = await board(s.tokens.admin, '?from=2026-03-01&until=2026-04-03&unit=week');
    expect(weeks.series.unit).toBe('week');
    expect(weeks.series.points.map((p: { key: string }) => p.key)).toEqual(['2026-03-01', '2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
    const valued = (await listed(s.tokens.admin)).filter((x) => x.status !== 'cancelled' && x.status !== 'refunded');
    const ends = [...weeks.series.points.slice(1).map((p: { key: string }) => p.key), '2026-04-04'];
    weeks.series.points.forEach((p: { key: string; count: number; total: string }, n: number) => {
      const inWeek = valued.filter((x) => x.orderDate >= p.key && x.orderDate < ends[n]!);
      expect({ count: p.count, total: new Decimal(p.total).toFixed() }, p.key).toEqual({ count: inWeek.length, total: inWeek.reduce((a, x) => a.plus(x.totals.total), new Decimal(0)).toFixed() });
    });
    expect((await s.api('GET', '/api/sales/dashboard?unit=quinzena', { token: s.tokens.admin })).body.fields[0].field).toBe('unit');
    const year = await board(s.tokens.admin, '?from=2026-01-01&until=2026-04-03');
    expect(year.series).toEqual({ unit: 'month', points: [{ key: '2026-01', count: 0, total: '0' }, { key: '2026-02', count: 1, total: '20' }, { key: '2026-03', count: 1, total: '40' }, { key: '2026-04', count: 4, total: '300' }] });
    const team = await board(s.tokens.supervisor, '?from=2026-04-01&until=2026-04-03');
    expect(team.scope).toBe('team');
    expect(team.current).toMatchObject({ count: 2, total: '160', cancelled: 1 });
    expect(team.bySalesman.map((r: { id: string }) => r.id).sort()).toEqual([w.supervisor.id, w.salesman.id].sort());
    const one = await board(s.tokens.supervisor, `?from=2026-04-01&until=2026-04-03&salesmanId=${w.salesman.id}`);
    expect(one.current).toMatchObject({ count: 1, total: '60' });
    expect((await s.api('GET', '/api/sales/dashboard', { token: s.tokens.salesman })).status).toBe(403);
    const long = await s.api('GET', '/api/sales/dashboard?from=2024-01-01&until=2026-04-03', { token: s.tokens.admin });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual([{ field: 'until', message: 'O período do dashboard de vendas vai até 731 dias: escolha datas mais próximas.' }]);
    // Only the start given: the period runs to today (April 3rd), and is measured the same way.
    const open = await s.api('GET', '/api/sales/dashboard?from=2023-01-01', { token: s.tokens.admin });
    expect(open.status).toBe(400);
    expect(open.body.fields).toEqual([{ field: 'from', message: 'O período do dashboard de vendas vai até 731 dias: escolha datas mais próximas.' }]);
    // Only the end given: its month.
    expect(await board(s.tokens.admin, '?until=2026-03-31')).toMatchObject({ from: '2026-03-01', until: '2026-03-31', current: { count: 1, total: '40' } });
  });
});

describe('management dashboard', () => {
  const board = async (token: string, query: string) => {
    const res = await s.api('GET', `/api/management/dashboard${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const sum = (list: Sale[]) => list.reduce((acc, x) => acc.plus(x.totals.total), new Decimal(0)).toFixed();
  type Row = { id: string | null; name: string | null; count: number; total: string };
  /** A dimension's rows as a recount groups the sales (null: none), in id order. */
  const grouped = (list: Sale[], key: (x: Sale) => string | null) => {
    const out = new Map<string | null, Sale[]>();
    for (const x of list) out.set(key(x), [...(out.get(key(x)) ?? []), x]);
    return [...out].map(([id, l]) => ({ id, count: l.length, total: sum(l) })).sort((a, b) => (a.id ?? '').localeCompare(b.id ?? ''));
  };
  const rows = (list: Row[]) => list.map((r) => ({ id: r.id, count: r.count, total: new Decimal(r.total).toFixed() })).sort((a, b) => (a.id ?? '').localeCompare(b.id ?? ''));

  it('the company over a period across the month boundary, whole and within one branch: each figure a recount of the sales', async () => {
    const sales = (await listed(s.tokens.admin)).filter((x) => x.orderDate >= '2026-03-01' && x.orderDate <= '2026-04-03');
    const filial = w.branches[1]!.id;
    for (const branchId of [null, filial]) {
      const d = await board(s.tokens.admin, `?from=2026-03-01&until=2026-04-03${branchId ? `&branchId=${branchId}` : ''}`);
      const inBranch = sales.filter((x) => !branchId || x.branchId === branchId);
      const kept = inBranch.filter((x) => x.status !== 'cancelled' && x.status !== 'refunded');
      const lines = kept.reduce((n, x) => n + x.totals.count, 0);
      expect(d.current, String(branchId)).toEqual({
        count: kept.length,
        total: sum(kept),
        averageTicket: new Decimal(sum(kept)).div(kept.length).toFixed(2),
        mix: new Decimal(lines).div(kept.length).toFixed(1),
        cancelled: inBranch.filter((x) => x.status === 'cancelled').length,
        refunded: 0,
      });
      expect(rows(d.bySegment)).toEqual(grouped(kept, (x) => x.clientSegmentId ?? null));
      expect(rows(d.byRegion)).toEqual(grouped(kept, (x) => x.clientRegionId ?? null));
      expect(rows(d.byCity)).toEqual(grouped(kept, (x) => x.clientCity ?? null));
      expect(rows(d.bySalesman)).toEqual(grouped(kept, (x) => x.salesmanId));
      expect(rows(d.byBranch)).toEqual(grouped(kept, (x) => x.branchId));
      expect(rows(d.byProductCompany)).toEqual(grouped(kept, (x) => x.productCompanyId));
      for (const p of d.series.points as { key: string; count: number; total: string }[]) {
        const day = kept.filter((x) => x.orderDate === p.key);
        expect({ count: p.count, total: new Decimal(p.total).toFixed() }, p.key).toEqual({ count: day.length, total: sum(day) });
      }
    }
    const whole = await board(s.tokens.admin, '?from=2026-03-01&until=2026-04-03');
    // The other salesman's two sales in Filial are Empório's, in Bauru, of its segment and region.
    expect(whole.byCity).toContainEqual({ id: 'Bauru/SP', name: 'Bauru/SP', count: 2, total: '140' });
    expect(whole.bySegment).toContainEqual({ id: segment, name: 'Empórios', count: 2, total: '140' });
    expect(whole.byRegion).toContainEqual({ id: region, name: 'Centro-Oeste Paulista', count: 2, total: '140' });
    const branch = await board(s.tokens.admin, `?from=2026-03-01&until=2026-04-03&branchId=${filial}`);
    expect(branch).toMatchObject({ branchId: filial, current: { count: 2, total: '140' } });
    expect(branch.bySalesman.map((r: Row) => r.id)).toEqual([w.otherSalesman.id]);
  });

  it('the coverage of the period\'s last month: each salesman\'s clients served against its portfolio, and the clients without a purchase for the inactivity days', async () => {
    const d = await board(s.tokens.admin, '?from=2026-04-01&until=2026-04-03');
    expect(d.coverage).toMatchObject({ month: '2026-04', inactivityDays: 90, since: '2026-01-03' });
    const sales = (await listed(s.tokens.admin)).filter((x) => x.orderDate.startsWith('2026-04') && x.status !== 'cancelled' && x.status !== 'refunded');
    const served = (id: string) => new Set(sales.filter((x) => x.salesmanId === id).map((x) => x.clientId)).size;
    for (const id of [w.salesman.id, w.otherSalesman.id, w.supervisor.id]) {
      const row = d.coverage.rows.find((r: { salesmanId: string }) => r.salesmanId === id);
      expect(row?.served ?? 0, id).toBe(served(id));
    }
    // The salesman's portfolio: his clients, each bought within the 90 days.
    expect(d.coverage.rows.find((r: { salesmanId: string }) => r.salesmanId === w.salesman.id)).toMatchObject({ served: 1, withoutPurchase: 0 });
    expect(d.coverage.total.served).toBe(new Set(sales.map((x) => x.clientId)).size);
    expect(d.coverage.total.clients).toBeGreaterThanOrEqual(2);
  });

  it("a supervisor reads his team's; who lacks the management dashboard is refused; another company's salesman or branch shows nothing; a period too long is named", async () => {
    const team = await board(s.tokens.supervisor, '?from=2026-04-01&until=2026-04-03');
    expect(team.scope).toBe('team');
    expect(team.bySalesman.map((r: Row) => r.id).sort()).toEqual([w.supervisor.id, w.salesman.id].sort());
    expect(team.coverage.rows.map((r: { salesmanId: string }) => r.salesmanId)).not.toContain(w.otherSalesman.id);
    expect((await s.api('GET', '/api/management/dashboard', { token: s.tokens.salesman })).status).toBe(403);
    const stranger = await makeWorld('Gerencial alheio');
    const alien = await board(s.tokens.admin, `?from=2026-04-01&until=2026-04-03&salesmanId=${stranger.salesman.id}`);
    expect(alien.current.count).toBe(0);
    expect(alien.coverage.rows.every((r: { served: number; clients: number }) => r.served === 0 && r.clients === 0)).toBe(true);
    const alienBranch = await board(s.tokens.admin, `?from=2026-04-01&until=2026-04-03&branchId=${stranger.branches[0]!.id}`);
    expect(alienBranch.current.count).toBe(0);
    const long = await s.api('GET', '/api/management/dashboard?from=2024-01-01&until=2026-04-03', { token: s.tokens.admin });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual([{ field: 'until', message: 'O período do dashboard gerencial vai até 731 dias: escolha datas mais próximas.' }]);
  });
});

describe('the dashboards exported', () => {
  it('as CSV, a line per figure in Brazilian format; in the user\'s scope; refused without the dashboard', async () => {
    const sales = await exportAndWait('sales-dashboard', s.tokens.admin, 'csv', { from: '2026-03-01', until: '2026-04-03' });
    const text = String(sales.file.text ?? sales.file.body);
    expect(text.split('\r\n')[0]).toBe('\uFEFFSeção;Item;Pedidos;Valor (R$);Observação');
    expect(text).toContain('Totais;Período: 01/03/2026 a 03/04/2026;5;340,00;Ticket médio R$ 68,00, cancelados 1, estornados 0');
    expect(text).toContain('Vendedor;Otávio Outro;2;140,00;');
    expect(text).toContain('Status;Cancelado;1;');
    const management = await exportAndWait('management-dashboard', s.tokens.admin, 'csv', { from: '2026-03-01', until: '2026-04-03' });
    const m = String(management.file.text ?? management.file.body);
    expect(m).toContain('Cidade;Bauru/SP;2;140,00;');
    expect(m).toContain('Segmento;Empórios;2;140,00;');
    expect(m).toMatch(/Positivação 04\/2026;Total;2;;clientes atendidos de \d+ ativos na carteira/);
    // The supervisor's file holds his team's figures only.
    const team = await exportAndWait('sales-dashboard', s.tokens.supervisor, 'csv', { from: '2026-04-01', until: '2026-04-03' });
    expect(String(team.file.text ?? team.file.body)).not.toContain('Otávio Outro');
    const refused = await s.api('POST', '/api/exports/management-dashboard', { token: s.tokens.salesman, body: { format: 'csv', query: {} } });
    expect(refused.status).toBe(403);
    const bad = await s.api('POST', '/api/exports/sales-dashboard', { token: s.tokens.admin, body: { format: 'csv', query: { from: '2024-01-01', until: '2026-04-03' } } });
    expect(bad.status).toBe(400);
  });
});
