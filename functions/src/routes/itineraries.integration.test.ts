import { beforeAll, describe, expect, it } from 'vitest';
import { routeMeters } from '@ev/shared/schedulings/geo';
import { SchedulingTexts } from '@ev/shared/schemas/schedulings';
import { checkedCall } from '../testing/checked-call';
import { makeWorld, poster, type World } from '../testing/world';

/**
 * Itineraries through the API (issue 15, docs/schedulings.md "Itineraries"): a salesman's day of
 * visits listed, read with where each client is, reordered (sequence and return sequence), the
 * strict order enforced on start, the optimiser's proposal, and the scope.
 */

const api = checkedCall;
let w: World;
const t = {} as Record<'admin' | 'supervisor' | 'salesman' | 'other', string>;
let visit = '';
const DAY = '2026-12-03';
/** Five shops of Bauru zig-zagging across town, then one with no known place. */
const places = [
  { name: 'Padaria Norte', latitude: -22.30, longitude: -49.06 },
  { name: 'Mercearia Sul', latitude: -22.35, longitude: -49.10 },
  { name: 'Açougue Norte', latitude: -22.301, longitude: -49.062 },
  { name: 'Bazar Sul', latitude: -22.351, longitude: -49.102 },
  { name: 'Quitanda Norte', latitude: -22.302, longitude: -49.064 },
];
const ids: string[] = [];
let itinerary = '';

const post = (path: string, body: unknown, token = t.admin) => poster(token, api)(path, body);

