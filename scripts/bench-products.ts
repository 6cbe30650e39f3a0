/**
 * The products part of `npm run bench`: a company with 20,000 products in two branches (a price in
 * the default table, a balance in each branch), then a page of the price chart and of the inventory
 * position through the local HTTP server (the one `npm start` runs), and the time to export the whole
 * price chart to CSV and to PDF through the queue (the in-process queue, as locally). Figures only;
 * the targets live in the issue.
 */
import { performance } from 'node:perf_hooks';
import Decimal from 'decimal.js';
import type { Row } from './bench-clients';
import { pct } from './bench-stats';
import { dynamoMeter } from './bench-http';
import { benchCompany, benchServer } from './bench-setup';


const GROUPS = ['Bebidas', 'Mercearia', 'Limpeza', 'Higiene', 'Frios', 'Laticínios', 'Padaria', 'Hortifrúti', 'Pet', 'Bazar'];
export const KINDS = ['Refrigerante', 'Arroz', 'Feijão', 'Detergente', 'Sabonete', 'Queijo', 'Iogurte', 'Biscoito', 'Café', 'Macarrão', 'Óleo', 'Açúcar'];
export const BRANDS = ['Boa Mesa', 'Sol Nascente', 'Vale Verde', 'Primor', 'Estrela', 'Do Campo', 'Serrana', 'Paulista'];

