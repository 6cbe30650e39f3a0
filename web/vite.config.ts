import { execFileSync } from 'node:child_process';
import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };

// The version marker (<meta name="app-version"> in index.html, import.meta.env.VITE_APP_VERSION):
// the package version unless the build sets VITE_APP_VERSION.
process.env.VITE_APP_VERSION ||= pkg.version;

/**
 * The registries' declarations (packages/shared/src/registries) import `../banks`, whose bank list
 * is a 380 kB JSON. In the web those imports resolve to `src/lib/banks-lazy.ts` (same functions, the
 * list loaded on demand), so only a page with a bank-code field downloads it.
 */
function lazyBanks(): Plugin {
  const shared = path.resolve(import.meta.dirname, '../packages/shared/src');
  return {
    name: 'ev-lazy-banks',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/^\.\.?\/(\.\.\/)?banks(\.ts)?$/.test(source)) return null;
      const target = path.resolve(path.dirname(importer.split('?')[0]!), source).replace(/\.ts$/, '');
      if (target !== path.join(shared, 'banks') || importer.split('?')[0] === path.resolve(import.meta.dirname, 'src/lib/banks-lazy.ts')) return null;
      return path.resolve(import.meta.dirname, 'src/lib/banks-lazy.ts');
    },
  };
}

/**
 * The Portuguese `messages` namespace (the API's and the schemas' texts, whose source is the shared
 * code: docs/texts.md) as plain data, made when the app is built. Made in the browser, it imported
 * every module's schemas and every registry's declaration for their texts: a tenth of a first
 * load's script time spent building zod schemas the page never used. The catalogue is read by a
 * Node process (the shared code imports a JSON this config's bundler does not read); in `vite`
 * (dev) a change to a shared file makes it again.
 */
