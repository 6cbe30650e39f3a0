/**
 * The sales part of `npm run bench`: one company with 200,000 sales (BENCH_SALES) over a year,
 * seeded with the demo's bulk history path (sales/demo-data.ts → sales/history.ts: the sales'
 * create steps, the stock's reservations and ledger, the clients' installments, by bulkCreate),
 * then the sales list's first page, a status filter, a period filter and a search by number,
 * through the local HTTP server (the one `npm start` runs), as staff and as a salesman, next to
 * the plain-list floor measured in the same run: a raw Query of the list partition's first page.
 * Figures only; the targets live in the issue.
 */
import { performance } from 'node:perf_hooks';
import type { Row } from './bench-clients';
import { pct } from './bench-stats';
import { dynamoMeter, measureGet } from './bench-http';
import { benchCompany, benchServer, timeRawQuery } from './bench-setup';


export async function benchSales(opts: { sales: number; rounds: number }): Promise<{ rows: Row[]; seeded: string }> {
  const { runAs } = await import('../packages/core/src/context');
  const { Keys } = await import('../packages/core/src/db/keys');
  const { seedRegistries } = await import('../packages/core/src/registries/demo-data');
  const { seedClients } = await import('../packages/core/src/clients/demo-data');
  const { seedProducts } = await import('../packages/core/src/products/demo-data');
  const { seedPrices } = await import('../packages/core/src/prices/demo-data');
  const { seedStock } = await import('../packages/core/src/inventory/demo-data');
  const { Products } = await import('../packages/core/src/products');
  const { postMovements, LINES_PER_TX } = await import('../packages/core/src/inventory/ledger');
  const { seedSalesHistory } = await import('../packages/core/src/sales/demo-data');
  const { Clock } = await import('../packages/core/src/clock');
  const { addDays } = await import('../packages/shared/src/calendar');

  const meter = await dynamoMeter();

  const { p, branchIds, supervisor, salesmen } = await benchCompany({ name: 'Vendas', domain: 'vendas', branches: ['Matriz', 'Filial'], supervisor: true, salesmen: 10 });
  const t0 = performance.now();
  const seeded = await runAs({ tenantId: p.tenant.id }, async () => {
    await seedRegistries();
    const clientIds = await seedClients(salesmen.map((s) => s.id));
    await seedProducts();
    await seedPrices();
    await seedStock(branchIds);
    // Enough stock for a year of sales: a count in every branch of every product.
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await Products.page({}, cursor, 100, 'bench-sales');
      ids.push(...page.items.map((x) => x.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const lines = ids.flatMap((productId) => branchIds.map((branchId) => ({ productId, branchId, kind: 'adjustment' as const, quantity: '1000000', reason: 'Inventário (bench)' })));
    for (let c = 0; c < lines.length; c += LINES_PER_TX) await postMovements(lines.slice(c, c + LINES_PER_TX));
    const t1 = performance.now();
    const out = await seedSalesHistory(clientIds, { salesmen: salesmen.map((s) => ({ id: s.id, supervisorId: supervisor!.id })), authorizerId: p.admin.id, officeId: p.admin.id }, { orders: opts.sales, days: 365, drafts: 20 });
    return { ...out, historySeconds: (performance.now() - t1) / 1000 };
  });
  const seedSeconds = (performance.now() - t0) / 1000;

  const { server, base, login } = await benchServer();
  const tokens = { staff: await login('admin@vendas.bench'), salesman: await login('v0@vendas.bench') };

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

  // The floor: the list partition's first page by a bare Query, in the same run (no HTTP, no auth).
  const raw = await timeRawQuery(p.tenant.id, opts.rounds, () => ({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': Keys.listPartition('sales', 'all#sales') }, ScanIndexForward: false, Limit: 20 }));
  rows.push({ path: 'raw Query, list partition all#sales, newest 20 (the plain-list floor: no HTTP, no auth)', p50: pct(raw, 50), p95: pct(raw, 95), read: '20' });
  server.close();
  return {
    rows,
    seeded: `Seeded ${seeded.sales} sales and ${seeded.drafts} drafts over a year (300 clients, 10 salesmen, 2 branches) in ${seedSeconds.toFixed(0)} s, the history itself in ${seeded.historySeconds.toFixed(0)} s (${(seeded.sales / seeded.historySeconds).toFixed(0)} sales/s)`,
  };
}
