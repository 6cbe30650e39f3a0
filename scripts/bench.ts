/**
 * `npm run bench`: seeds one company at scale in a throwaway DynamoDB Local (in memory) and prints
 * latency percentiles and items read per request for the platform's request paths. Figures only;
 * targets live in issues.
 */
import { performance } from 'node:perf_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDynamoLocal } from '../packages/core/src/local/dynamo-local';
import { pct } from './bench-stats';
import { CHROMIUM_PATH, chromiumArgs } from './chromium';

const USERS = Number(process.env.BENCH_USERS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100_000);
const SECOND_COMPANY = Number(process.env.BENCH_SECOND_COMPANY ?? 10_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const SALES = Number(process.env.BENCH_SALES ?? 200_000);
const SCHEDULINGS = Number(process.env.BENCH_SCHEDULINGS ?? 100_000);
/** Lines of the order the entry part recalculates, and the CPU slowdown it runs under. */
const ENTRY_LINES = Number(process.env.BENCH_ENTRY_LINES ?? 1000);
const ENTRY_THROTTLE = Number(process.env.BENCH_ENTRY_THROTTLE ?? 4);
/** Parts to run (comma separated: users, clients, products, sales, sales-close, entry, schedulings, messages, web, aws); all when unset. */
const ONLY = new Set((process.env.BENCH_ONLY ?? 'users,clients,products,sales,sales-close,entry,schedulings,messages,web,lighthouse,aws').split(',').map((s) => s.trim()));
/** Closes measured per order size in the sales-close part. */
const CLOSE_ROUNDS = Number(process.env.BENCH_CLOSE_ROUNDS ?? 10);

const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Eduarda', 'Fábio', 'Gabriela', 'Heitor', 'Íris', 'João', 'Larissa', 'Márcio', 'Natália', 'Otávio', 'Paula', 'Rafael', 'Sílvia', 'Tiago', 'Úrsula', 'Vítor'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Araújo'];


