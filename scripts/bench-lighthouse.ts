import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import { browserSession, storeSessionInPage } from '../functions/src/testing/browser-session';
import { CHROMIUM_PATH } from './chromium';

/**
 * Lighthouse's mobile run (its default: a mid-range phone on a slow 4G link, simulated) of the
 * built app served by the local server exactly as `npm start` serves it (compressed, cached, with
 * the security headers), on `/login`, on `/home` and on the order entry (`/sales/create`) signed in
 * (issue 17 item 6; the order entry: issue 39 item 9): the four category
 * scores, FCP and LCP, and the bytes of JavaScript on the wire. Chromium from Debian.
 */
export interface LighthouseFigures {
  path: string;
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  fcpMs: number;
  lcpMs: number;
  /** Cumulative layout shift: what moved once drawn (0 is nothing). */
  cls: number;
  jsBytes: number;
  jsFiles: number;
}

/** The pages measured, in this order. */
export const LIGHTHOUSE_PAGES = ['/login', '/home', '/sales/create'];

/** A page measured: its path, and what a first visit of it finds stored in the browser (a session), set in a tab of the origin before each run. */
export interface LighthousePage {
  path: string;
  prepare?: (tab: PuppeteerPage) => Promise<void>;
}

/**
 * `reportsDir`: each run's report kept there; with `traces`, its trace too (the main thread's tasks
 * as Lighthouse saw them, before its simulation). `pages`: some of `LIGHTHOUSE_PAGES` only.
 */
export async function benchLighthouse(opts: { runs?: number; reportsDir?: string; traces?: boolean; pages?: string[] } = {}): Promise<LighthouseFigures[] | null> {
  const root = path.resolve(import.meta.dirname, '..');
  const { buildWebIfStale } = await import('../functions/src/local/web');
  const dist = buildWebIfStale(root);
  if (!dist || !fs.existsSync(CHROMIUM_PATH)) return null;
  const { createLocalServer, portOf } = await import('../functions/src/local/server');
  const { Provisioning } = await import('../packages/core/src/provisioning');

  const password = 'bench-lighthouse-123';
  const email = `admin@lh-${Date.now()}.test`;
  await Provisioning.provision({ company: { name: 'Distribuidora Farol Ltda', nickname: 'Farol' }, branches: [{ name: 'Matriz' }], admin: { email, password, name: 'Lia Lighthouse' } });
  const server = await createLocalServer({ port: 0, webDist: dist, hostname: '127.0.0.1' });
  const base = `http://127.0.0.1:${portOf(server)}`;
  try {
    // The session as the app keeps it, stored in the profile Lighthouse then runs in.
    const login = (await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).json()) as { data: { accessToken: string; refreshToken: string } };
    const signIn = async (tab: PuppeteerPage) => void (await tab.evaluate(storeSessionInPage, browserSession(login.data)));
    // For /login no stored session (a stored session would send /login on to /home).
    const pages = (opts.pages ?? LIGHTHOUSE_PAGES).map((p) => ({ path: p, prepare: p === '/login' ? undefined : signIn }));
    return await lighthouseMedians({ base, pages, runs: opts.runs, reportsDir: opts.reportsDir, traces: opts.traces });
  } finally {
    server.close();
  }
}

/**
 * Lighthouse's mobile run of each page `runs` times (3) against the app served at `base`, each run a
 * first visit (the HTTP cache, the service worker and the origin's storage cleared, then the page's
 * `prepare`), and the median run by performance score of each. Debian's Chromium, a profile of its own.
 */
export async function lighthouseMedians(opts: { base: string; pages: LighthousePage[]; runs?: number; reportsDir?: string; traces?: boolean }): Promise<LighthouseFigures[]> {
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const puppeteer = await import('puppeteer-core');
  const { base } = opts;
  if (opts.reportsDir) fs.mkdirSync(opts.reportsDir, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ev-lighthouse-'));
  let browser: Awaited<ReturnType<typeof puppeteer.connect>> | undefined;
  const chrome = await launch({ chromePath: CHROMIUM_PATH, userDataDir: profile, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const connected = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    browser = connected;
    /**
     * A first visit's caches (HTTP cache, service worker and its caches cleared) and storage
     * (Lighthouse keeps local storage between runs), then what the page's visitor has stored.
     */
    const firstVisit = async (page: LighthousePage) => {
      const tab = await connected.newPage();
      const cdp = await tab.createCDPSession();
      await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'all' });
      await cdp.send('Network.clearBrowserCache');
      await tab.goto(`${base}/robots.txt`);
      if (page.prepare) await page.prepare(tab);
      await tab.close();
    };

    const out: LighthouseFigures[] = [];
    for (const page of opts.pages) {
      const p = page.path;
      const runs: LighthouseFigures[] = [];
      for (let i = 0; i < (opts.runs ?? 3); i++) {
        await firstVisit(page);
        // Lighthouse's own storage reset would clear the caches only; done above instead, both ways.
        const result = await lighthouse(`${base}${p}`, { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true });
        const lhr = result!.lhr;
        // A figure of another page than the one named (a redirect) would be no figure of it.
        if (new URL(lhr.finalDisplayedUrl).pathname !== p) throw new Error(`Lighthouse on ${p} ended on ${lhr.finalDisplayedUrl}`);
        const name = `${p.slice(1).replaceAll('/', '-')}-${i + 1}`;
        if (opts.reportsDir) fs.writeFileSync(path.join(opts.reportsDir, `${name}.json`), JSON.stringify(lhr));
        if (opts.reportsDir && opts.traces) fs.writeFileSync(path.join(opts.reportsDir, `${name}.trace.json`), JSON.stringify((result as { artifacts: { Trace: unknown } }).artifacts.Trace));
        const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
        const requests = ((lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []).filter(
          (r) => r.resourceType === 'Script' || r.url.endsWith('.js'),
        );
        runs.push({
          path: p,
          scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
          fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
          jsBytes: requests.reduce((n, r) => n + (r.transferSize ?? 0), 0),
          jsFiles: requests.length,
        });
      }
      // The median run by performance score (Lighthouse's own advice for noisy runs).
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      out.push(runs[Math.floor(runs.length / 2)]!);
    }
    return out;
  } finally {
    await browser?.disconnect();
    chrome.kill();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

export function lighthouseLines(figures: LighthouseFigures[]): string[] {
  return figures.map(
    (f) =>
      `${f.path}: performance ${f.scores.performance}, accessibility ${f.scores.accessibility}, best practices ${f.scores['best-practices']}, SEO ${f.scores.seo}; ` +
      `FCP ${(f.fcpMs / 1000).toFixed(2)} s, LCP ${(f.lcpMs / 1000).toFixed(2)} s, CLS ${f.cls.toFixed(3)}; JavaScript on the wire ${(f.jsBytes / 1024).toFixed(1)} KB in ${f.jsFiles} files`,
  );
}
