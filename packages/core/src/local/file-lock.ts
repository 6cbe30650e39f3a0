import fs from 'node:fs';
import path from 'node:path';
import { processAlive } from './processes';

/**
 * One process at a time on this machine: `lock` is a file made with `wx` (one process wins) holding
 * its owner's pid. The others wait and try again; a lock whose process is gone (a run interrupted
 * by Ctrl+C or SIGKILL) is taken over at once. Used by the web app's build (`npm start` and the
 * tests may ask for it at once) and by the infrastructure tests' synthesis.
 */
export function withFileLock<T>(lock: string, fn: () => T): T {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (!take(lock)) Atomics.wait(pause, 0, 0, WAIT_MS);
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** `withFileLock` for a caller that must not block its event loop while it waits (a test worker). */
export async function withFileLockAsync<T>(lock: string, fn: () => T | Promise<T>): Promise<T> {
  while (!take(lock)) await new Promise((r) => setTimeout(r, WAIT_MS));
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

const WAIT_MS = 250;
/** A lock file still empty this long after it was made: its owner died between making and writing it. */
const EMPTY_STALE_MS = 10_000;

/** Takes the lock, or answers false when a live process holds it (a dead owner's lock is removed first). */
function take(lock: string): boolean {
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (ownerAlive(lock)) return false;
      fs.rmSync(lock, { force: true, recursive: true });
    }
  }
}

function ownerAlive(lock: string): boolean {
  let text: string;
  let made: number;
  try {
    text = fs.readFileSync(lock, 'utf8').trim();
    made = fs.statSync(lock).mtimeMs;
  } catch (e) {
    // A folder: the lock the synthesis took before this one (mkdir), left by a killed run.
    if ((e as NodeJS.ErrnoException).code === 'EISDIR') return false;
    return true; // gone in between: the next attempt takes it
  }
  // Empty: its owner has made it and not yet written its pid (or died in between, long ago).
  if (!text) return Date.now() - made < EMPTY_STALE_MS;
  const pid = Number(text);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  return processAlive(pid);
}
