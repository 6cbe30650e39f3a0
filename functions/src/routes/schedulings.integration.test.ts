import { beforeAll, describe, expect, it } from 'vitest';
import { SchedulingTexts } from '@ev/shared/schemas/schedulings';
import { GeolocationTexts } from '@ev/shared/geolocation';
import { ApiTexts } from '@ev/shared/messages';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, poster, type World } from '../testing/world';

/**
 * Schedulings through the API (issue 15, docs/schedulings.md): create, the two lists and their
 * scope, the lifecycle with its texts, one active per user under concurrent starts, the check-in's
 * geolocation rules and its distance flag, create-several's dates.
 */

const api = checkedCall;
let w: World;
const t = {} as Record<'admin' | 'supervisor' | 'salesman' | 'other' | 'employee', string>;
const r = {} as Record<'visit' | 'call' | 'visited', string>;
const c = {} as Record<'mine' | 'others', string>;
/** The main address of `c.mine`: a shop in the centre of Bauru. */
const shop = { latitude: -22.3246, longitude: -49.0871 };

const post = (path: string, body: unknown, token = t.admin) => poster(token, api)(path, body);
const fix = (at: { latitude: number; longitude: number }, accuracy = 20, takenAt = Date.now()) => ({ ...at, accuracy, takenAt });
const said = (res: { body: { message?: string } }) => res.body.message;
const fieldsOf = (res: { body: { fields?: { field: string; message: string }[] } }) => Object.fromEntries((res.body.fields ?? []).map((f) => [f.field, f.message]));

async function schedule(token: string, body: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/schedulings', { token, body: { clientId: c.mine, typeId: r.visit, date: '2026-12-01', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; version: number; status: string };
}

