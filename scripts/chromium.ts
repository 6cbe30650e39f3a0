import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * How the browser tests and the benchmarks launch Chromium: Debian's `/usr/bin/chromium` (or
 * CHROMIUM_PATH), headless, without the sandbox and the GPU.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Features of the full browser that cost CPU in every new browser context and that no page of
 * ours uses: each context opens a window whose address bar preloads its suggestion popup as a
 * WebUI page in a renderer of its own (about 1 s of CPU a context on this machine, as much as half
 * of what a test's first page costs; docs/decisions.md "Test time").
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The features Playwright itself disables. Chromium keeps only the last `--disable-features` it
 * is given, so ours must repeat them: they are read from the installed Playwright, and a
 * Playwright whose launcher no longer has the list stops the run here instead of silently
 * dropping it.
 */
function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const bundle = path.join(path.dirname(require.resolve('playwright-core/package.json')), 'lib', 'coreBundle.js');
  const source = fs.readFileSync(bundle, 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(source)?.[1];
  const names = list ? [...list.matchAll(/^\s*"([A-Za-z0-9]+)",?\s*$/gm)].map((m) => m[1]!) : [];
  if (names.length === 0) throw new Error(`scripts/chromium.ts: Playwright's disabled features were not found in ${bundle}; read its launcher's switches again and update this file.`);
  return names;
}

export function chromiumArgs(): string[] {
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
    `--disable-features=${[...playwrightDisabledFeatures(), ...OUR_DISABLED_FEATURES].join(',')}`,
  ];
}
