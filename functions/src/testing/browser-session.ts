import { APP_PREFIX, StorageKeys } from '../../../web/src/lib/storage-keys';

/** What `storeSessionInPage` runs with: the login's answer and the app's storage keys. */
export interface BrowserSession {
  data: { accessToken: string; refreshToken: string; [key: string]: unknown };
  keys: { accessToken: string; refreshToken: string; userData: string; preferencePrefix: string };
  /** Store only if this tab has not stored under this name before (a flag in sessionStorage). */
  once?: string;
  /** Display preferences by name (`theme`, `layout-nav`...), replacing the stored ones. */
  preferences?: Record<string, string>;
}

/** The argument of `storeSessionInPage` for a login's answer, with the app's key names (web/src/lib/storage-keys.ts). */
export function browserSession(data: BrowserSession['data'], opts: Pick<BrowserSession, 'once' | 'preferences'> = {}): BrowserSession {
  return {
    data,
    keys: { accessToken: StorageKeys.accessToken, refreshToken: StorageKeys.refreshToken, userData: StorageKeys.userData, preferencePrefix: `${APP_PREFIX}-` },
    ...opts,
  };
}

interface PageStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Runs in the page (Playwright's and puppeteer's `evaluate`, Playwright's `addInitScript`): stores
 * a session as the app does after a login (web/src/lib/session.ts): both tokens under their keys,
 * the rest of the answer as the user data. The one definition for the browser tests and the
 * benchmarks. Its source is sent to the page, so it uses nothing from outside its body.
 */
export function storeSessionInPage({ data, keys, once, preferences }: BrowserSession): void {
  const { localStorage, sessionStorage } = globalThis as unknown as { localStorage: PageStorage; sessionStorage: PageStorage };
  if (once) {
    if (sessionStorage.getItem(once)) return;
    sessionStorage.setItem(once, '1');
  }
  const { accessToken, refreshToken, ...body } = data;
  localStorage.setItem(keys.accessToken, accessToken);
  localStorage.setItem(keys.refreshToken, refreshToken);
  localStorage.setItem(keys.userData, JSON.stringify(body));
  if (preferences) {
    const stored: string[] = [];
    for (let i = 0; i < localStorage.length; i++) stored.push(localStorage.key(i) ?? '');
    for (const key of stored) if (key.startsWith(keys.preferencePrefix)) localStorage.removeItem(key);
    for (const [key, value] of Object.entries(preferences)) localStorage.setItem(keys.preferencePrefix + key, value);
  }
}