async function main() {
  const dynamo = await startDynamoLocal({ dataDir: null });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.TABLE_NAME = 'bench';
  // The request limits count every request as in production, but a bench's loops are one client's burst.
  process.env.RATE_LIMIT_COMPANY ??= '1000000';
  process.env.RATE_LIMIT_ADDRESS ??= '1000000';
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'ev-bench-'));
  process.env.APP_SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';
  try {
    const { ensureTable } = await import('../packages/core/src/db/table');
    const { Provisioning } = await import('../packages/core/src/provisioning');
    const { runAs } = await import('../packages/core/src/context');
    const { transact } = await import('../packages/core/src/db/tx');
    const { newId } = await import('../packages/core/src/ids');
    const { timestamp } = await import('../packages/core/src/clock');
    const { UsersRepository } = await import('../packages/core/src/users/repository');
    const { Auth } = await import('../packages/core/src/auth');
    const { Users } = await import('../packages/core/src/users');
    const { createApp } = await import('../functions/src/app');
    await ensureTable();

    const p = await Provisioning.provision({
      company: { name: 'Bench Ltda' },
      branches: [{ name: 'Matriz' }],
      admin: { email: 'admin@bench.test', password: 'bench-1234', name: 'Admin Bench' },
    });
    const t0 = performance.now();
    await runAs({ tenantId: p.tenant.id }, async () => {
      const hash = p.admin.passwordHash; // one scrypt hash for every seeded user: seeding measures writes, not hashing
      const batch: Promise<void>[] = [];
      for (let i = 0; i < USERS; i++) {
        const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;
        const now = timestamp();
        const record = {
          id: newId(), email: `u${i}@bench.test`, name, nickname: null, birthday: null, document: null, stateRegistration: null, phones: [], avatar: null,
          timezone: 'America/Sao_Paulo', dateFormat: 'dd/MM/yyyy' as const, profileId: p.profiles.salesman.id, branchIds: [p.branches[0]!.id], defaultBranchId: p.branches[0]!.id,
          employee: false, salesman: true, supervisor: false, supervisorId: null, financialReleaseAuthorizer: false, active: true, lastAccessAt: null, createdAt: now, updatedAt: now, version: 1, passwordHash: hash,
        };
        batch.push(transact(UsersRepository.createSteps(record, p.tenant.id)));
        if (batch.length >= 16) await Promise.all(batch.splice(0));
      }
      await Promise.all(batch);
    });
    const seedMs = performance.now() - t0;

    const app = createApp();
    const login = await app.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@bench.test', password: 'bench-1234' }) });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const actor = await Auth.authenticate(token);

    const rows: { path: string; p50: number; p95: number; read: string }[] = [];
    const measure = async (label: string, url: string, read: () => Promise<number | string>) => {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const s = performance.now();
        const res = await app.request(url, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        times.push(performance.now() - s);
      }
      rows.push({ path: label, p50: pct(times, 50), p95: pct(times, 95), read: String(await read()) });
    };
    await measure('GET /api/auth/me', '/api/auth/me', async () => 'GetItem/BatchGet only');
    await measure('GET /api/users?limit=20', '/api/users?limit=20', () => runAs(actor, async () => (await Users.list({ limit: 20 })).scanned));
    await measure('GET /api/users?q=silva&limit=20', '/api/users?q=silva&limit=20', () => runAs(actor, async () => (await Users.list({ q: 'silva', limit: 20 })).scanned));
    await measure('GET /api/users?q=ana silva&limit=20', '/api/users?q=ana%20silva&limit=20', () => runAs(actor, async () => (await Users.list({ q: 'ana silva', limit: 20 })).scanned));

    const { benchClients } = await import('./bench-clients');
    const clients = ONLY.has('clients') ? await benchClients({ clients: CLIENTS, second: SECOND_COMPANY, rounds: ROUNDS }) : null;
    const { benchProducts } = await import('./bench-products');
    const products = ONLY.has('products') ? await benchProducts({ products: PRODUCTS, rounds: ROUNDS }) : null;

    const { benchSales } = await import('./bench-sales');
    const sales = ONLY.has('sales') ? await benchSales({ sales: SALES, rounds: ROUNDS }) : null;
    const { benchSalesClose } = await import('./bench-sales-close');
    const closes = ONLY.has('sales-close') ? await benchSalesClose({ rounds: CLOSE_ROUNDS }) : null;
    const { benchEntry } = await import('./bench-entry');
    const { benchSchedulings } = await import('./bench-schedulings');
    const schedulings = ONLY.has('schedulings') ? await benchSchedulings({ schedulings: SCHEDULINGS, rounds: ROUNDS }) : null;
    const { benchMessages } = await import('./bench-messages');
    const messages = ONLY.has('messages') ? await benchMessages({ rounds: Number(process.env.BENCH_MESSAGE_BATCHES ?? 5) }) : null;
    const entry = ONLY.has('entry') ? await benchEntry({ lines: ENTRY_LINES, changes: 30, throttle: ENTRY_THROTTLE }) : null;

    const bundle = ONLY.has('web') ? await loginBundle() : null;
    const { benchLighthouse, lighthouseLines } = await import('./bench-lighthouse');
    const lighthouse = ONLY.has('lighthouse') ? await benchLighthouse({ runs: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3), reportsDir: process.env.BENCH_LIGHTHOUSE_REPORTS }) : null;

    if (ONLY.has('users')) {
      console.info(`\nSeeded ${USERS} users in ${(seedMs / 1000).toFixed(1)} s (${(USERS / (seedMs / 1000)).toFixed(0)} users/s); ${ROUNDS} requests per row, in process (app.request), DynamoDB Local\n`);
      table(rows);
    }
    if (clients) {
      console.info(`\nClients: ${clients.seeded}; ${ROUNDS} requests per row through the local HTTP server, limit 20\n`);
      table(clients.rows);
    }
    if (products) {
      console.info(`\nProducts: ${products.seeded}; ${ROUNDS} requests per row through the local HTTP server, limit 20\n`);
      table(products.rows);
      console.info('\nExports through the in-process queue (request, job, file written, as `npm start` does):');
      for (const line of products.exports) console.info(`  ${line}`);
    }
    if (sales) {
      console.info(`\nSales: ${sales.seeded}; ${ROUNDS} requests per row through the local HTTP server, limit 20\n`);
      table(sales.rows);
    }
    if (closes) {
      console.info(`\nSales closes: ${closes.seeded}; ${CLOSE_ROUNDS} closes per row, each of a new draft, in process (app.request), stock checked and reserved\n`);
      table(closes.rows);
    }
    if (schedulings) {
      console.info(`\nSchedulings: ${schedulings.seeded}; ${ROUNDS} requests per row through the local HTTP server, limit 20\n`);
      table(schedulings.rows);
      console.info('\nRoute optimiser (in process):\n');
      table(schedulings.optimiser);
    }
    if (messages) {
      console.info('\nWhatsApp sends (the sandbox provider, the in-process queue):');
      for (const line of messages) console.info(`  ${line}`);
    }
    if (entry) {
      console.info(`\nOrder entry: ${entry.seeded}\n`);
      table(entry.rows);
    }
    if (ONLY.has('aws')) {
      const { awsFigures } = await import('./bench-aws');
      console.info('\nAWS (synthesised, prod):');
      for (const line of await awsFigures()) console.info(`  ${line}`);
    }
    if (lighthouse) {
      console.info('\nLighthouse, mobile (simulated slow 4G, mid-range phone), built app served as `npm start` serves it; median of the runs by performance:');
      for (const line of lighthouseLines(lighthouse)) console.info(`  ${line}`);
    }
    if (bundle) {
      console.info(`\nJavaScript the login route loads (Chromium, built app): ${bundle.files} files, ${(bundle.raw / 1024).toFixed(1)} KB raw, ${(bundle.gzip / 1024).toFixed(1)} KB gzipped (target < 200 KB)`);
      for (const f of bundle.list) console.info(`  ${f.name}  ${(f.gzip / 1024).toFixed(1)} KB gz`);
    }
  } finally {
    await dynamo.stop();
  }
}

