import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What the web app is built from, under web/; the shared code too (schemas, texts, the Portuguese catalogue). */
const SOURCES = ['src', 'public', 'index.html', 'package.json', 'vite.config.ts', 'tsconfig.json', '../packages/shared/src'];

function newest(file: string): number {
  if (!fs.existsSync(file)) return 0;
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(file)) max = Math.max(max, newest(path.join(file, entry)));
  return max;
}

function isStale(web: string): boolean {
  const built = newest(path.join(web, 'dist', 'index.html'));
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

/**
 * Runs `fn` holding `lock`, a file with its owner's pid made with `wx` (one process wins; the
 * others wait, synchronously, as the start does). A lock whose process is gone (a build
 * interrupted by Ctrl+C) is taken over at once.
 */
export function withFileLock(lock: string, fn: () => void): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (!ownerAlive(lock)) fs.rmSync(lock, { force: true });
      else Atomics.wait(pause, 0, 0, 250);
    }
  }
  try {
    fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function ownerAlive(lock: string): boolean {
  let text: string;
  try {
    text = fs.readFileSync(lock, 'utf8').trim();
  } catch {
    return true; // gone in between: the next attempt takes it
  }
  // Empty: its owner has made it and not yet written its pid.
  if (!text) return true;
  const pid = Number(text);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
