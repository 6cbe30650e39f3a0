/**
 * The store part of `npm run bench` (issue 44, docs/store.md "Figures"): a company of 20,000
 * products (the products part's seed, one branch) with its store on and one client with access,
 * then, through the local HTTP server (the one `npm start` runs), the public catalogue's first page,
 * a search by a word that some hundreds of products share and one by a reference, and the client's
 * prices for a page of 30; then Lighthouse's mobile run of the store's login and of its catalogue
 * signed in ("Nova compra"), the built app served as `npm start` serves it. Figures only; the
 * targets live in the issue.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Row } from './bench-clients';
import { dynamoMeter } from './bench-http';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { lighthouseMedians, type LighthouseFigures } from './bench-lighthouse';
import { BRANDS, KINDS, seedCatalogue } from './bench-products';
import { benchServer } from './bench-setup';
import { pct } from './bench-stats';
import { CHROMIUM_PATH } from './chromium';
import { StorageKeys } from '../web/src/lib/storage-keys';

/** A word of each product's name, one of 40 in turn: each is shared by one product in 40 (500 of 20,000). */
const VARIANTS = [
  'Tradicional', 'Integral', 'Light', 'Zero', 'Diet', 'Premium', 'Especial', 'Caseiro', 'Orgânico', 'Natural',
  'Clássico', 'Suave', 'Forte', 'Intenso', 'Gourmet', 'Artesanal', 'Familiar', 'Econômico', 'Mini', 'Grande',
  'Cremoso', 'Crocante', 'Picante', 'Defumado', 'Temperado', 'Fino', 'Grosso', 'Puro', 'Leve', 'Rústico',
  'Colonial', 'Nobre', 'Dourado', 'Branco', 'Preto', 'Vermelho', 'Lilás', 'Amarelo', 'Azul', 'Roxo',
];
/** The word searched: no other word of the names begins with it. */
const WORD = 'integral';
const SLUG = 'loja-bench';
const PASSWORD = 'senha-da-loja-bench';

const nameOf = (n: number) => `${KINDS[n % KINDS.length]} ${VARIANTS[n % VARIANTS.length]} ${BRANDS[Math.floor(n / KINDS.length) % BRANDS.length]} ${n}`;

