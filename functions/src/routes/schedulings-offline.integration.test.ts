import { Clock } from '@ev/core/clock';
import { Logs } from '@ev/core/logs';
import { SchedulingTexts } from '@ev/shared/schemas/schedulings';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, poster, type World } from '../testing/world';

/**
 * Visits made without signal (issue 45, docs/schedulings.md "Offline check-ins"): the device queues
 * the start and the close with the fix and its own time of the action, and sends them later. The
 * check-in's rules are judged on the device's time, not the upload's; the device's time is bounded
 * (5 minutes ahead, 7 days old); a replay under the same key answers the scheduling as it is and
 * writes nothing; the owner and the scope are as online.
 */

const api = checkedCall;
let w: World;
const t = {} as Record<'admin' | 'supervisor' | 'salesman' | 'other', string>;
const r = {} as Record<'visit' | 'visited', string>;
let client: string;
/** The main address of the client: a shop in the centre of Bauru. */
const shop = { latitude: -22.3246, longitude: -49.0871 };

/**
 * The server's now in these tests: 00:40 on December 16th in São Paulo (03:40 UTC). Three hours
 * earlier it was still the 15th there, though already the 16th in UTC.
 */
const NOW = Date.parse('2026-12-16T00:40:00-03:00');
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const MIN = 60_000;
const fix = (takenAt: number, accuracy = 20) => ({ ...shop, accuracy, takenAt });
const said = (res: { body: { message?: string } }) => res.body.message;
const fieldsOf = (res: { body: { fields?: { field: string; message: string }[] } }) => Object.fromEntries((res.body.fields ?? []).map((f) => [f.field, f.message]));

