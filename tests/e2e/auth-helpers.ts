import path from 'node:path';
import type { Page } from '@playwright/test';
import { readOutbox } from '../../packages/core/src/ports/email';
import { browserSession, storeSessionInPage } from '../../functions/src/testing/browser-session';
import { call, PASSWORD, type World } from '../../functions/src/testing/world';

/** A session as the API answers it (the fields the helpers touch). */
export interface SessionAnswer {
  accessToken: string;
  refreshToken: string;
  user: { id: string; email: string };
  [key: string]: unknown;
}

/**
 * The same token with another signature: still token-shaped (so the app counts it as a session)
 * but refused by the API with a 401. The first signature characters change (each carries 6 bits;
 * the last one partly carries padding bits, so changing it alone might change nothing).
 */
export function tamper(token: string): string {
  const [header, payload, signature = ''] = token.split('.');
  const start = signature.startsWith('AAAA') ? 'BBBB' : 'AAAA';
  return `${header}.${payload}.${start}${signature.slice(4)}`;
}

/** Stores a session in the browser as the app does after login, without opening any app page yet. */
export async function storeSession(page: Page, data: SessionAnswer): Promise<void> {
  await page.goto('/403');
  await page.evaluate(storeSessionInPage, browserSession(data));
}

let seeded = 0;

/**
 * Stores a session as `storeSession` does, but on the page's next load, before the app's scripts
 * run. Each call writes once per tab (a flag in sessionStorage), so later reloads keep whatever
 * the app did with the session since. `preferences` (the customizer's, by name: `theme`,
 * `layout-nav` ...) replace the stored ones on that same load, as a user's earlier visit would
 * have left them.
 */
export async function seedSessionOnNextLoad(page: Page, data: SessionAnswer, preferences?: Record<string, string>): Promise<void> {
  await page.addInitScript(storeSessionInPage, browserSession(data, { once: `e2e-session-seeded-${++seeded}`, preferences }));
}

/** The browser's stored session keys, as the app keeps them. */
export function storedKeys(page: Page) {
  return page.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
    userData: localStorage.getItem('userData'),
  }));
}

/** The names of the IndexedDB databases of the page's origin. */
export function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // Runs in the page (the test project has no DOM types).
    const idb = (globalThis as unknown as { indexedDB: { databases(): Promise<{ name?: string }[]> } }).indexedDB;
    return (await idb.databases()).map((d) => d.name ?? '');
  });
}

let seq = 0;

/**
 * A user of its own for a test that changes its password or deactivates it, so the world's users
 * stay as they are for the other tests of the worker. Made by the world's administrator.
 */
export async function createUser(world: World, label: string): Promise<{ id: string; email: string; name: string }> {
  const { accessToken } = await world.login(world.admin.email);
  const email = `${label}-${Date.now().toString(36)}-${++seq}@${world.domain}`;
  const name = `Usuária ${label}`;
  const res = await call('POST', '/api/users', {
    token: accessToken,
    body: { email, name, password: PASSWORD, profileId: world.profiles.salesman.id, branchIds: world.branches.map((b) => b.id), salesman: true },
  });
  if (res.status !== 201) throw new Error(`create user failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id as string, email, name };
}

/** Deactivates a user as the world's administrator (its sessions end). */
export async function deactivateUser(world: World, id: string): Promise<void> {
  const { accessToken } = await world.login(world.admin.email);
  const res = await call('DELETE', `/api/users/${id}`, { token: accessToken });
  if (res.status !== 200) throw new Error(`deactivate failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * The temporary password e-mailed to `email`. The server that sent it runs in the global setup's
 * process (its queue, its DATA_DIR, inherited here), so the outbox is polled until it arrives.
 */
export async function temporaryPasswordFor(email: string, timeoutMs = 10_000): Promise<string> {
  const dir = path.join(process.env.DATA_DIR ?? '', 'outbox');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await readOutbox(dir)).filter((m) => m.to === email).at(-1);
    const match = mail?.text.match(/Sua senha temporária é: (\S+)/);
    if (match?.[1]) return match[1];
    if (Date.now() > until) throw new Error(`no temporary password e-mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
