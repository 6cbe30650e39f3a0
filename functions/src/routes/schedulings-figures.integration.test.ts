import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate, timestampMs } from '@ev/shared/calendar';
import { Clock } from '@ev/core/clock';
import { runAs } from '@ev/core/context';
import { Schedulings } from '@ev/core/schedulings';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, poster, type World } from '../testing/world';

/**
 * The schedulings' figures kept on write (issue 41, docs/schedulings.md "Figures"): after a mixed
 * series (visits completed, one cancelled while pending and one while under way, a call completed,
 * a visit done late on October 31st in São Paulo, already November 1st in UTC, then moved in its
 * day's itinerary, a pending visit handed to another salesman and done by him), the visits done per
 * month equal a recount of the records, for the company, each owner and a team.
 */

const api = checkedCall;
const TZ = 'America/Sao_Paulo';
const MONTHS = ['2026-10', '2026-11'];
type Row = { id: string; version: number; status: string; contactMode: string; salesmanId: string; end: { at: string } | null };

let w: World;
const t = {} as { admin: string; salesman: string; other: string };
const r = {} as { visit: string; call: string; visited: string; mine: string; others: string };
const at = (iso: string) => Clock.set(() => Date.parse(iso));

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await api(method, path, { token, body });
  expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as Row;
}
const schedule = (token: string, body: { [k: string]: unknown }) => call('POST', '/api/schedulings', token, { clientId: r.mine, typeId: r.visit, ...body });
const start = (token: string, s: Row) => call('POST', `/api/schedulings/${s.id}/start`, token, { version: s.version });
const close = (token: string, s: Row) => call('POST', `/api/schedulings/${s.id}/close`, token, { version: s.version, occurrenceTypeId: r.visited });
const cancel = (token: string, s: Row) => call('POST', `/api/schedulings/${s.id}/cancel`, token, { version: s.version });

beforeAll(async () => {
  w = await makeWorld('Visitas');
  const logins = await Promise.all([w.admin.email, w.salesman.email, w.otherSalesman.email].map((e) => w.login(e)));
  [t.admin, t.salesman, t.other] = logins.map((l) => l.accessToken) as [string, string, string];
  const post = (path: string, body: unknown) => poster(t.admin, api)(path, body);
  const [visit, callType, visited, mine, others] = await Promise.all([
    post('/api/schedulings-types', { name: 'Visita de venda', type: 'visit' }),
    post('/api/schedulings-types', { name: 'Ligação de cobrança', type: 'call' }),
    post('/api/occurrences-types', { name: 'Cliente visitado', type: 'schedulings' }),
    post('/api/clients', { name: 'Mercado Central', birthDate: '1980-01-01', salesmanId: w.salesman.id }),
    post('/api/clients', { name: 'Empório do Otávio', birthDate: '1980-01-01', salesmanId: w.otherSalesman.id }),
  ]);
  Object.assign(r, { visit: visit.id, call: callType.id, visited: visited.id, mine: mine.id, others: others.id });
  try {
    at('2026-10-30T10:00:00-03:00');
    // A visit done on its day; a call done (no visit); a visit cancelled while pending, another under way.
    await close(t.salesman, await start(t.salesman, await schedule(t.salesman, { date: '2026-10-30' })));
    await close(t.salesman, await start(t.salesman, await schedule(t.salesman, { date: '2026-10-30', typeId: r.call })));
    await cancel(t.salesman, await schedule(t.salesman, { date: '2026-10-30' }));
    await cancel(t.salesman, await start(t.salesman, await schedule(t.salesman, { date: '2026-10-30' })));
    // Scheduled for November 2nd, done at 23:30 on October 31st in São Paulo (02:30 on November 1st in UTC): October's.
    at('2026-10-31T23:00:00-03:00');
    const early = await start(t.salesman, await schedule(t.salesman, { date: '2026-11-02', scheduledStart: '10:00' }));
    at('2026-10-31T23:30:00-03:00');
    const done = await close(t.salesman, early);
    // Its day's itinerary reordered: the done visit is rewritten (a new sequence) and stays October's.
    const pending = await schedule(t.salesman, { date: '2026-11-02', scheduledStart: '09:00' });
    await call('PUT', `/api/schedulings/itineraries/2026-11-02_${w.salesman.id}/order`, t.salesman, { order: [done.id, pending.id] });
    at('2026-11-01T00:30:00-03:00');
    await close(t.other, await start(t.other, await schedule(t.other, { date: '2026-11-01', clientId: r.others })));
    // Scheduled for the salesman, handed to the other one by the office, done by him: the other's.
    const handed = await schedule(t.admin, { date: '2026-11-02', salesmanId: w.salesman.id, clientId: r.others });
    const edited = await call('PUT', `/api/schedulings/${handed.id}`, t.admin, { version: handed.version, clientId: r.others, typeId: r.visit, date: '2026-11-02', salesmanId: w.otherSalesman.id });
    at('2026-11-02T09:00:00-03:00');
    await close(t.other, await start(t.other, edited));
  } finally {
    Clock.reset();
  }
}, 120_000);
afterAll(() => Clock.reset());

