/**
 * The `sales-export` part of `npm run bench`: the PDF of 500 sales (BENCH_EXPORT_SALES), as a list's
 * selection exports them (POST /api/exports/sales, docs/sales.md "Exports of sales"): one company's
 * sales seeded with the demo's bulk history path (as the `sales` part), their ids read from the list,
 * then the export through the local HTTP server and its in-process queue (as `npm start` runs it),
 * from the request to the file ready, polling the job as the web does. Prints the time, the file's
 * bytes and pages, and what it cost (DynamoDB calls, items read, CPU). Figures only; the targets
 * live in the issue.
 */
import { performance } from 'node:perf_hooks';
import { dynamoMeter } from './bench-http';
import { benchCompany, benchServer, seedSalesGround } from './bench-setup';

export async function benchSalesExport(opts: { sales: number }): Promise<{ lines: string[]; seeded: string }> {
  const { runAs } = await import('../packages/core/src/context');
  const { seedSalesHistory } = await import('../packages/core/src/sales/demo-data');
  const { MAX_EXPORT_SALES } = await import('../packages/shared/src/schemas/sales');
  if (opts.sales > MAX_EXPORT_SALES) throw new Error(`BENCH_EXPORT_SALES is at most ${MAX_EXPORT_SALES} (one export's selection).`);

  // About ten orders a day, a tenth more than exported (the history spreads its orders over the
  // days, rounding each day's share, and skips an order now and then).
  const days = Math.max(2, Math.ceil(opts.sales / 10));
  const meter = await dynamoMeter();
  const { p, branchIds, supervisor, salesmen } = await benchCompany({ name: 'Exporta', domain: 'exporta', supervisor: true, salesmen: 3 });
  const t0 = performance.now();
  await runAs({ tenantId: p.tenant.id }, async () => {
    const clientIds = await seedSalesGround(branchIds, salesmen.map((s) => s.id), 'bench-sales-export');
    await seedSalesHistory(clientIds, { salesmen: salesmen.map((s) => ({ id: s.id, supervisorId: supervisor!.id })), authorizerId: p.admin.id, officeId: p.admin.id }, { orders: Math.ceil(opts.sales * 1.1), days, drafts: 0 });
  });
  const seedSeconds = (performance.now() - t0) / 1000;

  const { server, base, login } = await benchServer();
  const auth = { authorization: `Bearer ${await login('admin@exporta.bench')}` };
  try {
    // The sales as the list shows them, newest first: the selection.
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await fetch(`${base}/api/sales?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: auth });
      const body = (await res.json()) as { items: { id: string }[]; nextCursor: string | null };
      ids.push(...body.items.map((s) => s.id));
      cursor = body.nextCursor;
    } while (cursor && ids.length < opts.sales);
    const selected = ids.slice(0, opts.sales);

    const s = performance.now();
    const mark = meter.mark();
    const started = await fetch(`${base}/api/exports/sales`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ format: 'pdf', query: { ids: selected } }) });
    const job = (await started.json()) as { id: string };
    if (started.status !== 202) throw new Error(`the sales export answered ${started.status}: ${JSON.stringify(job)}`);
    let last: { status: string; processed: number; error: string | null } = { status: 'queued', processed: 0, error: null };
    let peak = 0;
    while (last.status === 'queued' || last.status === 'running') {
      await new Promise((r) => setTimeout(r, 200));
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      last = (await (await fetch(`${base}/api/jobs/${job.id}`, { headers: auth })).json()) as typeof last;
    }
    const seconds = (performance.now() - s) / 1000;
    const cost = meter.since(mark, 1);
    if (last.status !== 'done') throw new Error(`the sales export ended ${last.status}: ${last.error}`);
    const { url } = (await (await fetch(`${base}/api/jobs/${job.id}/download`, { headers: auth })).json()) as { url: string };
    // The signed link names the public address; the file is read from this server (path and signature).
    const link = new URL(url, base);
    const bytes = Buffer.from(await (await fetch(`${base}${link.pathname}${link.search}`)).arrayBuffer());
    const pages = bytes.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
    return {
      lines: [
        `PDF of ${last.processed} sales: ${seconds.toFixed(1)} s (request to file ready), ${(bytes.length / 1024 / 1024).toFixed(2)} MB (${bytes.length.toLocaleString('en')} bytes), ${pages} pages; ${cost} (polling included); heap up to ${(peak / 1024 / 1024).toFixed(0)} MB (sampled while polling)`,
      ],
      seeded: `Seeded ${Math.ceil(opts.sales * 1.1)} sales over ${days} days (with their clients, products, prices and stock) in ${seedSeconds.toFixed(0)} s`,
    };
  } finally {
    server.close();
  }
}
