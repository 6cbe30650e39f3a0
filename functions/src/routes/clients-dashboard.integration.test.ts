import { Clients } from '@ev/core/clients';
import { Clock } from '@ev/core/clock';
import { runAs } from '@ev/core/context';
import { addDays } from '@ev/shared/calendar';
import { Provisioning } from '@ev/core/provisioning/index';
import type { UserRecord } from '@ev/core/users/records';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, PASSWORD, type World } from '../testing/world';

const api = checkedCall;

let w: World;
let other: World;
/** A salesman whose profile is the manager preset (it has `dashboard clientes`), under the supervisor. */
let dashSalesman: UserRecord;
const t = {} as Record<'admin' | 'supervisor' | 'salesman' | 'dashSalesman' | 'otherSalesman' | 'employee' | 'otherAdmin', string>;

beforeAll(async () => {
  [w, other] = await Promise.all([makeWorld('Painel'), makeWorld('PainelOutra')]);
  dashSalesman = await Provisioning.addUser(w.tenant.id, {
    email: `vendedor-painel@${w.domain}`,
    password: PASSWORD,
    name: 'Paula Painel',
    profileId: w.profiles.manager.id,
    branchIds: w.branches.map((b) => b.id),
    salesman: true,
    supervisorId: w.supervisor.id,
  });
  const logins = await Promise.all([
    w.login(w.admin.email),
    w.login(w.supervisor.email),
    w.login(w.salesman.email),
    w.login(dashSalesman.email),
    w.login(w.otherSalesman.email),
    w.login(w.employee.email),
    other.login(other.admin.email),
  ]);
  [t.admin, t.supervisor, t.salesman, t.dashSalesman, t.otherSalesman, t.employee, t.otherAdmin] = logins.map((l) => l.accessToken) as [string, string, string, string, string, string, string];
});

type Dashboard = {
  scope: 'all' | 'team' | 'own';
  today: string;
  total: number;
  bySituation: { situation: string; count: number }[];
  byStatus: { status: string; count: number }[];
  bySegment: { id: string | null; name: string; count: number }[];
  byRegion: { id: string | null; name: string; count: number }[];
  newPerMonth: { month: string; count: number }[];
  withoutPurchase: { days: number; since: string; count: number };
};

