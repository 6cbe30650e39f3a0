/**
 * The `offline-sync` part of `npm run bench` (issue 45, docs/offline.md "The portfolio on the
 * device"): the first sync of a salesman's portfolio of 300 clients, and the incremental one after
 * it. A company of `products` products (the products part's catalogue: one in twenty inactive, a
 * price in the default table, a balance in the branch), the demo's registries, a second price table
 * ("Atacado") with a third of the products, the salesman's 300 clients as the demo seeds them
 * (an address each, receivables for most) and a week of his schedulings (the demo's field work).
 * - Server: POST /api/offline/portfolio through the local HTTP server, empty (a first sync) and with
 *   the first answer's state (each entity's `since` and ids digest, as the device sends it): time,
 *   DynamoDB's round trips and items read, the answer's bytes raw and gzipped, and each entity's share.
 * - Device: the built app in Chromium, the connection and the CPU throttled, the salesman signed in
 *   and /offline opened: the first sync (the app starts it on its own once idle) from its request to
 *   "Última sincronização" shown, and "Sincronizar agora" to "Carteira atualizada.", with the bytes
 *   each sync records (SyncMeta.bytes); the answers gzipped by the API itself (functions/src/app.ts,
 *   the same on Lambda and locally).
 * Figures only; the issue names no target.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import Decimal from 'decimal.js';
import type { OfflinePortfolio } from '../packages/shared/src/schemas/offline';
import { idsDigest } from '../packages/shared/src/offline/digest';
import { browserSession, storeSessionInPage } from '../functions/src/testing/browser-session';
import { OFFLINE_DB_NAME } from '../web/src/lib/storage-keys';
import type { Row } from './bench-clients';
import { dynamoMeter } from './bench-http';
import { seedCatalogue } from './bench-products';
import { BENCH_PASSWORD } from './bench-setup';
import { pct } from './bench-stats';
import { CHROMIUM_PATH, chromiumArgs } from './chromium';

/** A throttled connection: Chrome DevTools' "Fast 3G" as its figures read (1.6 Mbit/s down, 750 kbit/s up, 150 ms). */
export const THROTTLED = { name: '3G (1.6 Mbit/s down, 750 kbit/s up, 150 ms latency)', down: 1_600_000 / 8, up: 750_000 / 8, latency: 150 };

/** How far before the device's `since` the server looks for changes (packages/core/src/offline/portfolio.ts). */
const OVERLAP_MS = 60_000;

/** The demo seeds one client in thirteen without a salesman: 325 make 300 of his. */
const DEMO_CLIENTS = 325;

export interface OfflineSyncFigures {
  seeded: string;
  rows: Row[];
  /** The answers' sizes and each entity's share of the first. */
  sizes: string[];
  /** The device's figures, one line each (null: no Chromium or no built app). */
  device: string[] | null;
}

