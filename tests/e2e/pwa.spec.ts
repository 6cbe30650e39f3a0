import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { databaseNames, seedSessionOnNextLoad } from './auth-helpers';
import { expect, test } from './fixtures';
import { queueOrder } from './offline-helpers';

/**
 * The installable app: the service worker never caches the API, and a new version waiting shows
 * the update prompt. Service workers are blocked in every other test; this file opens its own
 * browser context that allows them, on its own tiny static server, so it can swap the served build
 * for a second one (the same build with another version marker) without touching the shared server.
 */
const root = path.resolve(import.meta.dirname, '../..');
const webDist = path.join(root, 'web/dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

interface StaticServer {
  url: string;
  /** The folder served now; swapping it is "deploying" another build. */
  serve(dir: string): void;
  apiHits: () => number;
  /** API paths answered 503 here instead of passed on (null: none): a server that cannot take them now. */
  refuse(prefix: string | null): void;
  close(): Promise<void>;
}

/** Serves a build folder with the SPA fallback, and passes /api/* on to the shared e2e server. */
async function startStaticServer(dir: string): Promise<StaticServer> {
  let current = dir;
  let hits = 0;
  let refused: string | null = null;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/api/')) {
      hits += 1;
      if (refused && url.pathname.startsWith(refused)) {
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'error', code: 'unavailable', message: 'Indisponível.' }));
        return;
      }
      const upstream = http.request({ host: '127.0.0.1', port: Number(process.env.E2E_PORT), path: req.url, method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    let file = path.join(current, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(current) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(current, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serve: (d) => {
      current = d;
    },
    apiHits: () => hits,
    refuse: (prefix) => {
      refused = prefix;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const appVersion = (page: Page) => page.locator('meta[name="app-version"]').getAttribute('content');

let tmp: string;
let buildA: string;
let buildB: string;
const nextVersion = `e2e-next-${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial' });

/** The revision the service worker's precache gives `index.html`: the MD5 of its content (workbox). */
const revisionOf = (html: string) => crypto.createHash('md5').update(html).digest('hex');

test.beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ev-pwa-'));
  buildA = path.join(tmp, 'a');
  buildB = path.join(tmp, 'b');
  // Version A: the build every other test uses (made by the global setup).
  fs.cpSync(webDist, buildA, { recursive: true });
  // Version B: what a new build whose only change is its version marker serves: the same files,
  // index.html with another marker, and the service worker listing index.html with the new page's
  // revision (so the browser finds a new worker, as after a deploy). Made from A rather than by a
  // second `vite build`; the revision scheme is checked on A first, so a workbox that changes it
  // fails here instead of testing an update that could never happen.
  fs.cpSync(webDist, buildB, { recursive: true });
  const htmlA = fs.readFileSync(path.join(buildA, 'index.html'), 'utf8');
  const swA = fs.readFileSync(path.join(buildA, 'sw.js'), 'utf8');
  const entryA = `{url:"index.html",revision:"${revisionOf(htmlA)}"}`;
  if (!swA.includes(entryA)) throw new Error(`sw.js does not list index.html as ${entryA}: the precache's revision scheme changed`);
  const htmlB = htmlA.replace(/(<meta name="app-version" content=")[^"]*(")/, `$1${nextVersion}$2`);
  if (htmlB === htmlA) throw new Error('index.html has no app-version marker to change');
  fs.writeFileSync(path.join(buildB, 'index.html'), htmlB);
  fs.writeFileSync(path.join(buildB, 'sw.js'), swA.replace(entryA, `{url:"index.html",revision:"${revisionOf(htmlB)}"}`));
});

test.afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test('the built service worker keeps /api out of the navigation fallback and caches no API route', () => {
  const sw = fs.readFileSync(path.join(webDist, 'sw.js'), 'utf8');
  expect(sw).toMatch(/denylist:\s*\[\/\^\\\/api\\\/\/\]/);
  expect(sw).toMatch(/NavigationRoute/);
  // Precache only: no runtime route of any kind (so nothing under /api is ever cached).
  expect(sw).not.toMatch(/registerRoute\((?!new [\w$]+\.NavigationRoute)/);
  expect(sw).not.toContain('/api/health');
});

test('with the service worker in control, /api still reaches the server; a new version shows the prompt and "Atualizar" loads it', async ({ browser }) => {
  test.setTimeout(90_000);
  const server = await startStaticServer(buildA);
  let context: BrowserContext | undefined;
  try {
    context = await browser.newContext({ serviceWorkers: 'allow', baseURL: server.url, locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/403');
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    const versionA = await appVersion(page);
    expect(versionA).toBeTruthy();
    expect(versionA).not.toBe(nextVersion);

    // The worker installs and activates; the next load is under its control.
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      if (!reg.active) throw new Error('no active service worker');
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    // The API is never answered from the worker: each call reaches the server.
    const before = server.apiHits();
    const answers = await page.evaluate(async () => {
      const out: string[] = [];
      for (let i = 0; i < 2; i += 1) out.push(((await (await fetch('/api/health')).json()) as { status: string }).status);
      return out;
    });
    expect(answers).toEqual(['healthy', 'healthy']);
    expect(server.apiHits()).toBe(before + 2);
    // Nor is a navigation to /api given the app shell (the fallback's denylist).
    const nav = await page.goto('/api/health');
    expect(await nav?.json()).toMatchObject({ status: 'healthy' });
    expect(server.apiHits()).toBe(before + 3);
    await page.goto('/403');
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await expect(page.getByTestId('pwa-update')).toHaveCount(0);

    // Deploy version B and look for an update, as the app does on load and every hour.
    server.serve(buildB);
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg?.update();
    });
    const prompt = page.getByRole('alert').filter({ hasText: 'Nova versão disponível' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    // Until accepted, the page stays on the version it has, even across a reload (served from the
    // worker's precache), and the waiting version is offered again.
    expect(await appVersion(page)).toBe(versionA);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    expect(await appVersion(page)).toBe(versionA);
    await expect(prompt).toBeVisible({ timeout: 20_000 });

    await prompt.getByRole('button', { name: 'Atualizar' }).click();
    await expect.poll(() => appVersion(page).catch(() => null), { timeout: 20_000 }).toBe(nextVersion);
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await expect(page.getByTestId('pwa-update')).toHaveCount(0);
  } finally {
    await context?.close();
    await server.close();
  }
});

test('offline work: a signed-in page reloads without a connection, and the update prompt says the waiting items are kept, which they are', async ({ browser, world }) => {
  test.setTimeout(90_000);
  const server = await startStaticServer(buildA);
  // The queue cannot be sent in this test (the server answers 503): the item stays waiting.
  server.refuse('/api/offline/sync');
  let context: BrowserContext | undefined;
  try {
    context = await browser.newContext({ serviceWorkers: 'allow', baseURL: server.url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const { data } = await world.login(world.salesman.email);
    await seedSessionOnNextLoad(page, data);
    await page.goto('/offline');
    const heading = page.getByRole('heading', { name: 'Trabalho offline', level: 1 });
    await expect(heading).toBeVisible();
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      if (!reg.active) throw new Error('no active service worker');
    });
    // The device's database, made by the data layer once the page is idle.
    await expect.poll(() => databaseNames(page)).toContain('escritorio-virtual');

    await context.setOffline(true);
    await queueOrder(page, `e2e-pwa-${Date.now().toString(36)}`, 'Pedido de Mercado Offline', { clientId: null, items: [] });
    const indicator = page.getByTestId('offline-indicator');
    await expect(indicator).toContainText('Sem conexão');
    await expect(indicator).toHaveAccessibleName(/1 aguardando envio/);

    // A reload without a connection: the shell from the worker's precache, the session from storage,
    // the queue from IndexedDB; the failed reads of the start (who the user is) log no one out.
    await page.reload();
    await expect(heading).toBeVisible();
    await expect(indicator).toContainText('Sem conexão');
    await expect(page.getByTestId('offline-queue')).toContainText('1. Pedido de Mercado Offline');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBe(data.accessToken);

    // Online again (the send refused for now), a new version: the prompt says the item is kept.
    await context.setOffline(false);
    await expect(page.getByTestId('offline-connection')).toHaveText('Conectado');
    server.serve(buildB);
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg?.update();
    });
    const prompt = page.getByRole('alert').filter({ hasText: 'Nova versão disponível' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(prompt.getByTestId('pwa-update-queued')).toHaveText('O item aguardando envio fica guardado neste aparelho e será enviado depois da atualização.');
    await prompt.getByRole('button', { name: 'Atualizar' }).click();
    await expect.poll(() => appVersion(page).catch(() => null), { timeout: 20_000 }).toBe(nextVersion);
    await expect(page.getByTestId('offline-queue')).toContainText('1. Pedido de Mercado Offline');
    await expect(indicator).toHaveAccessibleName(/1 aguardando envio/);
  } finally {
    await context?.close();
    await server.close();
  }
});
