import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '@ev/core/clock';
import { Provisioning } from '@ev/core/provisioning/index';
import { salesCompany } from '../testing/sales';
import { makeWorld, PASSWORD, type World } from '../testing/world';

/**
 * The home's figures (issue 41, docs/sales.md "Home figures"): each tab's figures equal a recount
 * of the sales the same user lists, after closes on either side of a month boundary in São Paulo
 * time (23:30 on March 31st is April 1st in UTC), a free order (no financial movement) and a
 * cancellation; with and without "only financial movement"; the supervisor's team and the
 * supervisor without subordinates; a tab the user does not have refused.
 */

type Sale = { id: string; version: number; status: string; orderDate: string; totals: { total: string }; installments: unknown[]; natureId: string | null; salesmanId: string | null };
type Period = { from: string; until: string; count: number; total: string; averageTicket: string; days: { date: string; count: number; total: string }[]; types: { natureId: string | null; count: number; total: string }[] };

const at = (iso: string) => () => Date.parse(iso);
let w: World;
let s: Awaited<ReturnType<typeof salesCompany>>;
let lonely: string;

beforeAll(async () => {
  w = await makeWorld('Início');
  s = await salesCompany(w);
  const arroz = await s.product('Arroz Tipo 1 5kg', '20', '500');
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
    const theirs = (await s.post('/api/clients', { name: 'Empório Outro', nickname: 'Empório', email: 'compras@emporio.com.br', document: '11.444.777/0001-61', birthDate: '1990-05-05', salesmanId: w.otherSalesman.id })).id;
    await close(s.tokens.other, { ...sale('6'), clientId: theirs });
    Clock.set(at('2026-04-03T10:00:00-03:00'));
    const supervisor = await Provisioning.addUser(w.tenant.id, { email: `sozinho@${w.domain}`, password: PASSWORD, name: 'Saulo Sozinho', profileId: w.profiles.manager.id, branchIds: w.branches.map((b) => b.id), supervisor: true });
    lonely = (await w.login(supervisor.email)).accessToken;
  } catch (e) {
    Clock.reset();
    throw e;
  }
}, 120_000);
afterAll(() => Clock.reset());

const home = async (token: string, tab: string, financialOnly?: boolean) => {
  const res = await s.api('GET', `/api/sales/home-figures?tab=${tab}${financialOnly === undefined ? '' : `&financialOnly=${financialOnly}`}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { tab: string; scope: string; noSubordinates: boolean; financialOnly: boolean; today: string; periods: Record<'last7Days' | 'currentMonth' | 'previousMonth', Period> };
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

/** The period as a recount of the raw sales makes it: neither cancelled nor refunded, with installments when financialOnly. */
function recount(sales: Sale[], from: string, until: string, financialOnly: boolean) {
  const kept = sales.filter((x) => x.orderDate >= from && x.orderDate <= until && x.status !== 'cancelled' && x.status !== 'refunded' && (!financialOnly || x.installments.length > 0));
  const sum = (list: Sale[]) => list.reduce((acc, x) => acc.plus(x.totals.total), new Decimal(0));
  const types = new Map<string | null, Sale[]>();
  for (const x of kept) types.set(x.natureId, [...(types.get(x.natureId) ?? []), x]);
  return {
    count: kept.length,
    total: sum(kept).toFixed(),
    types: [...types].map(([natureId, list]) => ({ natureId, count: list.length, total: sum(list).toFixed() })).sort((a, b) => (a.natureId ?? '').localeCompare(b.natureId ?? '')),
    days: (date: string) => ({ count: kept.filter((x) => x.orderDate === date).length, total: sum(kept.filter((x) => x.orderDate === date)).toFixed() }),
  };
}

function expectRecount(figures: Awaited<ReturnType<typeof home>>, sales: Sale[]) {
  for (const [name, p] of Object.entries(figures.periods)) {
    const r = recount(sales, p.from, p.until, figures.financialOnly);
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
    expect(all.periods.currentMonth).toMatchObject({ count: 3, total: '280' });
    expectRecount(all, sales);
    expectRecount(await home(s.tokens.admin, 'employee', true), sales);
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
    expect(d.current).toEqual({ count: 4, total: '320', averageTicket: '80.00', cancelled: 1, refunded: 0 });
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
    // The ranking: the largest total first, with the salesmen's names.
    expect(d.bySalesman[0]).toMatchObject({ id: w.otherSalesman.id, name: 'Otávio Outro', total: '120' });
    expect(d.byType).toEqual([{ id: s.ids.venda, name: expect.stringMatching(/^Venda de mercadoria/), count: 3, total: '220' }]);
    expect(d.byBranch.map((r: { name: string; count: number }) => [r.name, r.count])).toEqual([['Matriz', 3], ['Filial', 1]]);
    expect(d.series.unit).toBe('day');
    expect(d.series.points).toHaveLength(34);
    for (const p of d.series.points as { key: string; count: number; total: string }[]) {
      const day = kept.filter((x) => x.orderDate === p.key);
      expect({ count: p.count, total: new Decimal(p.total).toFixed() }, p.key).toEqual({ count: day.length, total: sum(day) });
    }
  });

  it('by month past 62 days; a supervisor reads his team; a salesman without the dashboard ability is refused; a period too long is named', async () => {
    const year = await board(s.tokens.admin, '?from=2026-01-01&until=2026-04-03');
    expect(year.series).toEqual({ unit: 'month', points: [{ key: '2026-01', count: 0, total: '0' }, { key: '2026-02', count: 1, total: '20' }, { key: '2026-03', count: 1, total: '40' }, { key: '2026-04', count: 3, total: '280' }] });
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
