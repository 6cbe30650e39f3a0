import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';
import { CLIENT_NAME_SLOT, FIRST_NAME_SLOT, PRERENDERED, STORE_SLOT } from '../src/prerendered-pages';

/**
 * After `vite build`, writes each prerendered page (src/prerendered-pages.ts) into the build: the
 * shell `dist/index.html` with the page's markup inside `#root`, marked `data-prerendered`, plus
 * its `.br` and `.gz` copies. The markup is the real route tree (src/prerender.tsx, built for
 * Node into `.prerender/`) as a first visit sees it: Portuguese, no session. How the app takes
 * over from it: docs/web-session.md, "The page painted before the app".
 */
const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const out = path.join(web, '.prerender');

await build({ root: web, logLevel: 'warn', build: { ssr: 'src/prerender.tsx', outDir: out, emptyOutDir: true } });

// The session module reads the browser's storage when it loads: a first visit's storage is empty.
const memory = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, String(v)),
    removeItem: (k: string) => void memory.delete(k),
    clear: () => memory.clear(),
    key: (i: number) => [...memory.keys()][i] ?? null,
    get length() {
      return memory.size;
    },
  },
});

const { renderPage } = (await import(path.join(out, 'prerender.js'))) as { renderPage: (page: string) => Promise<string> };
const ROOT = '<div id="root"></div>';
const CHARSET = '<meta charset="UTF-8" />';
const built = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
// The head script puts a store's address into the links made with STORE_SLOT: it names the same.
for (const part of [ROOT, CHARSET, `'/vendas/${STORE_SLOT}'`]) if (!built.includes(part)) throw new Error(`dist/index.html has no ${part}`);
// The page paints from its HTML and its stylesheet alone: the app's modules (the entry, then what
// it preloads) are named in <meta name="app-modules"> and fetched once the page is painted, by the
// shell's head script (web/index.html), rather than sharing a slow connection with the stylesheet.
const modules: string[] = [];
const shell = built
  .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => (modules.unshift(src), ''))
  .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => (modules.push(href), ''));
if (!modules.length || shell.includes('type="module"')) throw new Error('dist/index.html: the app\'s entry script was not found as Vite writes it');
const deferred = shell.replace(CHARSET, `${CHARSET}\n    <meta name="app-modules" content="${modules.join(' ')}" />`);

for (const [page, { file, kind, needs = [] }] of Object.entries(PRERENDERED)) {
  const markup = (await renderPage(page)).replaceAll(FIRST_NAME_SLOT, '<span data-shell-slot="first-name"></span>').replaceAll(CLIENT_NAME_SLOT, '<span data-shell-slot="client-name"></span>');
  if (markup.includes('%%')) throw new Error(`${page}: a slot of the markup was not replaced`);
  // Which visit the markup is for, read by the shell's head script before anything is painted.
  const html = deferred
    .replace(CHARSET, `${CHARSET}\n    <meta name="prerendered" content="${[kind, ...needs].join(' ')}" />`)
    .replace(ROOT, `<div id="root" data-prerendered="${kind}">${markup}</div>`);
  const target = path.join(dist, file);
  fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${target}.gz`, zlib.gzipSync(html, { level: 9 }));
  // The page itself last: the build counts as done once it exists (functions/src/local/web.ts).
  fs.writeFileSync(target, html);
  console.info(`prerendered ${page} → dist/${file} (${(Buffer.byteLength(html) / 1024).toFixed(1)} kB)`);
}
// The router and the query cache leave timers behind; the pages are written.
process.exit(0);
