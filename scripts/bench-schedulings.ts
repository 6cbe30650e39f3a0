/**
 * The schedulings part of `npm run bench` (issue 15): one company with BENCH_SCHEDULINGS schedulings
 * (100,000 by default) over a year (the last eleven months done, the next five weeks pending), by
 * ten salesmen over 300 clients, written in bulk with the module's own create steps; then the
 * pending list's first page, the completed one, a period, the flagged filter and a search, through
 * the local HTTP server as staff and as a salesman, beside the plain-list floor (a raw Query of
 * the list partition) measured in the same run; and the route optimiser's time for 25, 100 and 300
 * stops. Figures only; the targets live in the issue.
 */
import { performance } from 'node:perf_hooks';
import type { Row } from './bench-clients';
import { pct } from './bench-stats';
import { dynamoMeter, measureGet } from './bench-http';
import { benchCompany, benchServer, timeRawQuery } from './bench-setup';

export async function benchSchedulings(opts: { schedulings: number; rounds: number }): Promise<{ rows: Row[]; optimiser: Row[]; seeded: string }> {
  const { runAs } = await import('../packages/core/src/context');
  const { Keys } = await import('../packages/core/src/db/keys');
  const { bulkCreate } = await import('../packages/core/src/db/bulk');
  const { seedRegistries } = await import('../packages/core/src/registries/demo-data');
  const { seedClients } = await import('../packages/core/src/clients/demo-data');
  const { Clients } = await import('../packages/core/src/clients');
  const { Registries } = await import('../packages/core/src/registries');
  const { schedulingsTypes } = await import('../packages/shared/src/registries/schedulings-types');
  const { SchedulingsRepository } = await import('../packages/core/src/schedulings/repository');
  const { newId } = await import('../packages/core/src/ids');
  const { Clock, timestamp } = await import('../packages/core/src/clock');
  const { addDays } = await import('../packages/shared/src/calendar');
  const { optimiseRoute } = await import('../packages/shared/src/schedulings/optimise');
  const meter = await dynamoMeter();

  const { p, salesmen } = await benchCompany({ name: 'Agenda', domain: 'agenda', salesmen: 10 });
  const t0 = performance.now();
  const today = Clock.today(p.tenant.timezone);
  const word = await runAs({ tenantId: p.tenant.id }, async () => {
    await seedRegistries();
    const clients = await Clients.findMany(await seedClients(salesmen.map((s) => s.id)));
    const types = (await Registries.list(schedulingsTypes, { limit: 100 })).items;
    if (!types.length) throw new Error('the demo registries hold no scheduling type');
    let x = 7;
    const rnd = (n: number) => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return Math.floor((x / 2147483648) * n);
    };
    const now = timestamp();
    const first = addDays(today, -330);
    const days = 365;
    for (let start = 0; start < opts.schedulings; start += 1000) {
      const steps = [];
      for (let i = start; i < Math.min(opts.schedulings, start + 1000); i++) {
        const client = clients[rnd(clients.length)]!;
        const owner = salesmen.find((s) => s.id === client.salesmanId) ?? salesmen[rnd(salesmen.length)]!;
        const type = types[rnd(types.length)]!;
        const date = addDays(first, Math.floor((i * days) / opts.schedulings));
        const address = client.addresses.find((a) => a.main) ?? client.addresses[0];
        const done = date < today;
        const status = done ? (rnd(10) === 0 ? 'cancelled' : 'completed') : 'pending';
        steps.push(
          ...SchedulingsRepository.createSteps({
            id: newId(), name: `${String(type.name)} - ${client.name}`, date, scheduledStart: `${String(8 + rnd(9)).padStart(2, '0')}:00`, scheduledEnd: null, status,
            clientId: client.id, clientName: client.name, city: address?.city ?? null, neighbourhood: address?.neighborhood ?? null, routeId: client.routeId ?? null,
            salesmanId: owner.id, salesmanName: owner.name, typeId: type.id, typeName: String(type.name), contactMode: (type.type as 'visit' | 'call' | 'email') ?? 'visit',
            occurrenceTypeId: null, occurrenceTypeName: null, observations: null, closingObservations: null, start: null, end: null, duration: status === 'completed' ? 1200 : null,
            flagged: status === 'completed' && rnd(20) === 0, sequence: null, returnSequence: null, createdBy: p.admin.id, createdAt: now, updatedAt: now, version: 1,
            closedOn: done ? date : null,
          }),
        );
      }
      await bulkCreate(steps);
    }
    // A word of a client's name, to search by.
    return clients[0]!.name.split(' ')[0]!.toLowerCase();
  });
  const seedSeconds = (performance.now() - t0) / 1000;

  const { server, base, login } = await benchServer();
  const tokens = { staff: await login('admin@agenda.bench'), salesman: await login('v0@agenda.bench') };
  const rows: Row[] = [];
  const measure = async (who: 'staff' | 'salesman', label: string, query: Record<string, string>) => {
    const qs = new URLSearchParams({ limit: '20', ...query }).toString();
    rows.push(await measureGet({ base, token: tokens[who], path: `/api/schedulings?${qs}`, label: `${who}: ${label}`, rounds: opts.rounds, meter }));
  };
  const nextWeek = { from: addDays(today, 7), until: addDays(today, 13) };
  await measure('staff', 'pending list, first page', {});
  await measure('staff', 'completed list, first page', { list: 'completed' });
  await measure('staff', 'pending, a week ahead', nextWeek);
  await measure('staff', 'completed, flagged only', { list: 'completed', flagged: 'true' });
  await measure('staff', `search by a client word (${word})`, { q: word });
  await measure('salesman', 'pending list, first page', {});
  await measure('salesman', 'completed list, first page', { list: 'completed' });

  // The home's visits done (the schedulings' aggregate): the current and the previous month, for the
  // company, one salesman and the ten: one BatchGet of 2, 2 and 20 items, whatever the volume.
  const { Schedulings } = await import('../packages/core/src/schedulings');
  const months = [today.slice(0, 7), addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)];
  for (const [label, owners] of [['the company', null], ['one salesman', [salesmen[0]!.id]], ['ten salesmen', salesmen.map((s) => s.id)]] as const) {
    const times: number[] = [];
    let done = 0;
    for (let round = 0; round < opts.rounds; round++) {
      const s = performance.now();
      const answer = await runAs({ tenantId: p.tenant.id }, () => Schedulings.visitsDone(owners ? [...owners] : null, months));
      times.push(performance.now() - s);
      done = Object.values(answer).reduce((a, b) => a + b, 0);
    }
    rows.push({ path: `Schedulings.visitsDone, ${label}, 2 months (in process; ${done} visits done)`, p50: pct(times, 50), p95: pct(times, 95), read: `${months.length * (owners ? owners.length : 1)} items, 1 BatchGet` });
  }

  const raw = await timeRawQuery(p.tenant.id, opts.rounds, () => ({ KeyConditionExpression: 'pk = :pk AND sk >= :d', ExpressionAttributeValues: { ':pk': Keys.listPartition('schedulings', 'all#pending'), ':d': today }, Limit: 20 }));
  rows.push({ path: 'raw Query, list partition all#pending, the next 20 (the plain-list floor: no HTTP, no auth)', p50: pct(raw, 50), p95: pct(raw, 95), read: '20' });
  server.close();

  // The optimiser on stops spread over about 30 km around Bauru, from a start point.
  const optimiser: Row[] = [];
  let y = 11;
  const r01 = () => {
    y = (y * 1103515245 + 12345) % 2147483648;
    return y / 2147483648;
  };
  for (const n of [25, 100, 300]) {
    const times: number[] = [];
    let saved = 0;
    for (let round = 0; round < 20; round++) {
      const stops = Array.from({ length: n }, () => ({ latitude: -22.31 + (r01() - 0.5) * 0.27, longitude: -49.06 + (r01() - 0.5) * 0.29 }));
      const s = performance.now();
      const out = optimiseRoute(stops, { latitude: -22.31, longitude: -49.06 });
      times.push(performance.now() - s);
      saved += 1 - out.after / out.before;
    }
    optimiser.push({ path: `optimiseRoute, ${n} stops (nearest neighbour + 2-opt), 20 random days`, p50: pct(times, 50), p95: pct(times, 95), read: `route ${((saved / 20) * 100).toFixed(0)} % shorter on average` });
  }
  return { rows, optimiser, seeded: `Seeded ${opts.schedulings} schedulings over a year (300 clients, 10 salesmen) in ${seedSeconds.toFixed(0)} s (${(opts.schedulings / seedSeconds).toFixed(0)} a second)` };
}
