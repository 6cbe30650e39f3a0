/**
 * `npm run bench`: seeds one company at scale in a throwaway DynamoDB Local and prints latency
 * percentiles and items read per request for the platform's request paths. Figures only; targets
 * live in issues.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDynamoLocal } from '../packages/core/src/local/dynamo-local';
import { processAlive } from '../packages/core/src/local/processes';
import { CHROMIUM_PATH, chromiumArgs } from './chromium';

const USERS = Number(process.env.BENCH_USERS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100_000);
const SECOND_COMPANY = Number(process.env.BENCH_SECOND_COMPANY ?? 10_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const SALES = Number(process.env.BENCH_SALES ?? 200_000);
const SCHEDULINGS = Number(process.env.BENCH_SCHEDULINGS ?? 100_000);
/** The management map's month: its sales and visits, and the requests per row (each reads the month). */
const MAP_SALES = Number(process.env.BENCH_MAP_SALES ?? 1500);
const MAP_VISITS = Number(process.env.BENCH_MAP_VISITS ?? 1500);
const MAP_ROUNDS = Number(process.env.BENCH_MAP_ROUNDS ?? 30);
/** Lines of the order the entry part recalculates, and the CPU slowdown it runs under. */
const ENTRY_LINES = Number(process.env.BENCH_ENTRY_LINES ?? 1000);
const ENTRY_THROTTLE = Number(process.env.BENCH_ENTRY_THROTTLE ?? 4);
/** Sales the sales-export part exports to one PDF (at most MAX_EXPORT_SALES, one selection). */
const EXPORT_SALES = Number(process.env.BENCH_EXPORT_SALES ?? 500);
/** Clients the device's search runs over (the portfolio's limit), and the CPU slowdown it runs under. */
const OFFLINE_SEARCH_CLIENTS = Number(process.env.BENCH_OFFLINE_SEARCH_CLIENTS ?? 2000);
const OFFLINE_SEARCH_THROTTLE = Number(process.env.BENCH_OFFLINE_SEARCH_THROTTLE ?? 4);
/** The offline-sync part: the active products of the catalogue, the server's rounds per row, the device's runs (each a new device) and its CPU slowdown. */
const OFFLINE_SYNC_PRODUCTS = Number(process.env.BENCH_OFFLINE_SYNC_PRODUCTS ?? 1500);
const OFFLINE_SYNC_ROUNDS = Number(process.env.BENCH_OFFLINE_SYNC_ROUNDS ?? 10);
const OFFLINE_SYNC_RUNS = Number(process.env.BENCH_OFFLINE_SYNC_RUNS ?? 3);
const OFFLINE_SYNC_THROTTLE = Number(process.env.BENCH_OFFLINE_SYNC_THROTTLE ?? 4);
/** Parts to run (comma separated: users, clients, products, store, sales, sales-close, sales-export, entry, offline-search, offline-sync, schedulings, management, messages, ai, web, aws); all when unset. */
const ONLY = new Set((process.env.BENCH_ONLY ?? 'users,clients,products,store,sales,sales-close,sales-export,entry,offline-search,offline-sync,schedulings,management,messages,ai,web,lighthouse,aws').split(',').map((s) => s.trim()));
/** Closes measured per order size in the sales-close part. */
const CLOSE_ROUNDS = Number(process.env.BENCH_CLOSE_ROUNDS ?? 10);
/** Order sizes the sales-close part closes (comma separated). */
const CLOSE_SIZES = (process.env.BENCH_CLOSE_SIZES ?? '50,1000').split(',').map(Number);



/**
 * Where DynamoDB Local keeps the bench's items: `BENCH_DYNAMO=memory` (the fastest) or `disk` (one
 * SQLite file in a temporary folder removed at the end, or in `BENCH_DYNAMO_DIR`, kept). In memory,
 * about 9 million items fill 20 GB and the JVM stalls (some 300,000 clients at 29 items each), so
 * the default is `disk` from 200,000 clients up. On disk, DynamoDB Local syncs the file at every
 * write (a third of the speed in memory); where Debian's `eatmydata` is installed, its library
 * turns those syncs into no-ops for Java alone: a bench's table needs no durability.
 */
const DYNAMO = process.env.BENCH_DYNAMO ?? (process.env.BENCH_DYNAMO_DIR || CLIENTS > 200_000 ? 'disk' : 'memory');
const EAT_MY_DATA = '/usr/lib/x86_64-linux-gnu/libeatmydata.so';
/**
 * How the clients part seeds its clients: `file`, the default on disk, writes them straight into
 * DynamoDB Local's file while it is stopped (scripts/bench-dynamo-file.ts: 1,000,000 clients in
 * minutes instead of hours); `api` through DynamoDB Local's API (BatchWrite), the only way in memory.
 */
const CLIENTS_LOAD = process.env.BENCH_CLIENTS_LOAD ?? (DYNAMO === 'disk' ? 'file' : 'api');