/** Every scheduling of the company, as the administrator reads it (both lists). */
async function records(): Promise<Row[]> {
  const out: Row[] = [];
  for (const list of ['pending', 'completed']) {
    const res = await api('GET', `/api/schedulings?list=${list}&limit=100`, { token: t.admin });
    expect(res.status).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    for (const row of res.body.items as { id: string }[]) out.push((await api('GET', `/api/schedulings/${row.id}`, { token: t.admin })).body as Row);
  }
  return out;
}

/** The visits done per month, recounted: completed visits, each on its close's day in São Paulo. */
function recount(all: Row[], owners: string[] | null): { [month: string]: number } {
  const out = Object.fromEntries(MONTHS.map((m) => [m, 0]));
  for (const s of all) {
    if (s.status !== 'completed' || s.contactMode !== 'visit' || (owners && !owners.includes(s.salesmanId))) continue;
    const month = businessDate(TZ, timestampMs(s.end!.at)).slice(0, 7);
    if (month in out) out[month]! += 1;
  }
  return out;
}

const visitsDone = (owners: string[] | null) => runAs({ tenantId: w.tenant.id }, () => Schedulings.visitsDone(owners, MONTHS));

describe('visits done, from the schedulings’ figures', () => {
  it('equal a recount of the records for the company, each owner and a team, the late visit in October', async () => {
    const all = await records();
    expect(all).toHaveLength(8);
    expect(await visitsDone(null)).toEqual(recount(all, null));
    expect(await visitsDone(null)).toEqual({ '2026-10': 2, '2026-11': 2 });
    expect(await visitsDone([w.salesman.id])).toEqual(recount(all, [w.salesman.id]));
    expect(await visitsDone([w.salesman.id])).toEqual({ '2026-10': 2, '2026-11': 0 });
    expect(await visitsDone([w.otherSalesman.id])).toEqual(recount(all, [w.otherSalesman.id]));
    expect(await visitsDone([w.otherSalesman.id])).toEqual({ '2026-10': 0, '2026-11': 2 });
    const team = [w.supervisor.id, w.salesman.id, w.otherSalesman.id];
    expect(await visitsDone(team)).toEqual(recount(all, team));
  });

  it('answers 0 for a month nothing was done in and for nobody', async () => {
    expect(await runAs({ tenantId: w.tenant.id }, () => Schedulings.visitsDone(null, ['2026-09']))).toEqual({ '2026-09': 0 });
    expect(await runAs({ tenantId: w.tenant.id }, () => Schedulings.visitsDone([], MONTHS))).toEqual({ '2026-10': 0, '2026-11': 0 });
  });
});

describe('a visit the office gave a salesman at another salesman’s client', () => {
  it('closes for him, answered as saved, and the client’s last contact moves to the day', async () => {
    const handed = await schedule(t.admin, { date: businessDate(TZ, Date.now()), salesmanId: w.salesman.id, clientId: r.others });
    const done = await close(t.salesman, await start(t.salesman, handed));
    expect(done.status).toBe('completed');
    const client = await api('GET', `/api/clients/${r.others}`, { token: t.admin });
    expect(client.body.lastContactDate).toBe(businessDate(TZ, Date.now()));
  });
});