/** An EAN-13 with its check digit. */
function ean13(n: number): string {
  const body = `789${String(n).padStart(9, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * A company of `products` products (the part's names unless `nameOf` gives others; one in twenty
 * inactive) in its branches: its registries (a unit, ten groups, two product companies, three
 * payment conditions, the default price table), a price in that table for each product, and an
 * opening count of each in every branch through the ledger (the balance and its movement). Written
 * in batches through the repositories, as an import would. Shared with the store part.
 */
export async function seedCatalogue(opts: { name: string; domain: string; branches: string[]; products: number; salesmen?: number; nameOf?: (n: number) => string }) {
  const { runAs } = await import('../packages/core/src/context');
  const { newId } = await import('../packages/core/src/ids');
  const { timestamp } = await import('../packages/core/src/clock');
  const { Registries } = await import('../packages/core/src/registries');
  const { units } = await import('../packages/shared/src/registries/units');
  const { productGroups } = await import('../packages/shared/src/registries/product-groups');
  const { productCompanies } = await import('../packages/shared/src/registries/product-companies');
  const { paymentsConditions } = await import('../packages/shared/src/registries/payments-conditions');
  const { priceTables } = await import('../packages/shared/src/registries/price-tables');
  const { ProductsRepository } = await import('../packages/core/src/products/repository');
  const { DomainError } = await import('../packages/core/src/errors');
  const taken = () => new DomainError('conflict', 'taken', 'conflict');
  const { PricesRepository } = await import('../packages/core/src/prices/repository');
  const { postMovements, LINES_PER_TX } = await import('../packages/core/src/inventory/ledger');
  const nameOf = opts.nameOf ?? ((n: number) => `${KINDS[n % KINDS.length]} ${BRANDS[Math.floor(n / KINDS.length) % BRANDS.length]} ${n}`);

  const t0 = performance.now();
  const { p, branchIds, salesmen } = await benchCompany({ name: opts.name, domain: opts.domain, branches: opts.branches, salesmen: opts.salesmen });
  const setup = await runAs({ tenantId: p.tenant.id }, async () => {
    const unit = await Registries.create(units, { name: 'UN' });
    const groups = [];
    for (const name of GROUPS) groups.push(await Registries.create(productGroups, { name }));
    const companies = [await Registries.create(productCompanies, { name: 'Distribuidora Própria' }), await Registries.create(productCompanies, { name: 'Representada Sul' })];
    await Registries.create(paymentsConditions, { name: 'À vista', terms: ['000'], discountRate: '3', showInPriceTables: true });
    await Registries.create(paymentsConditions, { name: '30/60', terms: ['030', '060'], surchargeRate: '2.5', showInPriceTables: true });
    await Registries.create(paymentsConditions, { name: '30/60/90', terms: ['030', '060', '090'], surchargeRate: '4', showInPriceTables: true });
    const table = await Registries.create(priceTables, { name: 'Varejo', isDefault: true });
    return { unit, groups, companies, table };
  });

  await runAs({ tenantId: p.tenant.id }, async () => {
    const now = timestamp();
    for (let start = 0; start < opts.products; start += 1000) {
      const records = [];
      for (let n = start; n < Math.min(opts.products, start + 1000); n++) {
        records.push({
          id: newId(),
          ref: `P${String(n).padStart(6, '0')}`,
          name: nameOf(n),
          barcode: ean13(n),
          maker: BRANDS[n % BRANDS.length]!,
          package: 'CX 12X1',
          unitId: setup.unit.id,
          unitName: 'UN',
          groupId: setup.groups[n % setup.groups.length]!.id,
          productCompanyId: setup.companies[n % 2]!.id,
          sizeId: null,
          status: n % 20 === 0 ? ('inactive' as const) : ('active' as const),
          minimumPrice: null,
          createdAt: now,
          updatedAt: now,
          version: 1,
        });
      }
      await ProductsRepository.createMany(records, { ref: taken, barcode: taken });
      await PricesRepository.putMany(
        records.map((r, i) => ({ tableId: setup.table.id, productId: r.id, price: new Decimal((start + i) % 500).plus(1).times('1.25').toFixed(4), updatedAt: now, updatedBy: null })),
      );
      // An opening adjustment in each branch, through the ledger: the balance and its movement together.
      const lines = records.flatMap((r, i) => branchIds.map((branchId, b) => ({ productId: r.id, branchId, kind: 'adjustment' as const, reason: 'Inventário inicial', quantity: String(((start + i) % 97) + b * 3 + 1) })));
      const chunks = [];
      for (let c = 0; c < lines.length; c += LINES_PER_TX) chunks.push(lines.slice(c, c + LINES_PER_TX));
      for (let c = 0; c < chunks.length; c += 8) await Promise.all(chunks.slice(c, c + 8).map((chunk) => postMovements(chunk)));
    }
  });
  return { p, branchIds, salesmen, setup, seconds: (performance.now() - t0) / 1000 };
}

export async function benchProducts(opts: { products: number; rounds: number }): Promise<{ rows: Row[]; exports: string[]; seeded: string }> {
  await import('../packages/core/src/wiring/worker');
  const { resetEnv } = await import('../packages/core/src/env');

  const meter = await dynamoMeter();
  const ioMark = meter.mark;
  const ioSince = meter.since;

  const { branchIds, setup, seconds: seedSeconds } = await seedCatalogue({ name: 'Catálogo', domain: 'catalogo', branches: ['Matriz', 'Filial Jaú'], products: opts.products });

  const { server, base, login } = await benchServer();
  // Signed file links point at this server, as `npm start` makes them.
  process.env.PUBLIC_URL = base;
  resetEnv();
  const token = await login('admin@catalogo.bench');
  const auth = { authorization: `Bearer ${token}` };

  const rows: Row[] = [];
  async function measure(label: string, path: string) {
    const times: number[] = [];
    let count = 0;
    // A few requests first, not measured: the first row would otherwise carry the JIT's warm-up.
    for (let i = 0; i < 5; i++) await (await fetch(`${base}${path}`, { headers: auth })).arrayBuffer();
    const mark = ioMark();
    for (let i = 0; i < opts.rounds; i++) {
      const s = performance.now();
      const r = await fetch(`${base}${path}`, { headers: auth });
      const body = (await r.json()) as { items?: unknown[] };
      times.push(performance.now() - s);
      if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${JSON.stringify(body)}`);
      count = body.items?.length ?? 0;
    }
    rows.push({ path: `${label} (GET ${path})`, p50: pct(times, 50), p95: pct(times, 95), read: `returned ${count}; per request ${ioSince(mark, opts.rounds)}` });
  }
  const groups = setup.groups.slice(0, 2).map((g) => g.id).join(',');
  await measure('price chart, default table, first page', '/api/price-chart?limit=20');
  await measure('price chart, two groups', `/api/price-chart?limit=20&groupIds=${groups}`);
  await measure('price chart, name word', '/api/price-chart?limit=20&q=cafe');
  await measure('inventory, grouped by product, both branches', '/api/inventory?limit=20');
  await measure('inventory, per result center', '/api/inventory?limit=20&grouping=branch');
  await measure('inventory, one branch and one group', `/api/inventory?limit=20&branchIds=${branchIds[1]}&groupIds=${setup.groups[3]!.id}`);

  const exports: string[] = [];
  for (const format of ['csv', 'pdf'] as const) {
    const s = performance.now();
    const mark = ioMark();
    const started = await fetch(`${base}/api/exports/price-chart`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ format, query: {} }) });
    const answer = (await started.json()) as { id: string };
    if (started.status !== 202) throw new Error(`export ${format} answered ${started.status}: ${JSON.stringify(answer)}`);
    const job = answer;
    let status = 'queued';
    let last: { status: string; processed: number; total: number | null; fileName: string | null } | undefined;
    let peak = 0;
    while (status === 'queued' || status === 'running') {
      await new Promise((r) => setTimeout(r, 200));
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      const r = await fetch(`${base}/api/jobs/${job.id}`, { headers: auth });
      last = (await r.json()) as NonNullable<typeof last>;
      status = last.status;
    }
    const seconds = (performance.now() - s) / 1000;
    const cost = ioSince(mark, 1);
    if (status !== 'done') throw new Error(`export ${format} ended ${status}: ${JSON.stringify(last)}`);
    const dl = await fetch(`${base}/api/jobs/${job.id}/download`, { headers: auth });
    const { url } = (await dl.json()) as { url: string };
    const file = await fetch(new URL(url, base));
    const bytes = (await file.arrayBuffer()).byteLength;
    exports.push(`price chart to ${format.toUpperCase()}: ${last!.processed} rows in ${seconds.toFixed(1)} s (request to file ready), ${(bytes / 1024 / 1024).toFixed(1)} MB; ${cost} (polling included); heap up to ${(peak / 1024 / 1024).toFixed(0)} MB (sampled while polling)`);
  }
  server.close();
  return {
    rows,
    exports,
    seeded: `Seeded ${opts.products} products, their prices and a balance in each of 2 branches (with its movement) in ${seedSeconds.toFixed(0)} s`,
  };
}