async function main() {
  if (DYNAMO !== 'memory' && DYNAMO !== 'disk') throw new Error(`BENCH_DYNAMO is 'memory' or 'disk', not '${DYNAMO}'.`);
  const kept = process.env.BENCH_DYNAMO_DIR ? path.resolve(process.env.BENCH_DYNAMO_DIR) : null;
  if (kept && DYNAMO === 'memory') throw new Error('BENCH_DYNAMO_DIR is a folder for DynamoDB Local on disk: leave BENCH_DYNAMO unset, or set it to disk.');
  const dynamoDir = DYNAMO === 'disk' ? (kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ev-bench-dynamo-'))) : null;
  // A kept folder: the clients' seed goes on where it stopped (scripts/bench-clients.ts); the other
  // parts make their companies anew and would find them taken.
  const stateFile = kept && path.join(kept, 'bench-clients.json');
  if (stateFile && fs.existsSync(stateFile) && [...ONLY].some((part) => part !== 'clients'))
    throw new Error(`${kept} holds an earlier run: with it, run BENCH_ONLY=clients (the seed goes on where it stopped), or give another folder.`);
  const env = dynamoDir && fs.existsSync(EAT_MY_DATA) ? { LD_PRELOAD: EAT_MY_DATA } : undefined;
  console.info(dynamoDir ? `DynamoDB Local on disk: ${dynamoDir}${env ? ' (file syncs skipped: eatmydata)' : ''}` : 'DynamoDB Local in memory');
  let dynamo = await startDynamoLocal({ dataDir: dynamoDir, env });
  /** DynamoDB Local stopped (its process gone) while `between` runs, then started again on the same port. */
  const whileStopped = async (between: () => Promise<void>) => {
    await dynamo.stop();
    for (let i = 0; i < 600 && processAlive(dynamo.pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (processAlive(dynamo.pid)) throw new Error('DynamoDB Local did not stop within a minute.');
    await between();
    dynamo = await startDynamoLocal({ dataDir: dynamoDir, env, port: dynamo.port });
    const { resetDynamoClient } = await import('../packages/core/src/db/client');
    resetDynamoClient();
  };
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.TABLE_NAME = 'bench';
  // The request limits count every request as in production, but a bench's loops are one client's burst.
  process.env.RATE_LIMIT_COMPANY ??= '1000000';
  process.env.RATE_LIMIT_ADDRESS ??= '1000000';
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'ev-bench-'));
  process.env.APP_SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';
  try {
    const { ensureTable } = await import('../packages/core/src/db/table');
    // Without the table's stream: nothing the bench measures reads it (the usage counts, docs/admin.md),
    // and DynamoDB Local's writes cost about twice with one, which AWS's do not.
    await ensureTable(undefined, { stream: false });
    const { benchUsers } = await import('./bench-users');
    const users = ONLY.has('users') ? await benchUsers({ users: USERS, rounds: ROUNDS }) : null;

    const { benchClients } = await import('./bench-clients');
    if (CLIENTS_LOAD !== 'api' && CLIENTS_LOAD !== 'file') throw new Error(`BENCH_CLIENTS_LOAD is 'api' or 'file', not '${CLIENTS_LOAD}'.`);
    if (CLIENTS_LOAD === 'file' && !dynamoDir) throw new Error('BENCH_CLIENTS_LOAD=file writes DynamoDB Local\'s file: run it on disk (BENCH_DYNAMO=disk).');
    const load = CLIENTS_LOAD === 'file' && dynamoDir ? { path: 'file' as const, dir: dynamoDir, whileStopped } : { path: 'api' as const };
    const clients = ONLY.has('clients') ? await benchClients({ clients: CLIENTS, second: SECOND_COMPANY, rounds: ROUNDS, stateFile, load }) : null;
    const { benchProducts } = await import('./bench-products');
    const products = ONLY.has('products') ? await benchProducts({ products: PRODUCTS, rounds: ROUNDS }) : null;
    const { benchStore } = await import('./bench-store');
    const store = ONLY.has('store')
      ? await benchStore({ products: PRODUCTS, rounds: ROUNDS, lighthouseRuns: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3), reportsDir: process.env.BENCH_LIGHTHOUSE_REPORTS })
      : null;

    const { benchSales } = await import('./bench-sales');
    const sales = ONLY.has('sales') ? await benchSales({ sales: SALES, rounds: ROUNDS }) : null;
    const { benchSalesClose } = await import('./bench-sales-close');
    const closes = ONLY.has('sales-close') ? await benchSalesClose({ rounds: CLOSE_ROUNDS, sizes: CLOSE_SIZES }) : null;
    const { benchSalesExport } = await import('./bench-sales-export');
    const salesExport = ONLY.has('sales-export') ? await benchSalesExport({ sales: EXPORT_SALES }) : null;
    const { benchEntry } = await import('./bench-entry');
    const { benchSchedulings } = await import('./bench-schedulings');
    const schedulings = ONLY.has('schedulings') ? await benchSchedulings({ schedulings: SCHEDULINGS, rounds: ROUNDS }) : null;
    const { benchManagement } = await import('./bench-management');
    const management = ONLY.has('management') ? await benchManagement({ sales: MAP_SALES, visits: MAP_VISITS, rounds: MAP_ROUNDS }) : null;
    const { benchMessages } = await import('./bench-messages');
    const messages = ONLY.has('messages') ? await benchMessages({ rounds: Number(process.env.BENCH_MESSAGE_BATCHES ?? 5) }) : null;
    const entry = ONLY.has('entry') ? await benchEntry({ lines: ENTRY_LINES, changes: 30, throttle: ENTRY_THROTTLE }) : null;
    const { benchOfflineSearch } = await import('./bench-offline-search');
    const offlineSearch = ONLY.has('offline-search') ? await benchOfflineSearch({ clients: OFFLINE_SEARCH_CLIENTS, throttle: OFFLINE_SEARCH_THROTTLE, rounds: 10 }) : null;
    const { benchAi } = await import('./bench-ai');
    const ai = ONLY.has('ai') ? await benchAi({ sizes: [1_000, 5_000, 20_000], rounds: Number(process.env.BENCH_AI_ROUNDS ?? 10) }) : null;
    const { benchOfflineSync } = await import('./bench-offline-sync');
    const offlineSync = ONLY.has('offline-sync')
      ? await benchOfflineSync({ products: OFFLINE_SYNC_PRODUCTS, rounds: OFFLINE_SYNC_ROUNDS, deviceRuns: OFFLINE_SYNC_RUNS, throttle: OFFLINE_SYNC_THROTTLE })
      : null;

    const bundle = ONLY.has('web') ? await loginBundle() : null;
    const { benchLighthouse, lighthouseLines } = await import('./bench-lighthouse');
    const lighthouse = ONLY.has('lighthouse')
      ? await benchLighthouse({
          runs: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
          reportsDir: process.env.BENCH_LIGHTHOUSE_REPORTS,
          traces: process.env.BENCH_LIGHTHOUSE_TRACES === '1',
          pages: process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim()),
        })
      : null;

    if (users) {
      console.info(`\n${users.seeded}; ${ROUNDS} requests per row, in process (app.request), DynamoDB Local\n`);
      table(users.rows);
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
    if (store) {
      console.info(`\nStore: ${store.seeded}; ${ROUNDS} requests per row through the local HTTP server\n`);
      table(store.rows);
      if (store.lighthouse) {
        console.info(`\nLighthouse on the store's pages, mobile (as the lighthouse part; the ${PRODUCTS}-product company, its client signed in for the catalogue), median of the runs by performance:`);
        for (const line of lighthouseLines(store.lighthouse)) console.info(`  ${line}`);
      }
    }
    if (sales) {
      console.info(`\nSales: ${sales.seeded}; ${ROUNDS} requests per row through the local HTTP server, limit 20\n`);
      table(sales.rows);
    }
    if (closes) {
      console.info(`\nSales closes: ${closes.seeded}; ${CLOSE_ROUNDS} closes per row, each of a new draft, in process (app.request), stock checked and reserved\n`);
      table(closes.rows);
    }
    if (salesExport) {
      console.info(`\nSales export: ${salesExport.seeded}; one export through the local HTTP server and its in-process queue (as \`npm start\` runs it)`);
      for (const line of salesExport.lines) console.info(`  ${line}`);
    }
    if (schedulings) {
      console.info(`\nSchedulings: ${schedulings.seeded}; ${ROUNDS} requests per row through the local HTTP server, limit 20\n`);
      table(schedulings.rows);
      console.info('\nRoute optimiser (in process):\n');
      table(schedulings.optimiser);
    }
    if (management) {
      console.info(`\nManagement geolocation map: ${management.seeded}; ${MAP_ROUNDS} requests per row through the local HTTP server\n`);
      table(management.rows);
    }
    if (messages) {
      console.info('\nWhatsApp sends (the sandbox provider, the in-process queue):');
      for (const line of messages) console.info(`  ${line}`);
    }
    if (entry) {
      console.info(`\nOrder entry: ${entry.seeded}\n`);
      table(entry.rows);
    }
    if (ai) {
      console.info(`\nThe assistant's draft order, matching only: ${ai.seeded}\n`);
      table(ai.rows);
    }
    if (offlineSearch) {
      console.info(`\nThe device's portfolio search: ${offlineSearch.seeded}\n`);
      table(offlineSearch.rows);
    }
    if (offlineSync) {
      console.info(`\nThe portfolio's sync (offline work): ${offlineSync.seeded}; ${OFFLINE_SYNC_ROUNDS} requests per row through the local HTTP server, as the salesman\n`);
      table(offlineSync.rows);
      console.info('\nThe answers\' entities, largest first (raw JSON, and gzipped alone):');
      for (const line of offlineSync.sizes) console.info(`  ${line}`);
      if (offlineSync.device) {
        console.info('\nOn the device:');
        for (const line of offlineSync.device) console.info(`  ${line}`);
      }
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
    if (dynamoDir && !kept) fs.rmSync(dynamoDir, { recursive: true, force: true });
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
