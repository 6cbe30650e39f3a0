import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Decimal from 'decimal.js';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A process killed in the middle of a stream of sale closes (issue 13, docs/sales.md "What the
 * tests prove"): the product (functions/src/local/main.ts) runs as a child process on a fresh
 * DATA_DIR with the demo's logins only (EV_DEMO=logins) and no web app (EV_WEB=off); drafts are
 * closed eight at a time and the process gets SIGKILL once ten closes have answered. Started again
 * on the same folder (the start runs Sales.finishInterrupted), every sale is whole or still a
 * draft, the stock equals its ledger and the sales' reservations, and the numbers run 1..k with
 * the counter at k.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const READY = /ready at (http:\/\/localhost:(\d+)) in (\d+) ms/;
const SWEPT = /interrupted sale closes: (\d+) finished, (\d+) undone/;
const DRAFTS = 24;
const IN_FLIGHT = 8;
const KILL_AFTER = 10;
const here = { latitude: -22.3145, longitude: -49.0587, accuracy: 35 };

const children: ChildProcess[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ev-sales-kill-'));

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<unknown>;
}

/** The product as `npm start` runs it, on `dataDir`, any free port; resolves once it is ready. */
async function start(): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir, EV_DEMO: 'logins', EV_WEB: 'off', EV_SEED_ON_DISK: '1' };
  for (const name of ['DYNAMODB_ENDPOINT', 'TABLE_NAME', 'APP_SECRET', 'LOG_LEVEL']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'functions/src/local/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (output += s));
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (output += s));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 120_000;
  while (!/demo company: /.test(output)) {
    if (gone || Date.now() > deadline) throw new Error(`The product did not start:\n${output}`);
    await sleep(50);
  }
  return { child, url: READY.exec(output)![1]!, output: () => output, exited };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a process still mentions the data folder (DynamoDB Local's Java names it in -dbPath). */
function holdsData(): boolean {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dataDir)) return true;
    } catch {
      // Ended while we looked.
    }
  }
  return false;
}