export async function benchOfflineSync(opts: { products: number; rounds: number; deviceRuns: number; throttle: number }): Promise<OfflineSyncFigures> {
  await import('../packages/core/src/wiring/worker');
  const meter = await dynamoMeter();
  const t0 = performance.now();
  // One in twenty of the catalogue's products is inactive: this many make `products` active ones.
  const total = Math.ceil((opts.products * 20) / 19);
  const { p, salesmen } = await seedCatalogue({ name: 'Carteira Offline', domain: 'offline', branches: ['Matriz'], products: total, salesmen: 1 });
  const salesman = salesmen[0]!;
  const { runAs } = await import('../packages/core/src/context');
  const seeded = await runAs({ tenantId: p.tenant.id }, async () => {
    const { seedRegistries } = await import('../packages/core/src/registries/demo-data');
    const { seedClients } = await import('../packages/core/src/clients/demo-data');
    const { seedFieldWork } = await import('../packages/core/src/schedulings/demo-data');
    const { Products } = await import('../packages/core/src/products');
    const { PricesRepository } = await import('../packages/core/src/prices/repository');
    const { timestamp } = await import('../packages/core/src/clock');
    // The demo's registries beside the catalogue's (the ones of the same name are skipped): regions,
    // segments, the schedulings' types, and the price tables "Atacado" and "Promoção de Natal".
    await seedRegistries();
    const wholesale = (await PricesRepository.allTables()).find((t) => t.name === 'Atacado')!;
    const active: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await Products.page({}, cursor, 100, 'bench-offline-sync');
      active.push(...page.items.filter((x) => x.status === 'active').map((x) => x.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const now = timestamp();
    const third = active.filter((_, i) => i % 3 === 0);
    await PricesRepository.putMany(third.map((productId, i) => ({ tableId: wholesale.id, productId, price: new Decimal(i % 400).plus(1).times('1.15').toFixed(4), updatedAt: now, updatedBy: null })));
    const clientIds = await seedClients([salesman.id], DEMO_CLIENTS);
    // The last working week done and this one ahead, five stops a day.
    const schedulings = await seedFieldWork(clientIds, { salesmen: [salesman], createdBy: p.admin.id, pastDays: 5, nextDays: 5, perDay: 5 });
    return { active: active.length, wholesale: third.length, clients: clientIds.length, schedulings };
  });
  const seedEnd = performance.now();
  const seconds = (seedEnd - t0) / 1000;

  const { createLocalServer, portOf } = await import('../functions/src/local/server');
  const { buildWebIfStale } = await import('../functions/src/local/web');
  const root = path.resolve(import.meta.dirname, '..');
  const device = opts.deviceRuns > 0 && fs.existsSync(CHROMIUM_PATH);
  const dist = device ? buildWebIfStale(root) : null;
  const server = await createLocalServer({ port: 0, webDist: dist, hostname: '127.0.0.1' });
  const base = `http://127.0.0.1:${portOf(server)}`;
  try {
    const login = (await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'v0@offline.bench', password: BENCH_PASSWORD }) })).json()) as {
      data: { accessToken: string; refreshToken: string };
    };
    const post = async (body: unknown) => {
      const res = await fetch(`${base}/api/offline/portfolio`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.accessToken}` }, body: JSON.stringify(body) });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`POST /api/offline/portfolio answered ${res.status}: ${text}`);
      return text;
    };
    // The server sends again what changed within a minute before the device's `since` (writers'
    // clocks differ): a second sync right after the seed would bring the catalogue again.
    const wait = seedEnd + OVERLAP_MS + 1000 - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const first = JSON.parse(await post({})) as OfflinePortfolio;
    const held = (part: { items: { id: string }[]; ids: string[] | null }) => ({ since: first.at, digest: idsDigest(part.ids ?? part.items.map((x) => x.id)) });
    const again = { clients: held(first.clients), products: held(first.products), prices: held(first.prices), schedulings: held(first.schedulings) };

    const rows: Row[] = [];
    const sizes: string[] = [];
    const measure = async (label: string, body: unknown) => {
      for (let i = 0; i < 2; i++) await post(body);
      const times: number[] = [];
      let text = '';
      const m = meter.mark();
      for (let i = 0; i < opts.rounds; i++) {
        const s = performance.now();
        text = await post(body);
        times.push(performance.now() - s);
      }
      const raw = Buffer.byteLength(text);
      const gzip = zlib.gzipSync(text).length;
      rows.push({ path: `${label} (POST /api/offline/portfolio)`, p50: pct(times, 50), p95: pct(times, 95), read: `${kb(raw)} raw, ${kb(gzip)} gzip; per request ${meter.since(m, opts.rounds)}` });
      return JSON.parse(text) as OfflinePortfolio;
    };
    const full = await measure(`first sync, ${first.clients.items.length} clients, ${first.products.items.length} products, ${first.prices.items.length} prices, ${first.schedulings.items.length} schedulings`, {});
    const next = await measure('second sync, nothing changed (each entity\'s since and ids digest)', again);
    sizes.push(`first sync: ${shares(full)}`);
    sizes.push(`second sync: ${shares(next)}`);

    const figures = dist
      ? [
          ...(await onDevice({ base, login: login.data, runs: opts.deviceRuns, throttle: opts.throttle })),
        ]
      : null;
    return {
      seeded:
        `Seeded in ${seconds.toFixed(0)} s one company: ${seeded.active} active products (of ${total}) with a price each in the default table and ${seeded.wholesale} in a second, a balance each in the branch; ` +
        `the demo's registries; ${seeded.clients} clients as the demo seeds them, ${first.clients.items.length} of them the salesman's (an address each, receivables for six in seven); ${seeded.schedulings} schedulings of his (the last working week and the next)`,
      rows,
      sizes,
      device: figures,
    };
  } finally {
    server.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The answer's entities, largest first: each one's raw JSON and gzipped size (gzipped alone: a little more than its share of the whole). */
function shares(answer: OfflinePortfolio): string {
  const parts = Object.entries(answer).map(([name, value]) => {
    const json = JSON.stringify(value);
    return { name, raw: Buffer.byteLength(json), gzip: zlib.gzipSync(json).length };
  });
  parts.sort((a, b) => b.raw - a.raw);
  return parts
    .filter((x) => x.raw > 200)
    .map((x) => `${x.name} ${kb(x.raw)} (${kb(x.gzip)} gz)`)
    .join(', ');
}

/**
 * The device's syncs, `runs` times, each in a new browser context (an empty database): the session
 * stored as the login stores it, the connection and the CPU throttled, /offline opened; the first
 * sync is the one the app starts once idle. Service workers blocked (the sync is the page's own fetch).
 */
async function onDevice(opts: { base: string; login: { accessToken: string; refreshToken: string }; runs: number; throttle: number }): Promise<string[]> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  type Sync = { total: number; network: number; firstByte: number; wire: number; recorded: number; changed: string };
  const firsts: Sync[] = [];
  const seconds: Sync[] = [];
  try {
    for (let run = 0; run < opts.runs; run++) {
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 375, height: 800 }, locale: 'pt-BR' });
      const page = await context.newPage();
      await page.goto(`${opts.base}/robots.txt`);
      await page.evaluate(storeSessionInPage, browserSession(opts.login));
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: THROTTLED.latency, downloadThroughput: THROTTLED.down, uploadThroughput: THROTTLED.up });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.throttle });
      // The portfolio's requests: when each left (this process's clock and the browser's) and its end on the wire.
      const requests = new Map<string, { at: number; sent: number; headers?: number; done?: number; wire?: number }>();
      cdp.on('Network.requestWillBeSent', (e) => {
        if (e.request.method === 'POST' && e.request.url.endsWith('/api/offline/portfolio')) requests.set(e.requestId, { at: performance.now(), sent: e.timestamp });
      });
      cdp.on('Network.responseReceived', (e) => {
        const r = requests.get(e.requestId);
        if (r) r.headers = e.timestamp;
      });
      cdp.on('Network.loadingFinished', (e) => {
        const r = requests.get(e.requestId);
        if (r) Object.assign(r, { done: e.timestamp, wire: e.encodedDataLength });
      });
      const lastRequest = () => [...requests.values()].at(-1);
      const meta = () =>
        page.evaluate(async (name) => {
          // Runs in the page (the scripts' project has no DOM types): the meta row `sync` of the app's database.
          type Req<T> = { result: T; onsuccess: (() => void) | null; onerror: (() => void) | null };
          type Db = { transaction(s: string): { objectStore(s: string): { get(k: string): Req<unknown> } }; close(): void };
          const idb = (globalThis as unknown as { indexedDB: { open(n: string): Req<Db> } }).indexedDB;
          const db = await new Promise<Db>((ok, ko) => {
            const r = idb.open(name);
            r.onsuccess = () => ok(r.result);
            r.onerror = () => ko(new Error('no database'));
          });
          const row = await new Promise<unknown>((ok, ko) => {
            const r = db.transaction('meta').objectStore('meta').get('sync');
            r.onsuccess = () => ok(r.result);
            r.onerror = () => ko(new Error('no meta'));
          });
          db.close();
          return row as { bytes: number; changed: Record<string, number> };
        }, OFFLINE_DB_NAME);
      const figures = async (end: number): Promise<Sync> => {
        const r = lastRequest();
        if (!r?.done) throw new Error('The portfolio\'s request was not seen to end.');
        const m = await meta();
        return { total: end - r.at, network: (r.done - r.sent) * 1000, firstByte: ((r.headers ?? r.done) - r.sent) * 1000, wire: r.wire ?? 0, recorded: m.bytes, changed: Object.entries(m.changed).map(([k, v]) => `${v} ${k}`).join(', ') };
      };

      await page.goto(`${opts.base}/offline`);
      await page.getByTestId('offline-last-sync').waitFor({ timeout: 180_000 });
      firsts.push(await figures(performance.now()));

      const before = requests.size;
      await page.getByRole('button', { name: 'Sincronizar agora' }).click();
      await page.getByText('Carteira atualizada.').waitFor({ timeout: 180_000 });
      const end = performance.now();
      if (requests.size !== before + 1) throw new Error(`"Sincronizar agora" made ${requests.size - before} portfolio requests.`);
      seconds.push(await figures(end));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const median = (list: Sync[], k: 'total' | 'network' | 'firstByte') => pct(list.map((x) => x[k]), 50);
  const line = (label: string, list: Sync[]) =>
    `${label}: ${(median(list, 'total') / 1000).toFixed(2)} s from its request to the page showing it (runs: ${list.map((x) => (x.total / 1000).toFixed(2)).join(', ')} s), ` +
    `of which ${(median(list, 'network') / 1000).toFixed(2)} s from its request to the answer's end (its headers after ${(median(list, 'firstByte') / 1000).toFixed(2)} s); ${kb(list[0]!.wire)} on the wire, SyncMeta.bytes ${list[0]!.recorded} (${list[0]!.changed})`;
  return [
    `Chromium, ${THROTTLED.name}, CPU ${opts.throttle}× slower, 375 px; the API's answers gzipped by the API (functions/src/app.ts); median of ${opts.runs} runs, each a new device`,
    line('first sync (the app\'s own, once idle after opening /offline)', firsts),
    line('second sync ("Sincronizar agora", nothing changed)', seconds),
  ];
}