function portugueseMessages(): Plugin {
  const id = 'virtual:pt-messages';
  const shared = path.resolve(import.meta.dirname, '../packages/shared/src');
  const script = `import('${path.join(shared, 'catalogue.ts')}').then((m) => process.stdout.write(JSON.stringify(m.nested(m.portugueseTexts()))))`;
  return {
    name: 'ev-pt-messages',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      for (const file of fs.readdirSync(shared, { recursive: true, encoding: 'utf8' })) if (file.endsWith('.ts')) this.addWatchFile(path.join(shared, file));
      const json = execFileSync(process.execPath, ['--import', 'tsx', '--eval', script], { cwd: import.meta.dirname, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
      // As a string parsed at run time: V8 parses JSON faster than it compiles the same object literal (about 70 KB).
      return `export default JSON.parse(${JSON.stringify(json)});`;
    },
  };
}

/**
 * In the prerender's build (for Node: src/prerender.tsx) the service worker's hook, which the PWA
 * plugin provides in the browser's build, answers "no update": the update prompt renders nothing.
 */
function prerenderStubs(): Plugin {
  const id = 'virtual:pwa-register/react';
  const stub = 'export function useRegisterSW() { return { needRefresh: [false, () => {}], offlineReady: [false, () => {}], updateServiceWorker: async () => {} }; }';
  return {
    name: 'ev-prerender-stubs',
    enforce: 'pre',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (resolved) => (resolved === `\0${id}` ? stub : null),
  };
}

/** Libraries only some pages load: charts, maps, the offline database, the service worker's window side, the bank list. */
const LAZY_LIBRARIES = /node_modules[\\/](echarts|zrender|tslib|maplibre-gl|dexie|workbox-window|bancos-brasileiros)[\\/]/;

/**
 * Libraries only the signed-in screens use (forms, dialogs and menus, tables, decimals), in
 * a second shared file: the login page, most visits' first, neither downloads nor evaluates them.
 * Radix's Slot (the button), Label (the fields) and what they import are in every page.
 */
const APP_LIBRARIES = /node_modules[\\/](react-hook-form|@hookform|@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|aria-hidden|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|@tanstack[\\/](react-table|table-core)|decimal\.js|cpf-cnpj-validator)[\\/]/;
/**
 * Of those, the form library and the table library, each in a file of its own: a page without a
 * form of react-hook-form (the order entry) or without a list (a record's form) does not load them.
 */
const FORM_LIBRARIES = /node_modules[\\/](react-hook-form|@hookform)[\\/]/;
const TABLE_LIBRARIES = /node_modules[\\/]@tanstack[\\/](react-table|table-core)[\\/]/;
const FIRST_PAINT_PARTS = /node_modules[\\/]@radix-ui[\\/](react-slot|react-compose-refs|react-label|react-primitive)[\\/]/;

/**
 * Each text file of the build (JavaScript, CSS, HTML, SVG, JSON, the manifest) over 1 KB is also
 * written brotli- and gzip-compressed beside it (`.br`, `.gz`): `npm start` sends them to a
 * browser that accepts them, as CloudFront compresses on AWS (about a second of the build). The
 * deploy uploads the plain files only (infra/publish-web.ts).
 */
function precompress(): Plugin {
  const TEXT = /\.(js|css|html|svg|json|webmanifest|txt)$/;
  let outDir = '';
  return {
    name: 'ev-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const rel of fs.readdirSync(outDir, { recursive: true }) as string[]) {
        const file = path.join(outDir, rel);
        if (!TEXT.test(file) || !fs.statSync(file).isFile()) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}


/**
 * The signed-in shell's first load in two files instead of about forty. Left to the bundler, each
 * app module shared by two pages became a chunk of its own: the order entry fetched 66 files, 40
 * of them of 1 to 2 KB, each one a `modulepreload` link, a request and a module to instantiate on
 * the main thread (with the network instrumented, as Lighthouse has it, 15 to 45 ms at 1× for the
 * route's files). Now, of what the signed-in layout (`_app`) and the order entry import statically,
 * leaving out what the app's entry imports (the login page's first load) and the libraries (the
 * `vendor` files):
 * - `shell`: what no page outside the signed-in layout (login, the store, the admin area) imports:
 *   the layout's whole closure, and the entry's shared modules (components, lib, the features' API
 *   modules, packages/shared); the entry's own page stays in its chunk, shared with the edit;
 * - `app-common`: the shared modules the login or admin pages import too, except the store's: the
 *   admin area loads it whole, the store (its own first loads, measured apart) never.
 * Every signed-in page loads both. The sets are made once the module graph is known (`buildEnd`),
 * before the chunks are (the groups' `test`). A page outside the layout never imports `shell`, so
 * no chunk imports back into it (no cycle between chunks).
 */
const SHELL_LAYOUT = /[\\/]src[\\/]routes[\\/]_app\.tsx\?tsr-split=component$/;
const SHELL_PAGE = /[\\/]src[\\/]routes[\\/]_app[\\/]sales[\\/]create\.\{-\$id\}\.tsx\?tsr-split=component$/;
const SHELL_SHARED = /[\\/](web[\\/]src[\\/](components|lib|features[\\/][^\\/]+[\\/]api)|packages[\\/]shared[\\/]src)[\\/]/;
const OUTSIDE_SHELL = /[\\/]src[\\/]routes[\\/](?!_app[\\/.])/;
const STORE_PAGE = /[\\/]src[\\/]routes[\\/]vendas\./;
const shellModules = new Set<string>();
const commonModules = new Set<string>();
function signedInShell(): Plugin {
  return {
    name: 'ev-signed-in-shell',
    apply: 'build',
    buildEnd() {
      shellModules.clear();
      commonModules.clear();
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          for (const dep of this.getModuleInfo(id)?.importedIds ?? []) stack.push(dep);
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const entry = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      // The modules loaded on their own (a page's code, a lazy part), of which the pages outside the signed-in layout and the store's.
      const lazy = [...new Set(ids.flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []))];
      const outside = closure(lazy.filter((id) => OUTSIDE_SHELL.test(id)));
      const store = closure(lazy.filter((id) => STORE_PAGE.test(id)));
      const layout = closure(ids.filter((id) => SHELL_LAYOUT.test(id)));
      for (const id of closure(ids.filter((id) => SHELL_LAYOUT.test(id) || SHELL_PAGE.test(id)))) {
        if (entry.has(id) || /node_modules/.test(id) || (!layout.has(id) && !SHELL_SHARED.test(id))) continue;
        if (!outside.has(id)) shellModules.add(id);
        else if (!store.has(id)) commonModules.add(id);
      }
      // A renamed route file would leave the groups empty and the first loads split again, unnoticed.
      if (!shellModules.size || !commonModules.size) this.error('ev-signed-in-shell: the signed-in layout or the order entry route was not found (vite.config.ts, SHELL_LAYOUT, SHELL_PAGE)');
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  // The catalogues (locales/*/*.json, the bank list) as `JSON.parse('…')`, not object literals with a variable per key:
  // the browser parses JSON faster than it compiles script (each first load evaluates five to ten of them).
  json: { stringify: true },
  plugins: [
    lazyBanks(),
    !isSsrBuild && signedInShell(),
    portugueseMessages(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/route-tree.gen.ts' }),
    react(),
    tailwindcss(),
    // The prerender's build (scripts/prerender.ts) runs in Node: no service worker, nothing to compress.
    isSsrBuild && prerenderStubs(),
    !isSsrBuild &&
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        includeAssets: ['favicon.svg', 'icons/*.png'],
        manifest: {
          name: 'Escritório Virtual',
          short_name: 'Escritório',
          description: 'O back office de vendas e distribuição.',
          lang: 'pt-BR',
          start_url: '/home',
          scope: '/',
          display: 'standalone',
          background_color: '#ffffff',
          theme_color: '#15803d',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          // The API is never cached: every /api call goes to the network.
          navigateFallback: '/index.html',
          navigateFallbackDenylist: [/^\/api\//],
          globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
          runtimeCaching: [],
          cleanupOutdatedCaches: true,
        },
      }),
    !isSsrBuild && precompress(),
  ],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // MapLibre's chunk (about 1.1 MB, 300 kB gzipped) is loaded only when a map dialog opens: the
  // warning stays for anything else that grows past it.
  build: {
    target: 'es2022',
    sourcemap: false,
    copyPublicDir: !isSsrBuild,
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      output: {
        // The libraries every page uses in one file, not a hundred small ones (React, the router,
        // Radix, i18next, zod, the icons...): a first load fetched 112 files in four waves. The
        // heavy ones that only some pages use stay apart, loaded with those pages.
        codeSplitting: {
          groups: [
            // First what every page uses (with what it imports: React...), then what is left of the signed-in screens' libraries.
            { name: 'vendor', priority: 2, test: (id: string) => /node_modules/.test(id) && !LAZY_LIBRARIES.test(id) && (!APP_LIBRARIES.test(id) || FIRST_PAINT_PARTS.test(id)) },
            { name: 'vendor-forms', priority: 1, test: (id: string) => FORM_LIBRARIES.test(id) },
            { name: 'vendor-table', priority: 1, test: (id: string) => TABLE_LIBRARIES.test(id) },
            { name: 'vendor-app', priority: 0, test: (id: string) => APP_LIBRARIES.test(id) },
            // The signed-in shell's app modules (signedInShell above); what they import stays where it was (`vendor`, the entry's chunk, the pages' shared chunks).
            { name: 'shell', priority: 0, includeDependenciesRecursively: false, test: (id: string) => shellModules.has(id) },
            { name: 'app-common', priority: 0, includeDependenciesRecursively: false, test: (id: string) => commonModules.has(id) },
          ],
        },
      },
    },
  },
}));
