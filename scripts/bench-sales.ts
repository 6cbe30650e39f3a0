/**
 * The sales part of `npm run bench`: one company with 200,000 sales (BENCH_SALES) over a year,
 * seeded with the demo's bulk history path (sales/demo-data.ts → sales/history.ts: the sales'
 * create steps, the stock's reservations and ledger, the clients' installments, by bulkCreate),
 * then the sales list's first page, a status filter, a period filter and a search by number, each
 * filter, sort and search of the list's and the filtered set's count and total (GET /sales/totals),
 * through the local HTTP server (the one `npm start` runs), as staff and as a salesman, next to
 * the plain-list floor measured in the same run: a raw Query of the list partition's first page.
 * Figures only; the targets live in the issue.
 */
import { performance } from 'node:perf_hooks';
import type { Row } from './bench-clients';
import { pct } from './bench-stats';
import { dynamoMeter, measureGet } from './bench-http';
import { benchCompany, benchServer, seedSalesGround, timeRawQuery } from './bench-setup';


export async function benchSales(opts: { sales: number; rounds: number }): Promise<{ rows: Row[]; seeded: string }> {
  const { runAs } = await import('../packages/core/src/context');
  const { Keys } = await import('../packages/core/src/db/keys');
  const { seedSalesHistory } = await import('../packages/core/src/sales/demo-data');
  const { Clock } = await import('../packages/core/src/clock');
  const { addDays } = await import('../packages/shared/src/calendar');

  const meter = await dynamoMeter();

  const { p, branchIds, supervisor, salesmen } = await benchCompany({ name: 'Vendas', domain: 'vendas', branches: ['Matriz', 'Filial'], supervisor: true, salesmen: 10 });
  const t0 = performance.now();
  const seeded = await runAs({ tenantId: p.tenant.id }, async () => {
    const clientIds = await seedSalesGround(branchIds, salesmen.map((s) => s.id), 'bench-sales');
    const t1 = performance.now();
    const out = await seedSalesHistory(clientIds, { salesmen: salesmen.map((s) => ({ id: s.id, supervisorId: supervisor!.id })), authorizerId: p.admin.id, officeId: p.admin.id }, { orders: opts.sales, days: 365, drafts: 20 });
    return { ...out, historySeconds: (performance.now() - t1) / 1000 };
  });
  const seedSeconds = (performance.now() - t0) / 1000;

  const { server, base, login } = await benchServer();
  const tokens = { staff: await login('admin@vendas.bench'), salesman: await login('v0@vendas.bench'), supervisor: await login('sup@vendas.bench') };

  const rows: Row[] = [];
  async function measure(who: 'staff' | 'salesman', label: string, query: Record<string, string>) {
    const qs = new URLSearchParams({ limit: '20', ...query }).toString();
    rows.push(await measureGet({ base, token: tokens[who], path: `/api/sales?${qs}`, label: `${who}: ${label}`, rounds: opts.rounds, meter }));
  }
  const today = Clock.today(p.tenant.timezone);
  const monthAgo = { from: addDays(today, -45), until: addDays(today, -31) };
  const number = String(Math.max(1, Math.floor((seeded.sales * 2) / 3)));
  await measure('staff', 'plain list, first page', {});
  await measure('staff', 'status filter (pending)', { status: 'pending' });
  await measure('staff', 'status filter (completed)', { status: 'completed' });
  await measure('staff', 'period filter (a fortnight a month ago)', monthAgo);
  await measure('staff', 'status + period (completed, a fortnight a month ago)', { status: 'completed', ...monthAgo });
  await measure('staff', 'search by number', { q: number });
  await measure('staff', 'search by number prefix (3 digits)', { q: number.slice(0, 3) });
  await measure('salesman', 'plain list, first page', {});
  await measure('salesman', 'status filter (completed)', { status: 'completed' });

  // Issue 39 item 5: each new filter, sort and search, and the filtered set's count and total.
  const first = async (path: string) => {
    const res = await fetch(`${base}/api/${path}`, { headers: { authorization: `Bearer ${tokens.staff}` } });
    const body = (await res.json()) as { items: { id: string; name?: string; nickname?: string | null; document?: string | null }[] };
    if (!body.items[0]) throw new Error(`bench-sales: no record at ${path}`);
    return body.items[0];
  };
  // The registries of a sale of the history (so each filter finds sales), the first of each where it has none.
  const sampleId = (await first('sales?limit=1')).id;
  const sample = (await (await fetch(`${base}/api/sales/${sampleId}`, { headers: { authorization: `Bearer ${tokens.staff}` } })).json()) as Record<'productCompanyId' | 'natureId' | 'paymentConditionId', string | null>;
  const pick = async (id: string | null, path: string) => (id ? { id } : first(path));
  const [company, nature, condition, client] = await Promise.all([
    pick(sample.productCompanyId, 'product-companies?limit=1'),
    pick(sample.natureId, 'natures?limit=1'),
    pick(sample.paymentConditionId, 'payments-conditions?limit=1'),
    first('clients?limit=1'),
  ]);
  const word = (client.name ?? '').split(/\s+/).find((w) => w.length > 3) ?? 'mercado';
  const nickname = (client.nickname ?? client.name ?? '').split(/\s+/)[0] ?? word;
  const filters: [string, Record<string, string>][] = [
    ['salesman filter', { salesmanId: salesmen[0]!.id }],
    ['supervisor filter (his team)', { supervisorId: supervisor!.id }],
    ['branch filter', { branchId: branchIds[1]! }],
    [`product company filter${sample.productCompanyId ? '' : ' (one no sale has: each page read to its bound)'}`, { productCompanyId: company.id }],
    [`sale type filter${sample.natureId ? '' : ' (one no sale has: each page read to its bound)'}`, { natureId: nature.id }],
    ['payment condition filter', { paymentConditionId: condition.id }],
    ['client filter', { clientId: client.id }],
    ['emission period (a fortnight a month ago)', { dateBy: 'emission', ...monthAgo }],
    ['status + payment condition + period', { status: 'completed', paymentConditionId: condition.id, ...monthAgo }],
    ['branch + sale type (matched on the rows)', { branchId: branchIds[1]!, natureId: nature.id }],
    ['sort by number', { sort: 'number' }],
    ['sort by client (A-Z)', { sort: 'client', dir: 'asc' }],
    ['sort by total (highest)', { sort: 'total' }],
    ['sort by total + status', { sort: 'total', status: 'pending' }],
    ['consignments view', { consignments: 'true' }],
    [`search by client name word ("${word}")`, { q: word }],
    [`search by client nickname ("${nickname}")`, { q: nickname }],
    ...(client.document ? [['search by client document', { q: client.document }] as [string, Record<string, string>]] : []),
  ];
  for (const [label, query] of filters) await measure('staff', label, query);
  const totals = async (who: 'staff' | 'salesman', label: string, query: Record<string, string>) => {
    const qs = new URLSearchParams(query).toString();
    rows.push(await measureGet({ base, token: tokens[who], path: `/api/sales/totals?${qs}`, label: `${who}: count and total, ${label}`, rounds: opts.rounds, meter }));
  };
  await totals('staff', 'no filter (aggregates)', {});
  await totals('staff', 'status (aggregates)', { status: 'completed' });
  await totals('staff', 'a year’s period (aggregates: months and days)', { from: addDays(today, -365), until: today });
  await totals('staff', 'status + payment condition + period (aggregates)', { status: 'completed', paymentConditionId: condition.id, ...monthAgo });
  await totals('staff', 'supervisor’s team + branch (aggregates)', { supervisorId: supervisor!.id, branchId: branchIds[1]! });
  await totals('staff', 'client (a bounded read)', { clientId: client.id });
  await totals('staff', 'branch + sale type (a bounded read, up to 1,000 rows)', { branchId: branchIds[1]!, natureId: nature.id });
  await totals('salesman', 'no filter (aggregates)', {});

  // The home's and the sales dashboard's figures (docs/sales.md "Home figures", "Sales dashboard"):
  // aggregate items by day and month, their number fixed by the calendar and the salesmen, not the sales.
  const figures = async (who: 'staff' | 'salesman' | 'supervisor', label: string, path: string) => {
    rows.push(await measureGet({ base, token: tokens[who], path, label: `${who}: ${label}`, rounds: opts.rounds, meter }));
  };
  await figures('staff', 'home figures, employee tab (the company: a day item from the previous month on)', '/api/sales/home-figures?tab=employee');
  await figures('staff', 'home figures, only financial movement', '/api/sales/home-figures?tab=employee&financialOnly=true');
  await figures('salesman', 'home figures, salesman tab', '/api/sales/home-figures?tab=salesman');
  // The company's dashboard holds the products' ranking too: 16 shards a month of the period, and the 20 products' records.
  await figures('staff', 'sales dashboard, current month (each salesman, the clients\' and the products\' rankings)', '/api/sales/dashboard');
  await figures('staff', 'sales dashboard, a year by month (the products of 12 or 13 months: 16 shards each)', `/api/sales/dashboard?from=${addDays(today, -364)}&until=${today}`);
  // A team's and one salesman's products: each salesman's 4 shards a month (docs/sales.md "The products' ranking").
  await figures('staff', 'sales dashboard, current month, one salesman chosen (his products: 4 shards)', `/api/sales/dashboard?salesmanId=${salesmen[0]!.id}`);
  await figures('supervisor', 'sales dashboard, current month, his team, himself and 10 salesmen (their products: 44 shards)', '/api/sales/dashboard');
  await figures('supervisor', 'sales dashboard, a year by month, his team (their products of 12 or 13 months: 528 or 572 shards)', `/api/sales/dashboard?from=${addDays(today, -364)}&until=${today}`);
  await figures('staff', 'home figures, by emission date', '/api/sales/home-figures?tab=employee&date=emission');
  await figures('staff', 'management dashboard, current month (coverage of every salesman)', '/api/management/dashboard');
  await figures('staff', 'management dashboard, a year by month, one branch', `/api/management/dashboard?from=${addDays(today, -364)}&until=${today}&branchId=${branchIds[1]!}`);

  // The floor: the list partition's first page by a bare Query, in the same run (no HTTP, no auth).
  const raw = await timeRawQuery(p.tenant.id, opts.rounds, () => ({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': Keys.listPartition('sales', 'all#sales') }, ScanIndexForward: false, Limit: 20 }));
  rows.push({ path: 'raw Query, list partition all#sales, newest 20 (the plain-list floor: no HTTP, no auth)', p50: pct(raw, 50), p95: pct(raw, 95), read: '20' });
  server.close();
  return {
    rows,
    seeded: `Seeded ${seeded.sales} sales and ${seeded.drafts} drafts over a year (300 clients, 10 salesmen, 2 branches) in ${seedSeconds.toFixed(0)} s, the history itself in ${seeded.historySeconds.toFixed(0)} s (${(seeded.sales / seeded.historySeconds).toFixed(0)} sales/s)`,
  };
}
