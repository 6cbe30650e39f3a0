/**
 * The `sales-close` part of `npm run bench`: the close of a 50-item and of a 1,000-item order
 * (POST /api/sales/{id}/close, in process through the app, one at a time), each `rounds` times on a
 * new draft, with the stock checked and reserved. Prints p50/p95 latency and what one close costs
 * DynamoDB: calls (and the round trips made one after another), items read, items written (the
 * puts, updates and deletes of transactions and single writes) and condition checks. Figures only;
 * the targets live in the issue.
 */
import { performance } from 'node:perf_hooks';
import type { Row } from './bench-clients';
import { pct } from './bench-stats';
import { benchCompany } from './bench-setup';


/** The figures recorded before the close read each record once and its reads at once (docs/benchmarks.md "sales-close"), printed beside the new. */
const BEFORE: Record<number, string> = {
  50: 'before: 16.6 round trips, p50 321 ms, p95 418 ms',
  1000: 'before: 35 round trips, p50 4,271 ms, p95 8,723 ms',
};

export async function benchSalesClose(opts: { rounds: number; sizes?: number[] }): Promise<{ rows: Row[]; seeded: string }> {
  const sizes = opts.sizes ?? [50, 1000];
  const { runAs } = await import('../packages/core/src/context');
  const { newId } = await import('../packages/core/src/ids');
  const { timestamp } = await import('../packages/core/src/clock');
  const { Registries } = await import('../packages/core/src/registries');
  const { units } = await import('../packages/shared/src/registries/units');
  const { natures } = await import('../packages/shared/src/registries/natures');
  const { paymentsConditions } = await import('../packages/shared/src/registries/payments-conditions');
  const { priceTables } = await import('../packages/shared/src/registries/price-tables');
  const { ProductsRepository } = await import('../packages/core/src/products/repository');
  const { PricesRepository } = await import('../packages/core/src/prices/repository');
  const { postMovements, LINES_PER_TX } = await import('../packages/core/src/inventory/ledger');
  const { DomainError } = await import('../packages/core/src/errors');
  const { Logs } = await import('../packages/core/src/logs');
  const { dynamoClient } = await import('../packages/core/src/db/client');
  const { createApp } = await import('../functions/src/app');

  // What a close costs DynamoDB, counted on the one client core uses (bench only).
  const io = { calls: 0, waits: 0, inFlight: 0, read: 0, written: 0, checks: 0, numbering: 0, waitedMs: 0, since: 0 };
  dynamoClient().middlewareStack.add(
    (next, context) => async (args) => {
      io.calls++;
      if (io.inFlight++ === 0) {
        io.waits++;
        io.since = performance.now();
      }
      const name = context.commandName ?? '';
      const input = args.input as { TransactItems?: Record<string, unknown>[]; RequestItems?: Record<string, unknown[]> };
      try {
        const out = await next(args);
        const o = out.output as { ScannedCount?: number; Responses?: Record<string, unknown[]>; Item?: unknown };
        if (/^TransactWrite/.test(name)) {
          // The numbering transaction (the one that moves the counter): its actions, against DynamoDB's 100.
          if (JSON.stringify(input.TransactItems ?? []).includes('COUNTER#sales')) io.numbering = Math.max(io.numbering, input.TransactItems!.length);
          for (const t of input.TransactItems ?? []) {
            if (t.ConditionCheck) io.checks++;
            else io.written++;
          }
        } else if (/^BatchWrite/.test(name)) {
          io.written += Object.values(input.RequestItems ?? {}).reduce((n, r) => n + r.length, 0);
        } else if (/^(Put|Update|Delete)(Item)?Command$/.test(name)) {
          io.written++;
        } else {
          io.read += o.ScannedCount ?? (o.Responses ? Object.values(o.Responses).reduce((n, r) => n + r.length, 0) : o.Item ? 1 : 0);
        }
        return out;
      } finally {
        if (--io.inFlight === 0) io.waitedMs += performance.now() - io.since;
      }
    },
    { step: 'initialize', name: 'benchSalesCloseCount' },
  );

  const t0 = performance.now();
  const largest = Math.max(...sizes);
  // The client's salesman: a sale always has one, and the administrator who closes does not sell.
  const { p, branchIds, salesmen } = await benchCompany({ name: 'Pedidos', domain: 'pedidos', salesmen: 1 });
  const branchId = branchIds[0]!;
  const seller = salesmen[0]!;
  const setup = await runAs({ tenantId: p.tenant.id }, async () => {
    const unit = await Registries.create(units, { name: 'UN' });
    const nature = await Registries.create(natures, { name: 'Venda de mercadoria', cfop: '5102', financialMovement: true });
    const condition = await Registries.create(paymentsConditions, { name: '30/60/90', terms: ['030', '060', '090'] });
    const table = await Registries.create(priceTables, { name: 'Varejo', isDefault: true });
    const now = timestamp();
    const products = Array.from({ length: largest }, (_, n) => ({
      id: newId(), ref: `S${String(n).padStart(5, '0')}`, name: `Item de pedido ${n}`, barcode: null, unitId: unit.id, unitName: 'UN', groupId: null,
      productCompanyId: null, sizeId: null, status: 'active' as const, minimumPrice: null, createdAt: now, updatedAt: now, version: 1,
    }));
    const taken = () => new DomainError('conflict', 'taken', 'conflict');
    await ProductsRepository.createMany(products as never, { ref: taken, barcode: taken });
    await PricesRepository.putMany(products.map((x, n) => ({ tableId: table.id, productId: x.id, price: `${1 + (n % 50)}.2500`, updatedAt: now, updatedBy: null })));
    // Stock enough for every round: the closes measure reservations, never a shortage.
    const lines = products.map((x) => ({ productId: x.id, branchId, kind: 'adjustment' as const, reason: 'Inventário inicial', quantity: '1000000' }));
    const chunks = [];
    for (let c = 0; c < lines.length; c += LINES_PER_TX) chunks.push(lines.slice(c, c + LINES_PER_TX));
    for (let c = 0; c < chunks.length; c += 8) await Promise.all(chunks.slice(c, c + 8).map((chunk) => postMovements(chunk)));
    return { nature, condition, products };
  });
  const seedSeconds = (performance.now() - t0) / 1000;

  const app = createApp();
  const request = async (method: string, path: string, token: string | null, body?: unknown) => {
    const res = await app.request(path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const token = (await request('POST', '/api/login', null, { email: 'admin@pedidos.bench', password: 'bench-1234' })).body.data.accessToken as string;
  const client = await request('POST', '/api/clients', token, { name: 'Atacadão Bauru Ltda', nickname: 'Atacadão', email: 'compras@atacadao.com.br', document: '11.222.333/0001-81', birthDate: '1990-05-05', salesmanId: seller.id });
  if (client.status !== 201) throw new Error(`client: ${client.status} ${JSON.stringify(client.body)}`);
  const here = { latitude: -22.3145, longitude: -49.0587, accuracy: 35 };

  const rows: Row[] = [];
  for (const size of sizes) {
    const items = setup.products.slice(0, size).map((x, n) => ({ productId: x.id, quantity: String(1 + (n % 3)), unitPrice: `${1 + (n % 50)}.25` }));
    const times: number[] = [];
    let cost = { calls: 0, waits: 0, read: 0, written: 0, checks: 0, waitedMs: 0 };
    io.numbering = 0;
    // One close first, not measured: the JIT's warm-up.
    for (let round = -1; round < opts.rounds; round++) {
      const draft = await request('POST', '/api/sales', token, { clientId: client.body.id, natureId: setup.nature.id, paymentConditionId: setup.condition.id, paymentType: 'boleto', transport: { costing: 1 }, items });
      if (draft.status !== 201) throw new Error(`draft of ${size}: ${draft.status} ${JSON.stringify(draft.body).slice(0, 500)}`);
      // The logs' writes awaited as the Lambda handler awaits them before it answers (Logs.flush): the
      // draft's own do not run into the close's count, and the close's are part of its answer.
      await Logs.flush();
      const mark = { ...io };
      const s = performance.now();
      const closed = await request('POST', `/api/sales/${draft.body.id}/close`, token, { version: draft.body.version, geolocation: here });
      await Logs.flush();
      const ms = performance.now() - s;
      if (closed.status !== 200) throw new Error(`close of ${size}: ${closed.status} ${JSON.stringify(closed.body).slice(0, 500)}`);
      if (round < 0) continue;
      times.push(ms);
      cost = { calls: cost.calls + io.calls - mark.calls, waits: cost.waits + io.waits - mark.waits, read: cost.read + io.read - mark.read, written: cost.written + io.written - mark.written, checks: cost.checks + io.checks - mark.checks, waitedMs: cost.waitedMs + io.waitedMs - mark.waitedMs };
    }
    const per = (v: number) => (v / opts.rounds).toFixed(v % opts.rounds === 0 ? 0 : 1);
    rows.push({
      path: `close of a ${size.toLocaleString('en')}-item order (POST /api/sales/{id}/close)`,
      p50: pct(times, 50),
      p95: pct(times, 95),
      read: `per close: ${per(cost.calls)} DynamoDB calls in ${per(cost.waits)} round trips one after another (${Math.round(cost.waitedMs / opts.rounds).toLocaleString('en')} ms awaiting them), ${per(cost.read)} items read, ${per(cost.written)} written, ${per(cost.checks)} condition checks; the numbering transaction ${io.numbering} actions of 100${BEFORE[size] ? ` (${BEFORE[size]})` : ''}`,
    });
  }
  dynamoClient().middlewareStack.remove('benchSalesCloseCount');
  return { rows, seeded: `Seeded ${largest} products with a price and stock in 1 branch in ${seedSeconds.toFixed(0)} s` };
}