async function setScheduling(values: Record<string, unknown>) {
  const company = (await api('GET', '/api/company', { token: t.admin })).body;
  const { name, nickname, document, observations, taxRegime, settings, version } = company;
  const res = await api('PUT', '/api/company', { token: t.admin, body: { name, nickname, document, observations, taxRegime, version, settings: { ...settings, scheduling: { ...settings.scheduling, ...values } } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  w = await makeWorld('Agendamentos');
  const logins = await Promise.all([w.admin.email, w.supervisor.email, w.salesman.email, w.otherSalesman.email, w.employee.email].map((e) => w.login(e)));
  [t.admin, t.supervisor, t.salesman, t.other, t.employee] = logins.map((l) => l.accessToken) as [string, string, string, string, string];
  const [visit, call, visited] = await Promise.all([
    post('/api/schedulings-types', { name: 'Visita de venda', type: 'visit' }),
    post('/api/schedulings-types', { name: 'Ligação de cobrança', type: 'call' }),
    post('/api/occurrences-types', { name: 'Cliente visitado', type: 'schedulings' }),
  ]);
  Object.assign(r, { visit: visit.id, call: call.id, visited: visited.id });
  const address = { main: true, cep: '17010120', street: 'Rua Batista de Carvalho', number: '100', neighborhood: 'Centro', city: 'Bauru', state: 'SP', ...shop };
  [c.mine, c.others] = await Promise.all([
    post('/api/clients', { name: 'Mercado Central', birthDate: '1980-01-01', salesmanId: w.salesman.id, addresses: [address] }).then((x) => x.id),
    post('/api/clients', { name: 'Empório do Otávio', birthDate: '1980-01-01', salesmanId: w.otherSalesman.id }).then((x) => x.id),
  ]);
}, 60_000);

describe('schedulings', () => {
  it('a salesman schedules a visit to his client: his, pending, named after type and client, with the client’s city and neighbourhood', async () => {
    const res = await api('POST', '/api/schedulings', { token: t.salesman, body: { clientId: c.mine, typeId: r.visit, date: '2026-12-02', scheduledStart: '09:30', scheduledEnd: '10:00', observations: 'Levar catálogo' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Visita de venda - Mercado Central', status: 'pending', salesmanId: w.salesman.id, clientName: 'Mercado Central', city: 'Bauru', neighbourhood: 'Centro',
      contactMode: 'visit', scheduledStart: '09:30', observations: 'Levar catálogo', start: null, flagged: false, version: 1,
    });
  });

  it('refuses bad input with the field and the reason in Portuguese', async () => {
    const res = await api('POST', '/api/schedulings', { token: t.salesman, body: { date: '2026-02-30', scheduledStart: '10:00', scheduledEnd: '09:00' } });
    expect(res.status).toBe(400);
    const fields = fieldsOf(res);
    expect(fields.clientId).toBe(SchedulingTexts.clientMissing().message);
    expect(fields.typeId).toBe(SchedulingTexts.typeMissing().message);
    expect(fields.date).toBeTruthy();
    expect(fields.scheduledEnd).toBe(SchedulingTexts.timeOrder().message);
    // Another salesman's client is outside the salesman's scope: 404, as reading it would be.
    expect((await api('POST', '/api/schedulings', { token: t.salesman, body: { clientId: c.others, typeId: r.visit, date: '2026-12-01' } })).status).toBe(404);
    // Scheduling for someone outside his team names the field.
    const other = await api('POST', '/api/schedulings', { token: t.salesman, body: { clientId: c.mine, typeId: r.visit, date: '2026-12-01', salesmanId: w.otherSalesman.id } });
    expect(other.status).toBe(400);
    expect(fieldsOf(other).salesmanId).toBe(SchedulingTexts.ownerInvalid().message);
  });

  it('lists by scope: the salesman his own, the supervisor his team’s, the administrator everyone’s; outside the scope a 404', async () => {
    const mine = await schedule(t.salesman, { date: '2026-12-03' });
    const others = await schedule(t.admin, { clientId: c.others, date: '2026-12-03', salesmanId: w.otherSalesman.id });
    const ids = async (token: string, q = '') => ((await api('GET', `/api/schedulings?from=2026-12-03&until=2026-12-03${q}`, { token })).body.items as { id: string }[]).map((i) => i.id);
    expect(await ids(t.salesman)).toEqual([mine.id]);
    expect(await ids(t.other)).toEqual([others.id]);
    expect(await ids(t.supervisor)).toEqual([mine.id]);
    expect((await ids(t.admin)).sort()).toEqual([mine.id, others.id].sort());
    expect(await ids(t.admin, `&salesmanId=${w.otherSalesman.id}`)).toEqual([others.id]);
    expect(await ids(t.admin, '&q=empório')).toEqual([others.id]);
    expect(await ids(t.admin, '&city=bauru')).toEqual([mine.id]);
    expect((await api('GET', `/api/schedulings/${others.id}`, { token: t.salesman })).status).toBe(404);
    expect((await api('POST', `/api/schedulings/${others.id}/start`, { token: t.salesman, body: { version: 1 } })).status).toBe(404);
    expect((await api('GET', `/api/schedulings/${others.id}`, { token: t.supervisor })).status).toBe(404);
    // The employee's profile has no schedulings: 403.
    expect((await api('GET', '/api/schedulings', { token: t.employee })).status).toBe(403);
  });

  it('goes pending → active → completed, each refusal with its text; the close records the occurrence and the duration', async () => {
    const s = await schedule(t.salesman, { date: '2026-12-04' });
    // Only pending can be edited; closing before starting is refused.
    expect(said(await api('POST', `/api/schedulings/${s.id}/close`, { token: t.salesman, body: { version: 1, occurrenceTypeId: r.visited } }))).toBe(SchedulingTexts.notStarted().message);
    // The administrator sees it but does not check in for the salesman.
    expect(said(await api('POST', `/api/schedulings/${s.id}/start`, { token: t.admin, body: { version: 1 } }))).toBe(SchedulingTexts.notOwner().message);

    const started = await api('POST', `/api/schedulings/${s.id}/start`, { token: t.salesman, body: { version: 1, position: fix(shop) }, headers: { 'user-agent': 'Teste/1.0 (Android)' } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ status: 'active', version: 2, flagged: false, start: { userAgent: 'Teste/1.0 (Android)', distance: 0, position: { latitude: shop.latitude, accuracy: 20 } } });
    expect((await api('GET', '/api/schedulings/active', { token: t.salesman })).body).toMatchObject({ id: s.id });
    // It stays in the pending list while under way.
    expect(((await api('GET', '/api/schedulings?from=2026-12-04&until=2026-12-04', { token: t.salesman })).body.items as { id: string; status: string }[]).find((i) => i.id === s.id)?.status).toBe('active');

    const again = await api('POST', `/api/schedulings/${s.id}/start`, { token: t.salesman, body: { version: 2 } });
    expect(again.status).toBe(409);
    expect(said(again)).toBe(SchedulingTexts.notPending().message);
    expect(said(await api('PUT', `/api/schedulings/${s.id}`, { token: t.salesman, body: { version: 2, clientId: c.mine, typeId: r.visit, date: '2026-12-05' } }))).toBe(SchedulingTexts.notEditable().message);
    expect(fieldsOf(await api('POST', `/api/schedulings/${s.id}/close`, { token: t.salesman, body: { version: 2 } })).occurrenceTypeId).toBe(SchedulingTexts.occurrenceMissing().message);
    expect((await api('POST', `/api/schedulings/${s.id}/close`, { token: t.salesman, body: { version: 1, occurrenceTypeId: r.visited } })).status).toBe(409);

    const closed = await api('POST', `/api/schedulings/${s.id}/close`, { token: t.salesman, body: { version: 2, occurrenceTypeId: r.visited, closingObservations: 'Pedido tirado' } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ status: 'completed', occurrenceTypeName: 'Cliente visitado', closingObservations: 'Pedido tirado', version: 3 });
    expect(closed.body.duration).toBeGreaterThanOrEqual(0);
    expect((await api('GET', '/api/schedulings/active', { token: t.salesman })).body).toBeNull();
    const twice = await api('POST', `/api/schedulings/${s.id}/close`, { token: t.salesman, body: { version: 3, occurrenceTypeId: r.visited } });
    expect(twice.status).toBe(409);
    expect(said(twice)).toBe(SchedulingTexts.alreadyClosed().message);
    expect(said(await api('POST', `/api/schedulings/${s.id}/cancel`, { token: t.salesman, body: { version: 3 } }))).toBe(SchedulingTexts.alreadyClosed().message);
    // Now in the completed list, not in the pending one.
    const listed = async (list: string) => ((await api('GET', `/api/schedulings?list=${list}&from=2026-12-04&until=2026-12-04`, { token: t.salesman })).body.items as { id: string }[]).map((i) => i.id);
    expect(await listed('completed')).toContain(s.id);
    expect(await listed('pending')).not.toContain(s.id);
  });

  it('keeps one active scheduling per user, even with two starts at once; cancelling the active one frees him', async () => {
    const [a, b] = await Promise.all([schedule(t.other, { clientId: c.others, date: '2026-12-07' }), schedule(t.other, { clientId: c.others, date: '2026-12-07' })]);
    const answers = await Promise.all([a, b].map((s) => api('POST', `/api/schedulings/${s.id}/start`, { token: t.other, body: { version: 1 } })));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const lost = answers.find((x) => x.status === 409)!;
    expect(said(lost)).toBe(SchedulingTexts.anotherActive({ name: 'Visita de venda - Empório do Otávio' }).message);
    const won = answers.find((x) => x.status === 200)!.body as { id: string; version: number };
    const cancelled = await api('POST', `/api/schedulings/${won.id}/cancel`, { token: t.other, body: { version: won.version } });
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    const other = won.id === a.id ? b : a;
    expect((await api('POST', `/api/schedulings/${other.id}/start`, { token: t.other, body: { version: 1 } })).status).toBe(200);
  });

  it('where the company requires geolocation, a visit does not start without a fix, with a poor one or a stale one; a far start is flagged; a call needs none', async () => {
    await setScheduling({ geolocationRequired: true, minimumPrecision: 100, checkInTolerance: 300 });
    try {
      const s = await schedule(t.salesman, { date: '2026-12-08' });
      const start = (body: Record<string, unknown>) => api('POST', `/api/schedulings/${s.id}/start`, { token: t.salesman, body: { version: 1, ...body } });
      const none = await start({});
      expect(none.status).toBe(400);
      expect(fieldsOf(none).position).toBe(GeolocationTexts.required().message);
      expect(fieldsOf(await start({ position: fix(shop, 450) })).position).toBe(SchedulingTexts.imprecise({ accuracy: 450, precision: 100 }).message);
      expect(fieldsOf(await start({ position: fix(shop, 20, Date.now() - 5 * 60_000) })).position).toBe(SchedulingTexts.staleFix().message);
      expect((await api('GET', `/api/schedulings/${s.id}`, { token: t.salesman })).body).toMatchObject({ status: 'pending', version: 1 });

      // About 1.1 km north of the shop: started, measured and flagged for the supervisor.
      const far = await start({ position: fix({ latitude: shop.latitude + 0.01, longitude: shop.longitude }) });
      expect(far.status, JSON.stringify(far.body)).toBe(200);
      expect(far.body.flagged).toBe(true);
      expect(far.body.start.distance).toBeGreaterThan(1000);
      expect(far.body.start.distance).toBeLessThan(1200);
      const flagged = ((await api('GET', '/api/schedulings?flagged=true&from=2026-12-08&until=2026-12-08', { token: t.supervisor })).body.items as { id: string }[]).map((i) => i.id);
      expect(flagged).toEqual([s.id]);
      await api('POST', `/api/schedulings/${s.id}/close`, { token: t.salesman, body: { version: 2, occurrenceTypeId: r.visited } });

      const callIt = await schedule(t.salesman, { typeId: r.call, date: '2026-12-08' });
      const called = await api('POST', `/api/schedulings/${callIt.id}/start`, { token: t.salesman, body: { version: 1 } });
      expect(called.body).toMatchObject({ status: 'active', contactMode: 'call', flagged: false, start: { position: null, distance: null } });
      await api('POST', `/api/schedulings/${callIt.id}/close`, { token: t.salesman, body: { version: 2, occurrenceTypeId: r.visited } });
    } finally {
      await setScheduling({ geolocationRequired: false, minimumPrecision: 500 });
    }
  });

  it('creates one scheduling per chosen client, the dates spread per day skipping the weekend, after a preview of the capacity', async () => {
    const clients = await Promise.all(['Bar do Zé', 'Padaria Sol', 'Lanchonete Lua', 'Açougue Boi', 'Quitanda Verde'].map((name) => post('/api/clients', { name, birthDate: '1980-01-01', salesmanId: w.salesman.id }).then((x) => x.id)));
    const tooSmall = await api('POST', '/api/schedulings/many', { token: t.salesman, body: { clientIds: clients, typeId: r.visit, plan: { mode: 'perDay', from: '2026-12-11', until: '2026-12-11', perDay: 2, skipWeekends: true } } });
    expect(tooSmall.status).toBe(400);
    expect(fieldsOf(tooSmall).plan).toBe(SchedulingTexts.capacity({ capacity: 2 }).message);
    // Friday the 11th: two on Friday, two on Monday, one on Tuesday.
    const res = await api('POST', '/api/schedulings/many', { token: t.salesman, body: { clientIds: clients, typeId: r.visit, plan: { mode: 'perDay', from: '2026-12-11', until: '2026-12-18', perDay: 2, skipWeekends: true } } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const made = res.body.items as { clientId: string; date: string; salesmanId: string }[];
    expect(made.map((m) => m.clientId)).toEqual(clients);
    expect(made.map((m) => m.date)).toEqual(['2026-12-11', '2026-12-11', '2026-12-14', '2026-12-14', '2026-12-15']);
    expect(new Set(made.map((m) => m.salesmanId))).toEqual(new Set([w.salesman.id]));
    const oneDay = await api('POST', '/api/schedulings/many', { token: t.salesman, body: { clientIds: clients.slice(0, 2), typeId: r.visit, plan: { mode: 'day', date: '2026-12-20' } } });
    expect((oneDay.body.items as { date: string }[]).map((m) => m.date)).toEqual(['2026-12-20', '2026-12-20']);
    expect(fieldsOf(await api('POST', '/api/schedulings/many', { token: t.salesman, body: { clientIds: [], typeId: r.visit, plan: { mode: 'day', date: '2026-12-20' } } })).clientIds).toBe(SchedulingTexts.noClients().message);
    // A client outside the salesman's scope makes none of them.
    expect((await api('POST', '/api/schedulings/many', { token: t.salesman, body: { clientIds: [clients[0], c.others], typeId: r.visit, plan: { mode: 'day', date: '2026-12-21' } } })).status).toBe(404);
    expect(((await api('GET', '/api/schedulings?from=2026-12-21&until=2026-12-21', { token: t.admin })).body.items as unknown[]).length).toBe(0);
  });

  it('edits a pending one over the version read: a stale version is a 409', async () => {
    const s = await schedule(t.salesman, { date: '2026-12-09' });
    const edited = await api('PUT', `/api/schedulings/${s.id}`, { token: t.salesman, body: { version: 1, clientId: c.mine, typeId: r.call, date: '2026-12-10' } });
    expect(edited.body).toMatchObject({ date: '2026-12-10', contactMode: 'call', typeName: 'Ligação de cobrança', version: 2 });
    const stale = await api('PUT', `/api/schedulings/${s.id}`, { token: t.salesman, body: { version: 1, clientId: c.mine, typeId: r.visit, date: '2026-12-11' } });
    expect(stale.status).toBe(409);
    expect(said(stale)).toBe(ApiTexts.versionConflict().message);
  });

  it('suggests the type’s estimated date as the client’s next contact; the close records the contact on the client', async () => {
    const ahead = new Date(Date.now() + 20 * 86400_000).toISOString().slice(0, 10);
    const chosen = new Date(Date.now() + 25 * 86400_000).toISOString().slice(0, 10);
    const type = await post('/api/schedulings-types', { name: 'Visita de retorno', type: 'call', estimatedDate: ahead });
    const past = await post('/api/schedulings-types', { name: 'Ligação antiga', type: 'call', estimatedDate: '2020-01-01' });
    const s = await schedule(t.salesman, { typeId: type.id, date: '2026-12-12' });
    expect((await api('GET', `/api/schedulings/${s.id}`, { token: t.salesman })).body.suggestedNextContact).toBe(ahead);
    // A date already gone suggests nothing.
    const old = await schedule(t.salesman, { typeId: past.id, date: '2026-12-12' });
    expect((await api('GET', `/api/schedulings/${old.id}`, { token: t.salesman })).body.suggestedNextContact).toBeNull();
    await api('POST', `/api/schedulings/${old.id}/cancel`, { token: t.salesman, body: { version: 1 } });

    const started = await api('POST', `/api/schedulings/${s.id}/start`, { token: t.salesman, body: { version: 1 } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const closed = await api('POST', `/api/schedulings/${s.id}/close`, { token: t.salesman, body: { version: 2, occurrenceTypeId: r.visited, nextContactDate: chosen } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const client = (await api('GET', `/api/clients/${c.mine}`, { token: t.salesman })).body;
    expect(client.nextContactDate).toBe(chosen);
    expect(client.lastContactDate).toBe(new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' }));
    expect((await api('GET', `/api/schedulings/${s.id}`, { token: t.salesman })).body.suggestedNextContact).toBeNull();
  });
});