function client(url: string) {
  return async (method: string, route: string, token: string | null, body?: unknown) => {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
}

/** What a movement does to a balance (docs/inventory.md, "The ledger"): the kinds this test posts. */
function recount(movements: { kind: string; quantity: string }[]) {
  const f = { physical: new Decimal(0), reserved: new Decimal(0) };
  for (const m of movements) {
    const q = new Decimal(m.quantity);
    if (m.kind === 'adjustment') f.physical = f.physical.plus(q);
    else if (m.kind === 'reserved') f.reserved = f.reserved.plus(q);
    else if (m.kind === 'reservation_released') f.reserved = f.reserved.minus(q);
    else throw new Error(`unexpected movement ${m.kind}`);
  }
  return { physical: f.physical, reserved: f.reserved, available: f.physical.minus(f.reserved) };
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (let i = 0; i < 50 && holdsData(); i++) await sleep(100);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGKILL during a stream of closes', () => {
  it('leaves every sale whole or a draft, the stock equal to its ledger, and the numbers 1..k with the counter at k', async () => {
    // First run: a company's catalogue, stock, client and drafts through the API.
    const first = await start();
    let api = client(first.url);
    const login = async (email: string) => (await api('POST', '/api/login', null, { email, password: 'demo1234' })).body.data;
    const [adminSession, salesSession] = [await login('admin@exemplo.com.br'), await login('vendedor@exemplo.com.br')];
    let admin: string = adminSession.accessToken;
    let salesman: string = salesSession.accessToken;
    const branchId: string = salesSession.branch.id;
    const created = async (route: string, body: unknown, token = admin) => {
      const res = await api('POST', route, token, body);
      expect(res.status, `${route} ${JSON.stringify(res.body)}`).toBe(201);
      return res.body.id as string;
    };
    const un = await created('/api/units', { name: 'UN' });
    const nature = await created('/api/natures', { name: 'Venda de mercadoria', cfop: '5102', financialMovement: true });
    const condition = await created('/api/payments-conditions', { name: '30/60', terms: ['030', '060'] });
    const table = await created('/api/price-tables', { name: 'Varejo Teste', isDefault: true });
    const products: Record<string, { id: string; price: string }> = {};
    for (const [ref, name, price] of [['K-1', 'Arroz Tipo 1 5kg', '24.9'], ['K-2', 'Feijão Carioca 1kg', '8.5']] as const) {
      const id = await created('/api/products', { ref, name, unitId: un });
      expect((await api('PUT', `/api/products/${id}/prices/${table}`, admin, { price })).status).toBe(200);
      await created('/api/inventory/movements', { productId: id, branchId, kind: 'adjustment', quantity: '500', reason: 'Contagem' });
      products[ref] = { id, price };
    }
    const clientId = await created('/api/clients', { name: 'Atacadão Bauru Ltda', nickname: 'Atacadão', email: 'compras@atacadao.com.br', document: '11.222.333/0001-81', birthDate: '1990-05-05', salesmanId: salesSession.user.id });
    const draftBody = (n: number) => ({
      clientId, natureId: nature, paymentConditionId: condition, paymentType: 'boleto', transport: { costing: 1 },
      items: [{ productId: products['K-1']!.id, quantity: String(1 + (n % 4)), unitPrice: '24.9' }, { productId: products['K-2']!.id, quantity: '2', unitPrice: '8.5' }],
    });
    const drafts: string[] = [];
    for (let n = 0; n < DRAFTS; n += 8) drafts.push(...(await Promise.all(Array.from({ length: 8 }, (_, k) => created('/api/sales', draftBody(n + k), salesman)))));

    // The stream: eight closes in flight; SIGKILL once ten have answered.
    const answered = new Map<string, number>();
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (!killed && next < drafts.length) {
        const id = drafts[next++]!;
        try {
          const res = await api('POST', `/api/sales/${id}/close`, salesman, { version: 1, geolocation: here });
          if (killed) return;
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          answered.set(id, res.body.number);
          if (answered.size >= KILL_AFTER && !killed) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        } catch (e) {
          if (!killed) throw e;
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    expect(killed).toBe(true);
    await first.exited;
    for (let i = 0; i < 100 && holdsData(); i++) await sleep(100);
    expect(holdsData()).toBe(false);

    // Second run on the same folder: the start finishes the closes the kill cut off.
    const second = await start();
    const swept = SWEPT.exec(second.output());
    const startups = [first, second].map((p) => `${READY.exec(p.output())![3]} ms`).join(' and ');
    console.info(`[sales-kill] started in ${startups}; ${answered.size} closes answered before SIGKILL, ${next} sent; the start swept: ${swept ? `${swept[1]} finished, ${swept[2]} undone` : 'none'}`);
    api = client(second.url);
    admin = (await login('admin@exemplo.com.br')).accessToken;
    salesman = (await login('vendedor@exemplo.com.br')).accessToken;

    const sales: { id: string; number: number; items: { productId: string; quantity: string }[] }[] = [];
    for (const id of drafts) {
      const s = (await api('GET', `/api/sales/${id}`, salesman)).body;
      if (s.status === 'typing') {
        // Absent as a sale: no number, no installments, editable again (not left marked as closing).
        expect(s, id).toMatchObject({ number: null, installments: [] });
        expect(answered.has(id), `${id} answered as a sale`).toBe(false);
        const saved = await api('PUT', `/api/sales/${id}`, salesman, { ...draftBody(0), version: s.version });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        continue;
      }
      // Whole: pending, numbered, two installments adding up to the total.
      expect(s, id).toMatchObject({ status: 'pending' });
      if (answered.has(id)) expect(s.number).toBe(answered.get(id));
      expect(s.installments).toHaveLength(2);
      expect(s.installments.reduce((acc: Decimal, i: { value: string }) => acc.plus(i.value), new Decimal(0)).toFixed(2)).toBe(s.totals.total);
      sales.push(s);
    }
    expect(sales.length).toBeGreaterThanOrEqual(answered.size);
    const numbers = sales.map((s) => s.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: sales.length }, (_, i) => i + 1));
    // The installments where the client's financial position reads them: two per sale, by its number.
    const financial = (await api('GET', `/api/clients/${clientId}/financial`, admin)).body;
    const documents = financial.installments.map((i: { document: string }) => i.document).sort();
    expect(documents).toEqual(numbers.flatMap((n) => [String(n), String(n)]).sort());

    // Stock: each balance equals its ledger's recount; what is reserved is what the sales hold, order by order.
    for (const { id } of Object.values(products)) {
      const movements: { kind: string; quantity: string; orderId: string | null }[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: typeof movements; nextCursor: string | null } = (await api('GET', `/api/inventory/products/${id}/movements?branchId=${branchId}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, admin)).body;
        movements.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      const balance = (await api('GET', `/api/inventory/products/${id}/balances`, admin)).body.items.find((b: { branchId: string }) => b.branchId === branchId);
      const counted = recount(movements);
      expect([balance.physical, balance.reserved, balance.available].map((v: string) => new Decimal(v).toFixed())).toEqual([counted.physical, counted.reserved, counted.available].map((v) => v.toFixed()));
      const byOrder = new Map<string, Decimal>();
      for (const m of movements.filter((x) => x.orderId)) byOrder.set(m.orderId!, (byOrder.get(m.orderId!) ?? new Decimal(0)).plus(m.kind === 'reserved' ? m.quantity : new Decimal(m.quantity).neg()));
      const holding = [...byOrder].filter(([, q]) => !q.isZero()).map(([order, q]) => `${order}=${q.toFixed()}`).sort();
      const held = sales.flatMap((s) => s.items.filter((i) => i.productId === id).map((i) => `${s.id}=${new Decimal(i.quantity).toFixed()}`)).sort();
      expect(holding).toEqual(held);
    }

    // The counter stands at k: the next close takes k + 1.
    const extra = await created('/api/sales', draftBody(1), salesman);
    const closed = await api('POST', `/api/sales/${extra}/close`, salesman, { version: 1, geolocation: here });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.number).toBe(sales.length + 1);

    second.child.kill('SIGINT');
    await second.exited;
  }, 240_000);
});
