import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withFileLock } from '@ev/core/local/file-lock';
import { PRERENDERED_PAGES } from '../../../web/src/prerendered-pages';

/** What the web app is built from, under web/; the shared code too (schemas, texts, the Portuguese catalogue). */
const SOURCES = ['src', 'scripts', 'public', 'index.html', 'package.json', 'vite.config.ts', 'tsconfig.json', '../packages/shared/src'];

function newest(file: string): number {
  if (!fs.existsSync(file)) return 0;
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(file)) max = Math.max(max, newest(path.join(file, entry)));
  return max;
}

function isStale(web: string): boolean {
  // The build ends with the prerendered pages (web/scripts/prerender.ts): a build stopped before them is not done.
  const built = Math.min(newest(path.join(web, 'dist', 'index.html')), ...Object.values(PRERENDERED_PAGES).map((file) => newest(path.join(web, 'dist', file))));
  const sources = Math.max(...SOURCES.map((s) => newest(path.join(web, s))));
  return !built || sources > built;
}

/**
 * Builds the SPA when its sources are newer than its last build. Returns the folder to serve, or
 * null when the project has no web app.
 *
 * Processes of one checkout that ask at once (`npm test` builds in the background while a test
 * starts the product) build it once: the first takes a lock, the others wait for it and then find
 * the build fresh.
 */
export function buildWebIfStale(root: string): string | null {
  const web = path.join(root, 'web');
  if (!fs.existsSync(path.join(web, 'package.json'))) return null;
  const dist = path.join(web, 'dist');
  if (!isStale(web)) return dist;
  const lock = path.join(os.tmpdir(), `ev-web-build-${createHash('sha256').update(web).digest('hex').slice(0, 16)}.lock`);
  withFileLock(lock, () => {
    if (!isStale(web)) return;
    console.info('Building the web app (sources changed since the last build)…');
    // Always a production build, whatever NODE_ENV the caller runs under (Vitest sets 'test'):
    // the service worker and the bundles must be what users get.
    const res = spawnSync('npm', ['run', 'build', '--workspace', 'web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (res.status !== 0) throw new Error('The web app failed to build; see the output above.');
  });
  return dist;
}
