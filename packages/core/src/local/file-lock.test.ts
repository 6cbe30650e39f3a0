import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withFileLock, withFileLockAsync } from './file-lock';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ev-lock-'));
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

describe('the file lock (the web build, the infrastructure synthesis)', () => {
  it('waits while another live process holds it, then runs once it is released', async () => {
    const lock = path.join(dir, 'held.lock');
    // Another process takes the lock and lets it go 600 ms later.
    const holder = spawn(process.execPath, ['-e', `
      const fs = require('fs');
      fs.writeFileSync(${JSON.stringify(lock)}, String(process.pid), { flag: 'wx' });
      process.stdout.write('held');
      setTimeout(() => { fs.rmSync(${JSON.stringify(lock)}); process.stdout.write(' released'); }, 600);
      setTimeout(() => {}, 5000);
    `]);
    children.push(holder);
    let said = '';
    holder.stdout!.on('data', (d) => (said += d));
    await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));

    let ranWhile = '';
    withFileLock(lock, () => {
      ranWhile = fs.readFileSync(lock, 'utf8');
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(said).toBe('held released');
    // It ran holding the lock itself, and let it go.
    expect(ranWhile).toBe(String(process.pid));
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('takes over a lock left by a process that is gone, and lets it go when its work throws', () => {
    const lock = path.join(dir, 'left.lock');
    // A process that has ended and been reaped: its pid is free.
    const { pid } = spawnSync(process.execPath, ['-e', '']);
    fs.writeFileSync(lock, String(pid));
    expect(() =>
      withFileLock(lock, () => {
        throw new Error('the build failed');
      }),
    ).toThrow('the build failed');
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('waits without blocking its caller (the async form), and answers what its work returns', async () => {
    const lock = path.join(dir, 'async.lock');
    const holder = spawn(process.execPath, ['-e', `
      require('fs').writeFileSync(${JSON.stringify(lock)}, String(process.pid), { flag: 'wx' });
      process.stdout.write('held');
      setTimeout(() => require('fs').rmSync(${JSON.stringify(lock)}), 600);
      setTimeout(() => {}, 5000);
    `]);
    children.push(holder);
    await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
    // The caller's timers keep running while it waits: it is not blocked.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    const answer = await withFileLockAsync(lock, async () => fs.readFileSync(lock, 'utf8'));
    clearInterval(timer);
    expect(answer).toBe(String(process.pid));
    expect(ticks).toBeGreaterThan(5);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('takes over a folder left at the lock path by the older lock (mkdir) of a killed run', async () => {
    const lock = path.join(dir, 'folder.lock');
    fs.mkdirSync(lock);
    expect(await withFileLockAsync(lock, () => 'ran')).toBe('ran');
    expect(fs.existsSync(lock)).toBe(false);
  });
});
