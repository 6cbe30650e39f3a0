/**
 * The `offline-search` part of `npm run bench`: the device's search of its portfolio (issue 45,
 * docs/offline.md "The device's data layer"), `searchIndex` over `clientIndex` of `clients` clients
 * (2,000 by default: the portfolio's limit), run in Chromium with its CPU slowed `throttle` times
 * (DevTools' throttling, 4×: a modest phone). The data layer's own module (web/src/lib/offline/
 * search.ts), bundled as it is, in a blank page: what a keystroke of the search costs once the
 * index is built (built once per sync, its time reported too), without the screen that shows it.
 * Figures only; the goal (≤ 50 ms) lives in the issue.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Row } from './bench-clients';
import { pct } from './bench-stats';
import { CHROMIUM_PATH, chromiumArgs } from './chromium';

const FIRST = ['Mercado', 'Supermercado', 'Padaria', 'Açougue', 'Farmácia', 'Mercearia', 'Distribuidora', 'Empório', 'Quitanda', 'Armazém', 'Loja', 'Bar'];
const NAMES = ['São José', 'Boa Vista', 'Bom Preço', 'Pão Quente', 'Boi Gordo', 'Santa Luzia', 'Nossa Senhora', 'Três Irmãos', 'União', 'Estrela', 'Primavera', 'Conceição', 'João Paulo', 'Alvorada', 'Avenida', 'Central'];
const CITIES = ['Bauru', 'Marília', 'São Paulo', 'Jaú', 'Botucatu', 'Lençóis Paulista', 'Agudos', 'Pederneiras', 'Piratininga', 'Avaí', 'Garça', 'Assis'];

/** A CPU's digits (with valid check digits not needed: the search reads digits only). */
const cpf = (n: number) => {
  const d = String(10_000_000_000 + n * 7919).slice(-11);
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
};

function clientsOf(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `c${i}`,
    name: `${FIRST[i % FIRST.length]} ${NAMES[(i * 7) % NAMES.length]} ${i}`,
    nickname: i % 3 ? `${NAMES[(i * 5) % NAMES.length]!.split(' ')[0]} ${i % 97}` : null,
    document: i % 10 ? cpf(i) : null,
    addresses: [{ city: CITIES[i % CITIES.length] }, ...(i % 4 ? [] : [{ city: CITIES[(i * 3) % CITIES.length] }])],
  }));
}

/** What a salesperson types: words of a name (with and without accents), a city, a nickname, a document's first digits; each a keystroke's text. */
const QUERIES = ['m', 'me', 'mer', 'merc', 'mercado', 'mercado sao', 'mercado são jo', 'acougue', 'açougue boi', 'padaria pao', 'lencois', 'marília', 'joao', 'tres irmaos 1', '123', '100.007', '10000791', 'zz', 'bar central', 'distribuidora uniao'];

export async function benchOfflineSearch(opts: { clients: number; throttle: number; rounds: number }): Promise<{ rows: Row[]; seeded: string } | null> {
  if (!fs.existsSync(CHROMIUM_PATH)) return null;
  const root = path.resolve(import.meta.dirname, '..');
  const { build } = await import('esbuild');
  const bundle = await build({ entryPoints: [path.join(root, 'web/src/lib/offline/search.ts')], bundle: true, write: false, format: 'iife', globalName: 'EvSearch', target: 'es2022', absWorkingDir: root });
  const code = bundle.outputFiles[0]!.text;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: code });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.throttle });
    const out = await page.evaluate(
      ({ clients, queries, rounds }) => {
        // Runs in the page (the scripts' project has no DOM types).
        const g = globalThis as unknown as { EvSearch: { clientIndex(c: unknown[]): unknown; searchIndex(i: unknown, q: string, limit: number): unknown[] }; performance: { now(): number } };
        const { clientIndex, searchIndex } = g.EvSearch;
        const t0 = g.performance.now();
        const index = clientIndex(clients);
        const built = g.performance.now() - t0;
        const times: number[] = [];
        let found = 0;
        for (let r = 0; r < rounds; r++) {
          for (const q of queries) {
            const t = g.performance.now();
            found += searchIndex(index, q, 20).length;
            times.push(g.performance.now() - t);
          }
        }
        return { built, times, found };
      },
      { clients: clientsOf(opts.clients), queries: QUERIES, rounds: opts.rounds },
    );
    const label = (what: string) => `${what}, ${opts.clients} clients, CPU ${opts.throttle}× slower`;
    return {
      seeded: `${opts.clients} synthetic clients (name, nickname, document, one or two cities) in Chromium; ${QUERIES.length} texts typed × ${opts.rounds} rounds, 20 results at most`,
      rows: [
        { path: label('a search (one keystroke)'), p50: pct(out.times, 50), p95: pct(out.times, 95), read: 'n/a (browser)' },
        { path: label('the index, built once per sync'), p50: out.built, p95: out.built, read: 'n/a (browser)' },
      ],
    };
  } finally {
    await browser.close();
  }
}