async function schedule(date = '2026-12-15') {
  const res = await api('POST', '/api/schedulings', { token: t.salesman, body: { clientId: client, typeId: r.visit, date } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; version: number };
}
const start = (id: string, body: Record<string, unknown>, token = t.salesman) => api('POST', `/api/schedulings/${id}/start`, { token, body, headers: { 'user-agent': 'Teste/1.0 (Android)' } });
const close = (id: string, body: Record<string, unknown>, token = t.salesman) => api('POST', `/api/schedulings/${id}/close`, { token, body: { occurrenceTypeId: r.visited, ...body } });
const read = async (id: string) => (await api('GET', `/api/schedulings/${id}`, { token: t.salesman })).body;

async function setScheduling(values: Record<string, unknown>) {
  const company = (await api('GET', '/api/company', { token: t.admin })).body;
  const { name, nickname, document, observations, taxRegime, settings, version } = company;
  const res = await api('PUT', '/api/company', { token: t.admin, body: { name, nickname, document, observations, taxRegime, version, settings: { ...settings, scheduling: { ...settings.scheduling, ...values } } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The audit entries of one scheduling with this event. */
async function audits(id: string, event: 'schedulings.start' | 'schedulings.close') {
  await Logs.flush();
  const res = await api('GET', '/api/logs?level=audit&from=2026-11-15&until=2026-12-31&limit=100', { token: t.admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as { message: string; metadata: { schedulingId?: string } }[]).filter((e) => e.message === event && e.metadata.schedulingId === id);
}

beforeAll(async () => {
  // Everything on the server's clock from the start: the sessions too.
  Clock.set(() => NOW);
  w = await makeWorld('Agendamentos offline');
  const logins = await Promise.all([w.admin.email, w.supervisor.email, w.salesman.email, w.otherSalesman.email].map((e) => w.login(e)));
  [t.admin, t.supervisor, t.salesman, t.other] = logins.map((l) => l.accessToken) as [string, string, string, string];
  const post = poster(t.admin, api);
  const [visit, visited] = await Promise.all([post('/api/schedulings-types', { name: 'Visita de venda', type: 'visit' }), post('/api/occurrences-types', { name: 'Cliente visitado', type: 'schedulings' })]);
  Object.assign(r, { visit: visit.id, visited: visited.id });
  const address = { main: true, cep: '17010120', street: 'Rua Batista de Carvalho', number: '100', neighborhood: 'Centro', city: 'Bauru', state: 'SP', ...shop };
  client = (await post('/api/clients', { name: 'Mercado Central', birthDate: '1980-01-01', salesmanId: w.salesman.id, addresses: [address] })).id;
  // The company requires a fix for a visit's start: at most 100 m of accuracy, at most 2 minutes old.
  await setScheduling({ geolocationRequired: true, minimumPrecision: 100, checkInTolerance: 300 });
}, 60_000);

afterEach(() => Clock.set(() => NOW));
afterAll(() => Clock.reset());

describe('offline check-ins', () => {
  it('judges a visit started and closed three hours ago on the device’s times: the fix of a minute before each is fresh, the duration is the device’s, the day is the device’s in the company’s zone', async () => {
    const s = await schedule();
    const startedAt = NOW - 3 * 60 * MIN;
    const closedAt = startedAt + 25 * MIN;
    // The same fix sent online now is three hours old: refused as stale, the scheduling still pending.
    const online = await start(s.id, { version: 1, position: fix(startedAt - MIN) });
    expect(online.status).toBe(400);
    expect(fieldsOf(online).position).toBe(SchedulingTexts.staleFix().message);
    expect(await read(s.id)).toMatchObject({ status: 'pending', version: 1 });

    const started = await start(s.id, { version: 1, position: fix(startedAt - MIN), offline: { key: 'visit-start-0001', at: utc(startedAt) } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({
      status: 'active', version: 2, flagged: false, updatedAt: utc(NOW),
      start: { at: utc(startedAt), distance: 0, userAgent: 'Teste/1.0 (Android)', offline: { key: 'visit-start-0001', receivedAt: utc(NOW) } },
    });

    // A close's fix is never required, and may come offline too.
    const closed = await close(s.id, { version: 2, position: fix(closedAt - MIN), offline: { key: 'visit-close-0001', at: utc(closedAt) } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ status: 'completed', version: 3, duration: 25 * 60, end: { at: utc(closedAt), distance: 0, offline: { key: 'visit-close-0001', receivedAt: utc(NOW) } } });
    expect(await read(s.id)).toMatchObject({ status: 'completed', version: 3, duration: 1500, start: { at: utc(startedAt) }, end: { at: utc(closedAt) } });
    // 22:05 on the 15th in São Paulo: the client's last contact is that day (not the server's 16th, nor UTC's 16th).
    const c = (await api('GET', `/api/clients/${client}`, { token: t.salesman })).body;
    expect(c.lastContactDate).toBe('2026-12-15');
  });

  it('an online check-in records no offline part', async () => {
    const s = await schedule();
    const started = await start(s.id, { version: 1, position: fix(NOW - 30_000) });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.start).toMatchObject({ at: utc(NOW), offline: null });
    expect((await close(s.id, { version: 2 })).body).toMatchObject({ status: 'completed', duration: 0, end: { at: utc(NOW), offline: null } });
  });

  it('refuses a device’s time more than 5 minutes ahead or more than 7 days old, a malformed key or time, a fix too far from the action and a close before its start', async () => {
    const s = await schedule();
    const attempt = (offline: Record<string, unknown>, position = fix(NOW)) => start(s.id, { version: 1, position, offline });

    const ahead = await attempt({ key: 'visit-ahead-001', at: utc(NOW + 6 * MIN) });
    expect(ahead.status).toBe(400);
    expect(fieldsOf(ahead)['offline.at']).toBe(SchedulingTexts.deviceAhead({ minutes: 6 }).message);
    expect(said(ahead)).toMatch(/^A hora do aparelho está adiantada/);
    const old = await attempt({ key: 'visit-old-0001', at: utc(NOW - 7 * 24 * 60 * MIN - MIN) }, fix(NOW - 7 * 24 * 60 * MIN - 2 * MIN));
    expect(old.status).toBe(400);
    expect(fieldsOf(old)['offline.at']).toBe(SchedulingTexts.offlineTooOld().message);
    const bad = await attempt({ key: 'curta', at: '2026-02-30 10:00:00' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toMatchObject({ 'offline.key': SchedulingTexts.offlineKey().message, 'offline.at': SchedulingTexts.offlineAt().message });
    // The fix judged against the device's time: three minutes before it, or two minutes after it, is refused.
    const at = NOW - 60 * MIN;
    expect(fieldsOf(await attempt({ key: 'visit-fix-0001', at: utc(at) }, fix(at - 3 * MIN))).position).toBe(SchedulingTexts.fixBeforeAction().message);
    expect(fieldsOf(await attempt({ key: 'visit-fix-0001', at: utc(at) }, fix(at + 2 * MIN))).position).toBe(SchedulingTexts.fixAfterAction().message);
    expect(await read(s.id)).toMatchObject({ status: 'pending', version: 1, start: null });

    // A device 4 minutes fast is within the bound; its fix taken at its own "now".
    const started = await attempt({ key: 'visit-fast-0001', at: utc(NOW + 4 * MIN) }, fix(NOW + 4 * MIN));
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const before = await close(s.id, { version: 2, offline: { key: 'visit-close-early', at: utc(NOW + 3 * MIN) } });
    expect(before.status).toBe(400);
    expect(fieldsOf(before)['offline.at']).toBe(SchedulingTexts.closeBeforeStart().message);
    expect(await read(s.id)).toMatchObject({ status: 'active', version: 2, end: null });
    const closed = await close(s.id, { version: 2, offline: { key: 'visit-close-late', at: utc(NOW + 5 * MIN) } });
    expect(closed.body).toMatchObject({ status: 'completed', duration: 60 });
  });

  it('answers a replay of the same start or close with the scheduling as it is, writing nothing, even days later; another key is the usual 409', async () => {
    const s = await schedule();
    const startBody = { version: 1, position: fix(NOW - 20 * MIN), offline: { key: 'replay-start-01', at: utc(NOW - 19 * MIN) } };
    const closeBody = { version: 2, offline: { key: 'replay-close-01', at: utc(NOW - 2 * MIN) }, closingObservations: 'Pedido tirado' };
    const started = await start(s.id, startBody);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // The answer was lost: the same start again answers the record as it is, unchanged.
    const again = await start(s.id, startBody);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(started.body);

    const closed = await close(s.id, closeBody);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ version: 3, status: 'completed' });
    // Eight days later (beyond what a new offline action may be) both replays still answer the record, now closed.
    Clock.set(() => NOW + 8 * 24 * 60 * MIN);
    const later = (await w.login(w.salesman.email)).accessToken;
    const startAgain = await start(s.id, startBody, later);
    const closeAgain = await close(s.id, closeBody, later);
    expect([startAgain.status, closeAgain.status]).toEqual([200, 200]);
    expect(startAgain.body).toEqual(closed.body);
    expect(closeAgain.body).toEqual(closed.body);
    Clock.set(() => NOW);

    // Another key on one already started, or closed, is the usual refusal.
    const otherStart = await start(s.id, { ...startBody, version: 3, offline: { key: 'replay-start-02', at: utc(NOW - MIN) }, position: fix(NOW - MIN) });
    expect(otherStart.status).toBe(409);
    expect(said(otherStart)).toBe(SchedulingTexts.notPending().message);
    const otherClose = await close(s.id, { ...closeBody, version: 3, offline: { key: 'replay-close-02', at: utc(NOW - MIN) } });
    expect(otherClose.status).toBe(409);
    expect(said(otherClose)).toBe(SchedulingTexts.alreadyClosed().message);

    expect(await read(s.id)).toMatchObject({ version: 3, start: { offline: { key: 'replay-start-01' } }, end: { offline: { key: 'replay-close-01' } } });
    expect(await audits(s.id, 'schedulings.start')).toHaveLength(1);
    expect(await audits(s.id, 'schedulings.close')).toHaveLength(1);
  });

  it('two sends of the same offline start at once: one writes it, both answer the started scheduling', async () => {
    const s = await schedule();
    const body = { version: 1, position: fix(NOW - 10 * MIN), offline: { key: 'twice-at-once-01', at: utc(NOW - 9 * MIN) } };
    const answers = await Promise.all([start(s.id, body), start(s.id, body)]);
    expect(answers.map((a) => a.status), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 200]);
    expect(answers[0]!.body).toEqual(answers[1]!.body);
    expect(answers[0]!.body).toMatchObject({ status: 'active', version: 2, start: { offline: { key: 'twice-at-once-01' } } });
    expect(await read(s.id)).toMatchObject({ status: 'active', version: 2 });
    expect(await audits(s.id, 'schedulings.start')).toHaveLength(1);
    // The same for the close.
    const closeBody = { version: 2, offline: { key: 'twice-at-once-02', at: utc(NOW - 2 * MIN) } };
    const closes = await Promise.all([close(s.id, closeBody), close(s.id, closeBody)]);
    expect(closes.map((a) => a.status), JSON.stringify(closes.map((a) => a.body))).toEqual([200, 200]);
    expect(closes[0]!.body).toEqual(closes[1]!.body);
    expect(await read(s.id)).toMatchObject({ status: 'completed', version: 3 });
    expect(await audits(s.id, 'schedulings.close')).toHaveLength(1);
  });

  it('keeps the scope and the owner as online: another salesman gets a 404, a supervisor who sees it a 409, even with the owner’s key', async () => {
    const s = await schedule();
    const body = { version: 1, position: fix(NOW - 10 * MIN), offline: { key: 'scope-start-001', at: utc(NOW - 9 * MIN) } };
    expect((await start(s.id, body, t.other)).status).toBe(404);
    const supervisor = await start(s.id, body, t.supervisor);
    expect(supervisor.status).toBe(409);
    expect(said(supervisor)).toBe(SchedulingTexts.notOwner().message);
    expect((await start(s.id, body)).status).toBe(200);
    // Once recorded, a replay of the owner's key by others is refused as before: nothing read or written for them.
    expect((await start(s.id, body, t.other)).status).toBe(404);
    expect(said(await start(s.id, body, t.supervisor))).toBe(SchedulingTexts.notOwner().message);
    expect((await close(s.id, { version: 2, offline: { key: 'scope-close-001', at: utc(NOW - MIN) } }, t.other)).status).toBe(404);
    expect(said(await close(s.id, { version: 2, offline: { key: 'scope-close-001', at: utc(NOW - MIN) } }, t.supervisor))).toBe(SchedulingTexts.notOwner().message);
    expect((await close(s.id, { version: 2, offline: { key: 'scope-close-001', at: utc(NOW - MIN) } })).status).toBe(200);
  });
});
