import type { StoreSession } from '@ev/shared/schemas/store';
import { useSyncExternalStore } from 'react';
import { StorageKeys } from '@/lib/storage-keys';

/**
 * A store client's session (docs/store.md "Accounts"): the token the store's routes take, one per
 * store's address, apart from the company's session (lib/session.ts) in every way: its own key in
 * this browser's storage, never read by a staff call, and no refresh (it lasts 12 hours; a 401
 * ends it and shows the login again).
 */
const listeners = new Set<() => void>();
const cache = new Map<string, StoreSession | null>();

function read(slug: string): StoreSession | null {
  try {
    const raw = localStorage.getItem(StorageKeys.storeSession(slug));
    const parsed = raw ? (JSON.parse(raw) as StoreSession) : null;
    return parsed && typeof parsed.token === 'string' && parsed.client && Date.parse(`${parsed.expiresAt}Z`) > Date.now() ? parsed : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const l of listeners) l();
}

export const storeSession = {
  get(slug: string): StoreSession | null {
    if (!cache.has(slug)) cache.set(slug, typeof localStorage === 'undefined' ? null : read(slug));
    return cache.get(slug) ?? null;
  },
  start(slug: string, session: StoreSession): void {
    try {
      localStorage.setItem(StorageKeys.storeSession(slug), JSON.stringify(session));
    } catch {
      // No storage (a private window): the session lasts this page.
    }
    cache.set(slug, session);
    emit();
  },
  end(slug: string): void {
    try {
      localStorage.removeItem(StorageKeys.storeSession(slug));
    } catch {
      // nothing kept
    }
    cache.set(slug, null);
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useStoreSession(slug: string): StoreSession | null {
  // The same read on the server: the markup prerendered when the app is built (src/prerender.tsx)
  // draws a store's signed-in page with the session it stored for that render.
  const get = () => storeSession.get(slug);
  return useSyncExternalStore(storeSession.subscribe, get, get);
}