async function setScheduling(values: Record<string, unknown>) {
  const company = (await api('GET', '/api/company', { token: t.admin })).body;
  const { name, nickname, document, observations, taxRegime, settings, version } = company;
  const res = await api('PUT', '/api/company', { token: t.admin, body: { name, nickname, document, observations, taxRegime, version, settings: { ...settings, scheduling: { ...settings.scheduling, ...values } } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function read(token = t.salesman) {
  const res = await api('GET', `/api/schedulings/itineraries/${itinerary}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { stops: { id: string; clientName: string; sequence: number | null; returnSequence: number | null; latitude: number | null; address: string | null; status: string }[]; strictOrder: boolean; companyPoint: { latitude: number; longitude: number } };
}

beforeAll(async () => {
  w = await makeWorld('Roteiros');
  const logins = await Promise.all([w.admin.email, w.supervisor.email, w.salesman.email, w.otherSalesman.email].map((e) => w.login(e)));
  [t.admin, t.supervisor, t.salesman, t.other] = logins.map((l) => l.accessToken) as [string, string, string, string];
  visit = (await post('/api/schedulings-types', { name: 'Visita de rota', type: 'visit' })).id;
  const clients = await Promise.all([
    ...places.map((p) => post('/api/clients', {
      name: p.name, birthDate: '1980-01-01', salesmanId: w.salesman.id,
      addresses: [{ main: true, street: 'Rua Araújo Leite', number: '10', neighborhood: 'Centro', city: 'Bauru', state: 'SP', latitude: p.latitude, longitude: p.longitude }],
    })),
    post('/api/clients', { name: 'Sítio Sem Mapa', birthDate: '1980-01-01', salesmanId: w.salesman.id, addresses: [{ main: true, street: 'Estrada Municipal', city: 'Bauru', state: 'SP' }] }),
  ]);
  // Each at its own hour: the day reads in that order until it is sequenced.
  for (const [i, client] of clients.entries()) {
    const res = await api('POST', '/api/schedulings', { token: t.salesman, body: { clientId: client.id, typeId: visit, date: DAY, scheduledStart: `${String(8 + i).padStart(2, '0')}:00` } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.id);
  }
  itinerary = `${DAY}_${w.salesman.id}`;
}, 60_000);

describe('itineraries', () => {
  it('lists the day’s itinerary of the salesman, for him and his supervisor, and not for another salesman', async () => {
    const own = await api('GET', `/api/schedulings/itineraries?date=${DAY}`, { token: t.salesman });
    expect(own.status).toBe(200);
    expect(own.body.items).toEqual([expect.objectContaining({ id: itinerary, salesmanId: w.salesman.id, stops: 6, completed: 0, first: 'Padaria Norte', last: 'Sítio Sem Mapa' })]);
    const team = await api('GET', `/api/schedulings/itineraries?date=${DAY}`, { token: t.supervisor });
    expect(team.body.items.map((i: { id: string }) => i.id)).toContain(itinerary);
    const other = await api('GET', `/api/schedulings/itineraries?date=${DAY}`, { token: t.other });
    expect(other.body.items).toEqual([]);
    expect((await api('GET', `/api/schedulings/itineraries/${itinerary}`, { token: t.other })).status).toBe(404);
    // A day without schedulings is no itinerary.
    expect((await api('GET', `/api/schedulings/itineraries/2026-12-04_${w.salesman.id}`, { token: t.salesman })).status).toBe(404);
    expect((await api('GET', '/api/schedulings/itineraries/amanha', { token: t.salesman })).status).toBe(400);
  });

  it('reads the stops by hour with where each client is, and none for an address without geolocation', async () => {
    const it0 = await read();
    expect(it0.stops.map((s) => s.clientName)).toEqual([...places.map((p) => p.name), 'Sítio Sem Mapa']);
    expect(it0.stops[0]).toMatchObject({ latitude: places[0]!.latitude, address: 'Rua Araújo Leite, 10 - Centro - Bauru', sequence: null });
    expect(it0.stops[5]).toMatchObject({ latitude: null });
  });

  it('reorders the day: sequences 1…n and return sequences n…1, kept for the next read', async () => {
    const order = [...ids].reverse();
    const res = await api('PUT', `/api/schedulings/itineraries/${itinerary}/order`, { token: t.salesman, body: { order } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const again = await read();
    expect(again.stops.map((s) => s.id)).toEqual(order);
    expect(again.stops.map((s) => [s.sequence, s.returnSequence])).toEqual([[1, 6], [2, 5], [3, 4], [4, 3], [5, 2], [6, 1]]);
    const one = await api('GET', `/api/schedulings/${order[0]}`, { token: t.salesman });
    expect(one.body).toMatchObject({ sequence: 1, returnSequence: 6 });
    // An order that is not the day's stops (one missing, one twice) changes nothing.
    for (const bad of [order.slice(1), [order[0], ...order.slice(0, -1)]]) {
      const refused = await api('PUT', `/api/schedulings/itineraries/${itinerary}/order`, { token: t.salesman, body: { order: bad } });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(SchedulingTexts.itineraryChanged().message);
    }
    expect((await read()).stops.map((s) => s.id)).toEqual(order);
    // Another salesman cannot reorder it.
    expect((await api('PUT', `/api/schedulings/itineraries/${itinerary}/order`, { token: t.other, body: { order: ids } })).status).toBe(404);
    await api('PUT', `/api/schedulings/itineraries/${itinerary}/order`, { token: t.salesman, body: { order: ids } });
  });

  it('proposes a shorter order from the first stop, the company or the position, never longer, the unlocated last, writing nothing', async () => {
    const before = await read();
    const res = await api('POST', `/api/schedulings/itineraries/${itinerary}/optimise`, { token: t.salesman, body: { from: 'first' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const proposal = res.body as { order: string[]; before: number; after: number; unlocated: string[] };
    expect(proposal.unlocated).toEqual([ids[5]]);
    expect(proposal.order[0]).toBe(ids[0]);
    expect(proposal.order.at(-1)).toBe(ids[5]);
    expect([...proposal.order].sort()).toEqual([...ids].sort());
    // The zig-zag across town becomes the three northern shops, then the two southern ones.
    expect(proposal.order.slice(0, 5).map((id) => places[ids.indexOf(id)]!.name)).toEqual(['Padaria Norte', 'Açougue Norte', 'Quitanda Norte', 'Mercearia Sul', 'Bazar Sul']);
    expect(proposal.after).toBeLessThan(proposal.before);
    expect(proposal.before).toBe(Math.round(routeMeters(places)));
    // Nothing written: the day is as it was.
    expect((await read()).stops.map((s) => s.id)).toEqual(before.stops.map((s) => s.id));

    const south = { latitude: -22.36, longitude: -49.11 };
    const fromHere = await api('POST', `/api/schedulings/itineraries/${itinerary}/optimise`, { token: t.salesman, body: { from: 'position', position: south } });
    expect(fromHere.body.start).toEqual(south);
    expect(places[ids.indexOf(fromHere.body.order[0])]!.name).toBe('Bazar Sul');
    const fromCompany = await api('POST', `/api/schedulings/itineraries/${itinerary}/optimise`, { token: t.salesman, body: { from: 'company' } });
    expect(fromCompany.body.start).toEqual(before.companyPoint);
    const noPosition = await api('POST', `/api/schedulings/itineraries/${itinerary}/optimise`, { token: t.salesman, body: { from: 'position' } });
    expect(noPosition.status).toBe(400);
    expect(noPosition.body.fields).toEqual([expect.objectContaining({ field: 'position', message: SchedulingTexts.noStartPosition().message })]);
  });

  it('under strict order, a stop starts only after the ones before it are done', async () => {
    await setScheduling({ strictOrder: true, geolocationRequired: false });
    try {
      expect((await read()).strictOrder).toBe(true);
      const second = (await api('GET', `/api/schedulings/${ids[1]}`, { token: t.salesman })).body;
      const refused = await api('POST', `/api/schedulings/${ids[1]}/start`, { token: t.salesman, body: { version: second.version } });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(SchedulingTexts.outOfOrder({ name: 'Padaria Norte' }).message);
      const first = (await api('GET', `/api/schedulings/${ids[0]}`, { token: t.salesman })).body;
      const started = await api('POST', `/api/schedulings/${ids[0]}/start`, { token: t.salesman, body: { version: first.version } });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const cancelled = await api('POST', `/api/schedulings/${ids[0]}/cancel`, { token: t.salesman, body: { version: started.body.version } });
      expect(cancelled.status).toBe(200);
      // The first one cancelled, the second is next.
      const now = await api('POST', `/api/schedulings/${ids[1]}/start`, { token: t.salesman, body: { version: second.version } });
      expect(now.status, JSON.stringify(now.body)).toBe(200);
      const day = await read();
      expect(day.stops.map((s) => s.id)).not.toContain(ids[0]);
    } finally {
      await setScheduling({ strictOrder: false });
    }
  });
});
