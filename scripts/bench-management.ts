/**
 * The management part of `npm run bench` (issue 41 item 3): one company (two branches, ten salesmen
 * under a supervisor, the demo's registries, clients, catalogue, prices and stock) with a month of
 * `BENCH_MAP_SALES` sales (1,500) closed where the salesmen stood (the demo's history path, its
 * positions near the clients' addresses) and `BENCH_MAP_VISITS` visits (1,500) checked in, written
 * in bulk with the module's own create steps; then the geolocation map's points
 * (`GET /management/geolocation`) for the month, by kind, for one salesman's month and one
 * salesman's day, through the local HTTP server. Figures only; the targets live in the issue.
 */
import { performance } from 'node:perf_hooks';
import type { Row } from './bench-clients';
import { pct } from './bench-stats';
import { dynamoMeter } from './bench-http';
import { benchCompany, benchServer, seedSalesGround } from './bench-setup';

export async function benchManagement(opts: { sales: number; visits: number; rounds: number }): Promise<{ rows: Row[]; seeded: string }> {
  const { runAs } = await import('../packages/core/src/context');
  const { bulkCreate } = await import('../packages/core/src/db/bulk');
  const { seedSalesHistory } = await import('../packages/core/src/sales/demo-data');
  const { Clients } = await import('../packages/core/src/clients');
  const { Registries } = await import('../packages/core/src/registries');
  const { schedulingsTypes } = await import('../packages/shared/src/registries/schedulings-types');
  const { SchedulingsRepository } = await import('../packages/core/src/schedulings/repository');
  const { newId } = await import('../packages/core/src/ids');
  const { Clock, timestamp } = await import('../packages/core/src/clock');
  const { addDays, zonedInstant } = await import('../packages/shared/src/calendar');
  const meter = await dynamoMeter();

  const { p, branchIds, supervisor, salesmen } = await benchCompany({ name: 'Mapa', domain: 'mapa', branches: ['Matriz', 'Filial'], supervisor: true, salesmen: 10 });
  const today = Clock.today(p.tenant.timezone);
  const from = addDays(today, -30);
  const t0 = performance.now();
  const seeded = await runAs({ tenantId: p.tenant.id }, async () => {
    const clientIds = await seedSalesGround(branchIds, salesmen.map((s) => s.id), 'bench-mapa');
    const sales = await seedSalesHistory(clientIds, { salesmen: salesmen.map((s) => ({ id: s.id, supervisorId: supervisor!.id })), authorizerId: p.admin.id, officeId: p.admin.id }, { orders: opts.sales, days: 30, drafts: 0 });
    // The visits: each a completed visit of the client's salesman, checked in a few metres from the client.
    const clients = await Clients.findMany(clientIds);
    const type = (await Registries.list(schedulingsTypes, { limit: 100 })).items.find((t) => t.type === 'visit');
    if (!type) throw new Error('the demo registries hold no visit type');
    let x = 17;
    const rnd = (n: number) => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return Math.floor((x / 2147483648) * n);
    };
    const now = timestamp();
    for (let start = 0; start < opts.visits; start += 1000) {
      const steps = [];
      for (let i = start; i < Math.min(opts.visits, start + 1000); i++) {
        const client = clients[rnd(clients.length)]!;
        const owner = salesmen.find((s) => s.id === client.salesmanId) ?? salesmen[rnd(salesmen.length)]!;
        const date = addDays(from, Math.floor((i * 30) / opts.visits));
        const address = client.addresses.find((a) => a.main) ?? client.addresses[0];
        const at = timestamp(zonedInstant(date, 8 + rnd(9), rnd(60), p.tenant.timezone));
        const position = address?.latitude != null && address.longitude != null ? { latitude: address.latitude + (rnd(41) - 20) / 100_000, longitude: address.longitude + (rnd(41) - 20) / 100_000, accuracy: 5 + rnd(40), heading: null, speed: null, altitude: null, altitudeAccuracy: null, takenAt: Date.now() } : null;
        steps.push(
          ...SchedulingsRepository.createSteps({
            id: newId(), name: `${String(type.name)} - ${client.name}`, date, scheduledStart: null, scheduledEnd: null, status: 'completed',
            clientId: client.id, clientName: client.name, city: address?.city ?? null, neighbourhood: address?.neighborhood ?? null, routeId: client.routeId ?? null,
            salesmanId: owner.id, salesmanName: owner.name, typeId: type.id, typeName: String(type.name), contactMode: 'visit',
            occurrenceTypeId: null, occurrenceTypeName: null, observations: null, closingObservations: null,
            start: { at, position, userAgent: null, distance: 20, offline: null }, end: null, duration: 1200,
            flagged: rnd(15) === 0, sequence: null, returnSequence: null, createdBy: p.admin.id, createdAt: now, updatedAt: now, version: 1,
          }),
        );
      }
      await bulkCreate(steps);
    }
    return sales;
  });
  const seedSeconds = (performance.now() - t0) / 1000;

  const { server, base, login } = await benchServer();
  const tokens = { staff: await login('admin@mapa.bench'), supervisor: await login('sup@mapa.bench') };
  const rows: Row[] = [];
  const measure = async (who: keyof typeof tokens, label: string, query: Record<string, string>) => {
    const path = `/api/management/geolocation?${new URLSearchParams(query).toString()}`;
    const auth = { authorization: `Bearer ${tokens[who]}` };
    for (let i = 0; i < 3; i++) await (await fetch(`${base}${path}`, { headers: auth })).arrayBuffer();
    const times: number[] = [];
    let body = { points: [] as unknown[], truncated: false, withoutGeolocation: { sales: 0, visits: 0 } };
    const m = meter.mark();
    for (let i = 0; i < opts.rounds; i++) {
      const s = performance.now();
      const res = await fetch(`${base}${path}`, { headers: auth });
      body = (await res.json()) as typeof body;
      times.push(performance.now() - s);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
    }
    const without = body.withoutGeolocation.sales + body.withoutGeolocation.visits;
    rows.push({
      path: `${who}: ${label} (GET ${decodeURIComponent(path)})`,
      p50: pct(times, 50),
      p95: pct(times, 95),
      read: `${body.points.length} points${without ? ` + ${without} without geolocation` : ''}${body.truncated ? ' (truncated)' : ''}; per request ${meter.since(m, opts.rounds)}`,
    });
  };
  const month = { from, until: today };
  await measure('staff', 'a month of the company, sales and visits', month);
  await measure('staff', 'a month of the company, sales', { ...month, kind: 'sales' });
  await measure('staff', 'a month of the company, visits', { ...month, kind: 'visits' });
  await measure('supervisor', 'a month of his team (the ten salesmen)', month);
  await measure('staff', 'a month of one salesman', { ...month, salesmanId: salesmen[0]!.id });
  await measure('staff', 'one salesman’s day (his trail)', { from: addDays(today, -1), until: addDays(today, -1), salesmanId: salesmen[0]!.id });
  server.close();
  return { rows, seeded: `Seeded ${seeded.sales} sales and ${opts.visits} visits over 31 days (10 salesmen) in ${seedSeconds.toFixed(0)} s` };
}