function table(rows: { path: string; p50: number; p95: number; read: string }[]): void {
  console.info('| request | p50 ms | p95 ms | items read (ScannedCount) |');
  console.info('| --- | ---: | ---: | ---: |');
  for (const r of rows) console.info(`| ${r.path} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.read} |`);
}

/**
 * The JavaScript a first visit to /login downloads, measured in Chromium against the built SPA
 * served by the same local server as `npm start`, gzipped as a CDN would.
 */
async function loginBundle() {
  const root = path.resolve(import.meta.dirname, '..');
  const { buildWebIfStale } = await import('../functions/src/local/web');
  const dist = buildWebIfStale(root);
  if (!dist || !fs.existsSync(CHROMIUM_PATH)) return null;
  const { createLocalServer, portOf } = await import('../functions/src/local/server');
  const { chromium } = await import('@playwright/test');
  const zlib = await import('node:zlib');
  const server = await createLocalServer({ port: 0, webDist: dist, hostname: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  try {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    const list: { name: string; raw: number; gzip: number }[] = [];
    page.on('response', async (res) => {
      if (!res.url().endsWith('.js')) return;
      const body = await res.body().catch(() => null);
      if (body) list.push({ name: new URL(res.url()).pathname, raw: body.length, gzip: zlib.gzipSync(body).length });
    });
    await page.goto(`http://127.0.0.1:${portOf(server)}/login`, { waitUntil: 'networkidle' });
    list.sort((a, b) => b.gzip - a.gzip);
    return { files: list.length, raw: list.reduce((n, f) => n + f.raw, 0), gzip: list.reduce((n, f) => n + f.gzip, 0), list };
  } finally {
    await browser.close();
    server.close();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