async function dashboard(token: string, query = ''): Promise<Dashboard> {
  const res = await api('GET', `/api/clients/dashboard${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Dashboard;
}

const bySituation = (d: Dashboard) => Object.fromEntries(d.bySituation.map((s) => [s.situation, s.count]));
const byStatus = (d: Dashboard) => Object.fromEntries(d.byStatus.map((s) => [s.status, s.count]));
const named = (list: Dashboard['bySegment']) => Object.fromEntries(list.map((s) => [s.name, s.count]));
/** The figures of a dashboard by name, to compare at once. */
const figures = (d: Dashboard) => ({ scope: d.scope, total: d.total, bySituation: bySituation(d), byStatus: byStatus(d), bySegment: named(d.bySegment), byRegion: named(d.byRegion) });

let seq = 0;
async function createClient(token: string, extra: Record<string, unknown> = {}) {
  seq += 1;
  const res = await api('POST', '/api/clients', { token, body: { name: `Cliente Painel ${seq}`, birthDate: '1990-05-17', ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; version: number; salesmanId: string | null };
}

async function createRegistry(registry: 'segments' | 'regions', name: string): Promise<string> {
  const res = await api('POST', `/api/${registry}`, { token: t.admin, body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

describe('GET /api/clients/dashboard', () => {
  let varejo: string;
  let atacado: string;
  let centro: string;
  let first: { id: string; name: string; version: number };

  it('answers a company without clients with zeros: every situation and status, 12 months, no segment or region', async () => {
    const d = await dashboard(t.admin);
    const today = Clock.today('America/Sao_Paulo');
    expect(d.scope).toBe('all');
    expect(d.today).toBe(today);
    expect(d.total).toBe(0);
    expect(bySituation(d)).toEqual({ normal: 0, analysis: 0, problem: 0, closed: 0 });
    expect(byStatus(d)).toEqual({ active: 0, inactive: 0 });
    expect(d.bySegment).toEqual([]);
    expect(d.byRegion).toEqual([]);
    expect(d.newPerMonth).toHaveLength(12);
    expect(d.newPerMonth.at(-1)!.month).toBe(today.slice(0, 7));
    expect(d.newPerMonth.every((m) => m.count === 0)).toBe(true);
    expect(d.withoutPurchase).toEqual({ days: 90, since: addDays(today, -90), count: 0 });
  });

  it('counts the clients created through the API, per scope: administrator all, supervisor his team, salesman his own', async () => {
    [varejo, atacado, centro] = await Promise.all([createRegistry('segments', 'Varejo'), createRegistry('segments', 'Atacado'), createRegistry('regions', 'Centro')]);
    // Administrator: one without salesman, one for the supervisor's team salesman.
    first = await createClient(t.admin, { segmentId: varejo, regionId: centro });
    await createClient(t.admin, { salesmanId: w.salesman.id, segmentId: atacado, status: 'inactive' });
    // Each salesman creates his own.
    await createClient(t.salesman, { regionId: centro });
    await createClient(t.dashSalesman, { segmentId: varejo, situation: 'analysis' });
    await createClient(t.otherSalesman);

    const all = await dashboard(t.admin);
    expect(figures(all)).toEqual({ scope: 'all', total: 5, bySituation: { normal: 4, analysis: 1, problem: 0, closed: 0 }, byStatus: { active: 4, inactive: 1 }, bySegment: { Varejo: 2, Atacado: 1, 'Sem segmento': 2 }, byRegion: { Centro: 2, 'Sem região': 3 } });
    expect(all.bySegment.find((s) => s.name === 'Varejo')!.id).toBe(varejo);
    expect(all.bySegment.find((s) => s.name === 'Sem segmento')!.id).toBeNull();
    // Most clients first.
    expect(all.byRegion.map((r) => r.name)).toEqual(['Sem região', 'Centro']);
    expect(all.newPerMonth.at(-1)!.count).toBe(5);
    expect(all.newPerMonth.slice(0, -1).every((m) => m.count === 0)).toBe(true);

    // The supervisor's team: himself, Vera (2 clients) and Paula (1).
    const team = await dashboard(t.supervisor);
    expect(figures(team)).toEqual({ scope: 'team', total: 3, bySituation: { normal: 2, analysis: 1, problem: 0, closed: 0 }, byStatus: { active: 2, inactive: 1 }, bySegment: { Varejo: 1, Atacado: 1, 'Sem segmento': 1 }, byRegion: { Centro: 1, 'Sem região': 2 } });
    expect(team.newPerMonth.at(-1)!.count).toBe(3);
    expect(team.withoutPurchase.count).toBe(3);

    // A salesman with the dashboard permission: his own client only.
    const own = await dashboard(t.dashSalesman);
    expect(own.scope).toBe('own');
    expect(own.total).toBe(1);
    expect(bySituation(own)).toEqual({ normal: 0, analysis: 1, problem: 0, closed: 0 });
    expect(named(own.bySegment)).toEqual({ Varejo: 1 });
    expect(named(own.byRegion)).toEqual({ 'Sem região': 1 });
    expect(own.withoutPurchase.count).toBe(1);
  });

  it('moves the counts when a client changes situation, segment and region through PUT', async () => {
    const res = await api('PUT', `/api/clients/${first.id}`, {
      token: t.admin,
      body: { name: first.name, birthDate: '1990-05-17', situation: 'problem', segmentId: atacado, regionId: null, version: first.version },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const all = await dashboard(t.admin);
    expect(all.total).toBe(5);
    expect(bySituation(all)).toEqual({ normal: 3, analysis: 1, problem: 1, closed: 0 });
    expect(named(all.bySegment)).toEqual({ Varejo: 1, Atacado: 2, 'Sem segmento': 2 });
    expect(named(all.byRegion)).toEqual({ Centro: 1, 'Sem região': 4 });
    // A client without salesman is only in the company's figures: the team's do not move.
    const team = await dashboard(t.supervisor);
    expect(team.total).toBe(3);
    expect(bySituation(team)).toEqual({ normal: 2, analysis: 1, problem: 0, closed: 0 });
    expect(named(team.bySegment)).toEqual({ Varejo: 1, Atacado: 1, 'Sem segmento': 1 });
  });

  it('moves a client between salesmen\u2019s figures when its salesman changes', async () => {
    const c = await createClient(t.admin, { salesmanId: dashSalesman.id });
    expect((await dashboard(t.dashSalesman)).total).toBe(2);
    const res = await api('PUT', `/api/clients/${c.id}`, { token: t.admin, body: { name: c.name, birthDate: '1990-05-17', salesmanId: w.otherSalesman.id, version: c.version } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await dashboard(t.dashSalesman)).total).toBe(1);
    expect((await dashboard(t.supervisor)).total).toBe(3);
    expect((await dashboard(t.admin)).total).toBe(6);
  });

  it('counts the clients without purchase for N days: none has bought yet, so all of them, for any N', async () => {
    const today = Clock.today('America/Sao_Paulo');
    for (const days of [1, 30, 90, 365, 3650]) {
      const all = await dashboard(t.admin, `?days=${days}`);
      expect(all.withoutPurchase).toEqual({ days, since: addDays(today, -days), count: 6 });
      const team = await dashboard(t.supervisor, `?days=${days}`);
      expect(team.withoutPurchase.count).toBe(3);
    }
    expect((await dashboard(t.admin)).withoutPurchase.days).toBe(90);
  });

  it('moves the count as purchases are recorded (what a closed sale calls), forward only, and keeps the client\u2019s version honest', async () => {
    const today = Clock.today('America/Sao_Paulo');
    const c = await createClient(t.admin, { salesmanId: w.salesman.id });
    const record = (date: string) => runAs({ tenantId: w.tenant.id }, () => Clients.recordPurchase(c.id, date));
    const count = async (token: string, days = 90) => (await dashboard(token, `?days=${days}`)).withoutPurchase.count;
    expect([await count(t.admin), await count(t.supervisor)]).toEqual([7, 4]);

    // Bought ten days ago: no longer "90 days without purchase", in the company's and the team's counts; still "5 days".
    const bought = await record(addDays(today, -10));
    expect(bought.lastPurchaseDate).toBe(addDays(today, -10));
    expect([await count(t.admin), await count(t.supervisor), await count(t.admin, 5)]).toEqual([6, 3, 7]);
    const read = await api('GET', `/api/clients/${c.id}`, { token: t.admin });
    expect(read.body.lastPurchaseDate).toBe(addDays(today, -10));
    expect(read.body.version).toBe(c.version + 1);

    // An earlier purchase (a sale entered late) or the same one again leaves it as it is.
    for (const date of [addDays(today, -200), addDays(today, -10)]) {
      expect((await record(date)).version).toBe(c.version + 1);
    }
    expect((await api('GET', `/api/clients/${c.id}`, { token: t.admin })).body.lastPurchaseDate).toBe(addDays(today, -10));

    // Today's purchase: not even "1 day without purchase".
    await record(today);
    expect([await count(t.admin, 1), await count(t.supervisor, 1)]).toEqual([6, 3]);

    // A form opened before the purchase cannot write the old date back: its save is a version conflict.
    const stale = await api('PUT', `/api/clients/${c.id}`, { token: t.admin, body: { name: c.name, birthDate: '1990-05-17', salesmanId: w.salesman.id, version: c.version } });
    expect(stale.status).toBe(409);
    expect((await api('GET', `/api/clients/${c.id}`, { token: t.admin })).body.lastPurchaseDate).toBe(today);

    // Not a date, or no such client.
    await expect(record('2026-02-30')).rejects.toMatchObject({ code: 'validation' });
    await expect(runAs({ tenantId: w.tenant.id }, () => Clients.recordPurchase('0192aaaaaaaaaaaaaaaaaaaaaa', today))).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses a days value out of 1–3650 or not a whole number, in Portuguese', async () => {
    for (const days of ['0', '3651', '-5', '2.5', 'abc']) {
      const res = await api('GET', `/api/clients/dashboard?days=${days}`, { token: t.admin });
      expect(res.status, days).toBe(400);
      expect(res.body.fields).toEqual([{ field: 'days', message: 'Informe um número inteiro de dias entre 1 e 3650.' }]);
    }
  });

  it('shows another company none of these clients', async () => {
    const d = await dashboard(t.otherAdmin);
    expect(d.total).toBe(0);
    expect(d.bySegment).toEqual([]);
    expect(d.byRegion).toEqual([]);
    expect(d.withoutPurchase.count).toBe(0);
    expect(d.newPerMonth.every((m) => m.count === 0)).toBe(true);
  });

  it('answers 403 to a user without `dashboard clientes` and 401 without a session', async () => {
    for (const token of [t.salesman, t.otherSalesman, t.employee]) {
      const res = await api('GET', '/api/clients/dashboard', { token });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    expect((await api('GET', '/api/clients/dashboard')).status).toBe(401);
  });

  it('is not read as GET /api/clients/{id}', async () => {
    // The supervisor may read clients but is not shown a 404 "client dashboard".
    const res = await api('GET', '/api/clients/dashboard', { token: t.supervisor });
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty('bySituation');
  });
});
