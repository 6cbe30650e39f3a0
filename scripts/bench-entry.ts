/**
 * The `entry` part of `npm run bench`: the order entry's recalculation per change on a draft of
 * `lines` lines (1,000 by default), in Chromium with its CPU slowed 4× (DevTools' CPU throttling), as
 * a modest phone would run it. A change is a quantity typed on one line; the time is from the input
 * event to the order's total showing the new figure (the reducer, the shared `saleTotals` over every
 * line and the render). Figures only; the goal (under 100 ms) lives in the issue.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Row } from './bench-clients';
import { pct } from './bench-stats';
import { browserSession, storeSessionInPage } from '../functions/src/testing/browser-session';
import { CHROMIUM_PATH, chromiumArgs } from './chromium';


export async function benchEntry(opts: { lines: number; changes: number; throttle: number }): Promise<{ rows: Row[]; seeded: string } | null> {
  const root = path.resolve(import.meta.dirname, '..');
  const { buildWebIfStale } = await import('../functions/src/local/web');
  const dist = buildWebIfStale(root);
  if (!dist || !fs.existsSync(CHROMIUM_PATH)) return null;
  const { makeWorld, poster, call, setCompanySetting } = await import('../functions/src/testing/world');
  const { createLocalServer, portOf } = await import('../functions/src/local/server');
  const { chromium } = await import('@playwright/test');

  // A company, ten priced and stocked products, a client, and a draft of `lines` lines cycling them.
  const world = await makeWorld('Bench pedido');
  await setCompanySetting(world, 'sales', 'blockPriceChange', false);
  const admin = (await world.login(world.admin.email)).accessToken;
  const post = poster(admin);
  const [unit, table] = await Promise.all([post('/api/units', { name: 'UN' }), post('/api/price-tables', { name: 'Varejo', isDefault: true })]);
  const products: string[] = [];
  for (let i = 0; i < 10; i++) {
    const p = await post('/api/products', { ref: `B-${i}`, name: `Produto de bancada ${i}`, unitId: unit.id });
    await call('PUT', `/api/products/${p.id}/prices/${table.id}`, { token: admin, body: { price: `${10 + i}.37` } });
    await post('/api/inventory/movements', { productId: p.id, branchId: world.branches[0]!.id, kind: 'adjustment', quantity: '100000', reason: 'Contagem' });
    products.push(p.id);
  }
  const client = await post('/api/clients', { name: 'Mercado Bancada Ltda', nickname: 'Bancada', email: 'b@bancada.com.br', document: '11.222.333/0001-81', birthDate: '1990-01-01', salesmanId: world.salesman.id });
  const login = await world.login(world.salesman.email);
  const items = Array.from({ length: opts.lines }, (_, i) => ({ productId: products[i % products.length]!, quantity: String(1 + (i % 7)), unitPrice: `${10 + (i % 10)}.37`, discountPercent: i % 3 ? null : '5' }));
  const draft = await call('POST', '/api/sales', { token: login.accessToken, body: { clientId: client.id, items } });
  if (draft.status !== 201) throw new Error(`draft: ${draft.status} ${JSON.stringify(draft.body)}`);

  const server = await createLocalServer({ port: 0, webDist: dist, hostname: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  try {
    const page = await browser.newPage({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
    await page.addInitScript(storeSessionInPage, browserSession(login.data));
    await page.goto(`http://127.0.0.1:${portOf(server)}/sales/create/${draft.body.id}`);
    await page.getByTestId('entry-line').nth(opts.lines - 1).waitFor({ timeout: 60_000 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.throttle });
    const times: number[] = [];
    for (let i = 0; i < opts.changes; i++) {
      const ms = await page.evaluate(async ({ i, lines }) => {
        const rows = document.querySelectorAll('[data-testid="entry-line"]');
        const input = rows[(i * 37) % lines]!.querySelector('input') as HTMLInputElement;
        const total = document.querySelector('[data-testid="entry-total"]')!;
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        const shown = new Promise<void>((resolve) => {
          const watch = new MutationObserver(() => {
            watch.disconnect();
            resolve();
          });
          watch.observe(total, { childList: true, subtree: true, characterData: true });
        });
        const t0 = performance.now();
        setter.call(input, String(11 + i));
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await shown;
        return performance.now() - t0;
      }, { i, lines: opts.lines });
      times.push(ms);
      await page.waitForTimeout(50);
    }
    const label = `recalculation per change, ${opts.lines} lines, CPU ${opts.throttle}× slower`;
    return {
      seeded: `a draft of ${opts.lines} lines in Chromium, ${opts.changes} quantity changes`,
      rows: [{ path: label, p50: pct(times, 50), p95: pct(times, 95), read: 'n/a (browser)' }],
    };
  } finally {
    await browser.close();
    server.close();
  }
}