export async function benchStore(opts: { products: number; rounds: number; lighthouseRuns: number; reportsDir?: string }): Promise<{ rows: Row[]; seeded: string; lighthouse: LighthouseFigures[] | null }> {
  await import('../packages/core/src/wiring/worker');
  const meter = await dynamoMeter();
  const { salesmen, seconds } = await seedCatalogue({ name: 'Loja Bench', domain: 'loja', branches: ['Matriz'], products: opts.products, salesmen: 1, nameOf });

  const { server, base, login } = await benchServer();
  try {
    const admin = await login('admin@loja.bench');
    const call = async <T>(method: string, url: string, body?: unknown, token = admin): Promise<T> => {
      const res = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
      const answer = (await res.json()) as T;
      if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(answer)}`);
      return answer;
    };
    // The store on, showing the whole catalogue, through the company's own settings call.
    const company = await call<{ settings: { further: Record<string, unknown> } } & Record<string, unknown>>('GET', '/api/company');
    const { name, nickname, document, observations, taxRegime, settings, version } = company;
    await call('PUT', '/api/company', {
      name, nickname, document, observations, taxRegime, version,
      settings: { ...settings, further: { ...settings.further, selfCheckout: true, storeSlug: SLUG, virtualStoreProductLimit: opts.products } },
    });
    // One client of the salesman, with the store's access the staff give it.
    const email = 'compras@mercado-loja.bench';
    const client = await call<{ id: string }>('POST', '/api/clients', { name: 'Mercado Loja Bench Ltda', nickname: 'Loja Bench', email, document: '11.222.333/0001-81', birthDate: '1990-05-05', salesmanId: salesmen[0]!.id });
    await call('PUT', `/api/clients/${client.id}/store-access`, { password: PASSWORD, confirmation: PASSWORD });
    const session = await call<{ token: string; expiresAt: string }>('POST', `/api/store/${SLUG}/login`, { email, password: PASSWORD }, '');

    const rows: Row[] = [];
    const measure = async (label: string, method: 'GET' | 'POST', url: string, token: string, body?: unknown) => {
      const send = () => fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
      // A few requests first, not measured: the first row would otherwise carry the JIT's warm-up.
      for (let i = 0; i < 5; i++) await (await send()).arrayBuffer();
      const times: number[] = [];
      let count = 0;
      let more = false;
      const m = meter.mark();
      for (let i = 0; i < opts.rounds; i++) {
        const s = performance.now();
        const r = await send();
        const answer = (await r.json()) as { items?: unknown[]; nextCursor?: string | null };
        times.push(performance.now() - s);
        if (r.status !== 200) throw new Error(`${method} ${url} answered ${r.status}: ${JSON.stringify(answer)}`);
        count = answer.items?.length ?? 0;
        more = Boolean(answer.nextCursor);
      }
      rows.push({ path: `${label} (${method} ${url})`, p50: pct(times, 50), p95: pct(times, 95), read: `returned ${count}${more ? ' + cursor' : ''}; per request ${meter.since(m, opts.rounds)}` });
    };
    const shared = Array.from({ length: opts.products }, (_, n) => n).filter((n) => n % 20 !== 0 && nameOf(n).toLowerCase().split(' ').includes(WORD)).length;
    const ref = `P${String(Math.floor(opts.products / 2) + 1).padStart(6, '0')}`;
    await measure('catalogue, first page (public, no session)', 'GET', `/api/store/${SLUG}/products?limit=30`, '');
    await measure(`catalogue, a word ${shared} active products share`, 'GET', `/api/store/${SLUG}/products?q=${WORD}&limit=30`, '');
    await measure('catalogue, a reference', 'GET', `/api/store/${SLUG}/products?q=${ref}&limit=30`, '');
    const first = await call<{ items: { id: string }[] }>('GET', `/api/store/${SLUG}/products?limit=30`, undefined, '');
    await measure('the client\'s prices and stock, the first page\'s 30 products', 'POST', `/api/store/${SLUG}/prices`, session.token, { productIds: first.items.map((x) => x.id) });

    const lighthouse = await storeLighthouse(opts, session);
    return { rows, lighthouse, seeded: `Seeded ${opts.products} products in one company, their prices and a balance in its branch (with its movement) in ${seconds.toFixed(0)} s; the store on, one client with access` };
  } finally {
    server.close();
  }
}

/**
 * Lighthouse on the store's login (no stored session) and on its catalogue signed in: the store's
 * session stored as the login page stores it (its own key, web/src/lib/storage-keys.ts).
 */
async function storeLighthouse(opts: { lighthouseRuns: number; reportsDir?: string }, session: unknown): Promise<LighthouseFigures[] | null> {
  if (opts.lighthouseRuns <= 0) return null;
  const root = path.resolve(import.meta.dirname, '..');
  const { buildWebIfStale } = await import('../functions/src/local/web');
  const dist = buildWebIfStale(root);
  if (!dist || !fs.existsSync(CHROMIUM_PATH)) return null;
  const { createLocalServer, portOf } = await import('../functions/src/local/server');
  const server = await createLocalServer({ port: 0, webDist: dist, hostname: '127.0.0.1' });
  try {
    const key = StorageKeys.storeSession(SLUG);
    const value = JSON.stringify(session);
    const signIn = async (tab: PuppeteerPage) => void (await tab.evaluate((k, v) => localStorage.setItem(k, v), key, value));
    return await lighthouseMedians({
      base: `http://127.0.0.1:${portOf(server)}`,
      pages: [{ path: `/vendas/${SLUG}` }, { path: `/vendas/${SLUG}/sales/create`, prepare: signIn }],
      runs: opts.lighthouseRuns,
      reportsDir: opts.reportsDir,
    });
  } finally {
    server.close();
  }
}
