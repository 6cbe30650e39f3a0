import { beforeAll, describe, expect, it } from 'vitest';
import { runAs } from '@ev/core/context';
import { Provisioning } from '@ev/core/provisioning/index';
import { Sales } from '@ev/core/sales/index';
import { Schedulings } from '@ev/core/schedulings';
import { PASSWORD } from '../testing/world';
import { salesCompany } from '../testing/sales';
import { makeWorld, type World } from '../testing/world';

/**
 * The geolocation map's points (issue 41 item 3, docs/management.md): where the sales were closed
 * and the visits checked in, with their precision and the far check-ins flagged; the record scope
 * (a salesman his own, a supervisor his team's, the administrator the company's); the period's
 * limit and the kind named in Portuguese; the records without a position counted apart.
 */

let w: World;
let s: Awaited<ReturnType<typeof salesCompany>>;
let vitor: { id: string; token: string };
let today: string;
const ids = {} as Record<'located' | 'unlocated' | 'others' | 'vitors' | 'visit' | 'blind', string>;
/** The main address of the visited client, and where the salesman stood: 1.2 km away. */
const shop = { latitude: -22.3246, longitude: -49.0871 };
const far = { latitude: -22.3146, longitude: -49.0871 };

type Point = { kind: string; id: string; number: number | null; clientName: string | null; salesmanId: string; salesmanName: string | null; accuracy: number | null; flagged: boolean; link: string; latitude: number; longitude: number; at: string; day: string };
const geo = async (token: string, query = '') => {
  const res = await s.api('GET', `/api/management/geolocation${query ? `?${query}` : ''}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { from: string; until: string; scope: string; points: Point[]; withoutGeolocation: { sales: number; visits: number }; truncated: boolean; map: { token: string | null; zoom: number } };
};
const idsOf = (points: Point[]) => points.map((p) => p.id).sort();

beforeAll(async () => {
  w = await makeWorld('Mapa');
  s = await salesCompany(w);
  const made = await Provisioning.addUser(w.tenant.id, {
    email: `vitor@${w.domain}`, password: PASSWORD, name: 'Vítor Vendedor', profileId: w.profiles.manager.id, branchIds: w.branches.map((b) => b.id), salesman: true, supervisorId: w.supervisor.id,
  });
  vitor = { id: made.id, token: (await w.login(made.email)).accessToken };
  const arroz = await s.product('Arroz Tipo 1 5kg', '24.90', '100');
  const line = [{ productId: arroz, quantity: '1', unitPrice: '24.90' }];
  const close = async (salesmanId: string, geolocation: { latitude: number; longitude: number; accuracy: number } | null) =>
    (await s.closed(await s.client(undefined, salesmanId), line, { token: s.tokens.admin, geolocation })).id;
  ids.located = await close(w.salesman.id, { latitude: -22.3145, longitude: -49.0587, accuracy: 12 });
  ids.unlocated = await close(w.salesman.id, null);
  ids.others = await close(w.otherSalesman.id, { latitude: -22.33, longitude: -49.07, accuracy: 40 });
  ids.vitors = await close(vitor.id, { latitude: -22.34, longitude: -49.08, accuracy: 8 });

  today = (await geo(s.tokens.admin)).from;
  const [visitType, visited] = await Promise.all([
    s.post('/api/schedulings-types', { name: 'Visita de venda', type: 'visit' }),
    s.post('/api/occurrences-types', { name: 'Cliente visitado', type: 'schedulings' }),
  ]);
  const client = await s.post('/api/clients', { name: 'Padaria do Centro', birthDate: '1980-01-01', salesmanId: w.salesman.id, addresses: [{ main: true, street: 'Rua Batista de Carvalho', number: '100', city: 'Bauru', state: 'SP', ...shop }] });
  const schedule = async () => s.post<{ id: string; version: number }>('/api/schedulings', { clientId: client.id, typeId: visitType.id, date: today }, s.tokens.salesman);
  // A visit started 1.2 km from the client (flagged) and closed; another started without a fix, under way.
  const visit = await schedule();
  const started = await s.api('POST', `/api/schedulings/${visit.id}/start`, { token: s.tokens.salesman, body: { version: visit.version, position: { ...far, accuracy: 25, takenAt: Date.now() } } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const closed = await s.api('POST', `/api/schedulings/${visit.id}/close`, { token: s.tokens.salesman, body: { version: started.body.version, occurrenceTypeId: visited.id } });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  const blind = await schedule();
  expect((await s.api('POST', `/api/schedulings/${blind.id}/start`, { token: s.tokens.salesman, body: { version: blind.version } })).status).toBe(200);
  Object.assign(ids, { visit: visit.id, blind: blind.id });
}, 120_000);

describe('GET /management/geolocation', () => {
  it('the administrator maps the company’s sales and visits of the day, with their precision, the far check-in flagged, in time order', async () => {
    const res = await geo(s.tokens.admin);
    expect(res).toMatchObject({ from: today, until: today, scope: 'company', truncated: false, withoutGeolocation: { sales: 1, visits: 1 }, map: { token: null, zoom: 15 } });
    expect(idsOf(res.points)).toEqual([ids.located, ids.others, ids.vitors, ids.visit].sort());
    const sale = res.points.find((p) => p.id === ids.located)!;
    expect(sale).toMatchObject({ kind: 'sale', clientName: expect.any(String), salesmanId: w.salesman.id, salesmanName: 'Vera Vendedora', latitude: -22.3145, longitude: -49.0587, accuracy: 12, flagged: false, link: `/sales/${ids.located}`, day: today });
    expect(sale.number).toEqual(expect.any(Number));
    expect(res.points.find((p) => p.id === ids.visit)).toMatchObject({ kind: 'visit', number: null, clientName: 'Padaria do Centro', salesmanName: 'Vera Vendedora', ...far, accuracy: 25, flagged: true, link: `/schedulings/${ids.visit}` });
    const times = res.points.map((p) => p.at);
    expect(times).toEqual([...times].sort());
  });

  it('filters by kind and by salesman', async () => {
    const sales = await geo(s.tokens.admin, 'kind=sales');
    expect(idsOf(sales.points)).toEqual([ids.located, ids.others, ids.vitors].sort());
    expect(sales.withoutGeolocation).toEqual({ sales: 1, visits: 0 });
    const visits = await geo(s.tokens.admin, 'kind=visits');
    expect(idsOf(visits.points)).toEqual([ids.visit]);
    expect(visits.withoutGeolocation).toEqual({ sales: 0, visits: 1 });
    const vera = await geo(s.tokens.admin, `salesmanId=${w.salesman.id}&from=${today}&until=${today}`);
    expect(idsOf(vera.points)).toEqual([ids.located, ids.visit].sort());
  });

  it('a salesman sees only his own points, a supervisor his team’s; another’s salesman leaves none', async () => {
    const own = await geo(vitor.token);
    expect(own.scope).toBe('own');
    expect(idsOf(own.points)).toEqual([ids.vitors]);
    expect(own.withoutGeolocation).toEqual({ sales: 0, visits: 0 });
    expect((await geo(vitor.token, `salesmanId=${w.salesman.id}`)).points).toEqual([]);
    const team = await geo(s.tokens.supervisor);
    expect(team.scope).toBe('team');
    expect(idsOf(team.points)).toEqual([ids.located, ids.vitors, ids.visit].sort());
    expect((await geo(s.tokens.supervisor, `salesmanId=${w.otherSalesman.id}`)).points).toEqual([]);
  });

  it('each kind only for who may read it: a profile with the dashboards and the sales, but not the schedulings, maps no visit', async () => {
    const profile = await s.api('POST', '/api/profiles', { token: s.tokens.admin, body: { name: 'Gerência de vendas', rules: [{ action: 'read', subject: 'auth' }, { action: 'read', subject: 'vendas' }, { action: 'dashboard', subject: 'gerenciais' }] } });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    const user = await Provisioning.addUser(w.tenant.id, { email: `gerencia@${w.domain}`, password: PASSWORD, name: 'Gina Gerente', profileId: profile.body.id, branchIds: w.branches.map((b) => b.id) });
    const res = await geo((await w.login(user.email)).accessToken);
    expect(idsOf(res.points)).toEqual([ids.located, ids.others, ids.vitors].sort());
    expect(res.withoutGeolocation).toEqual({ sales: 1, visits: 0 });
  });

  it('a day with nothing answers no points; a profile without the management dashboards is refused', async () => {
    const empty = await geo(s.tokens.admin, 'from=2020-01-01&until=2020-01-31');
    expect(empty).toMatchObject({ points: [], withoutGeolocation: { sales: 0, visits: 0 }, truncated: false });
    expect((await s.api('GET', '/api/management/geolocation', { token: s.tokens.salesman })).status).toBe(403);
  });

  it('reads at most the bound of each kind, the first by date, and says when there were more', async () => {
    // The map's bound is 2,000 a kind; the modules' reads take it as an argument: here 2 sales and 1 visit.
    const [sales, visits, all] = await runAs({ tenantId: w.tenant.id }, () =>
      Promise.all([Sales.placesInPeriod(null, today, today, 2), Schedulings.checkInsInPeriod(null, today, today, 1), Sales.placesInPeriod(null, today, today, 10)]),
    );
    expect(sales.truncated).toBe(true);
    expect(sales.places.map((p) => p.id)).toEqual(all.places.slice(0, 2).map((p) => p.id));
    expect(all.truncated).toBe(false);
    expect(all.places).toHaveLength(4);
    expect(visits.truncated).toBe(true);
    expect(visits.checkIns).toHaveLength(1);
  });

  it('refuses a period over 31 days, a period backwards and an unknown kind, naming the field in Portuguese', async () => {
    const fieldsOf = async (query: string) => {
      const res = await s.api('GET', `/api/management/geolocation?${query}`, { token: s.tokens.admin });
      expect(res.status).toBe(400);
      return Object.fromEntries((res.body.fields as { field: string; message: string }[]).map((f) => [f.field, f.message]));
    };
    expect(await fieldsOf('from=2026-01-01&until=2026-02-01')).toEqual({ until: 'O período do mapa vai até 31 dias: escolha datas mais próximas.' });
    expect(await fieldsOf('from=2026-02-01&until=2026-01-01')).toEqual({ until: 'A data final do período deve ser igual ou posterior à inicial.' });
    expect(await fieldsOf('kind=clients')).toEqual({ kind: 'O tipo do mapa deve ser um de: all, sales, visits.' });
    expect(await fieldsOf('salesmanId=nobody')).toMatchObject({ salesmanId: expect.any(String) });
    // An open end runs to today: a start two months back is too long too.
    const fromOnly = await s.api('GET', '/api/management/geolocation?from=2020-01-01', { token: s.tokens.admin });
    expect(fromOnly.status).toBe(400);
    expect(fromOnly.body.fields[0]).toMatchObject({ field: 'from', message: 'O período do mapa vai até 31 dias: escolha datas mais próximas.' });
  });
});
