import { useSyncExternalStore } from 'react';
import { session } from '../session';
import { onOfflineChange } from './events';
import type { OfflineStatus } from './store';

/**
 * The offline state for React (the header's indicator, the /offline page, the update prompt): one
 * snapshot per tab, read again when the data layer writes (in any tab), when the connection comes
 * and goes. The store's module (and Dexie with it) loads only when the browser is first idle after
 * a signed-in page mounts, so the start of a page does not carry it (docs/web-session.md, "The
 * start's tasks"). Signed out, nothing is read (reading would make the database).
 */

export interface OfflineState extends OfflineStatus {
  /** False until the device's data has been read once. */
  loaded: boolean;
}

const onlineNow = () => typeof navigator === 'undefined' || navigator.onLine !== false;

let snapshot: OfflineState = { online: onlineNow(), queue: 0, review: 0, lastSync: null, lastAttempt: null, syncing: false, sending: false, loaded: false };
const listeners = new Set<() => void>();
let started = false;
let reading: Promise<void> | null = null;
let again = false;

function set(next: Partial<OfflineState>): void {
  snapshot = { ...snapshot, ...next };
  for (const l of listeners) l();
}

/** Reads the device's state again (one read at a time; a change during a read reads once more after it). */
export function refreshOfflineState(): Promise<void> {
  if (!session.isLoggedIn()) {
    // Signed out: the device holds nothing of anyone (the database was deleted with the session).
    set({ online: onlineNow(), queue: 0, review: 0, lastSync: null, lastAttempt: null, loaded: false });
    return Promise.resolve();
  }
  if (reading) {
    again = true;
    return reading;
  }
  reading = (async () => {
    do {
      again = false;
      try {
        const { offlineStatus } = await import('./store');
        set({ ...(await offlineStatus()), loaded: true });
      } catch {
        set({ online: onlineNow(), loaded: true });
      }
    } while (again);
  })().finally(() => {
    reading = null;
  });
  return reading;
}

function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const connection = () => {
    set({ online: onlineNow() });
    void refreshOfflineState();
  };
  window.addEventListener('online', connection);
  window.addEventListener('offline', connection);
  onOfflineChange(() => void refreshOfflineState());
  const first = () => void refreshOfflineState();
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(first, { timeout: 1500 });
  else window.setTimeout(first, 200);
}

function subscribe(listener: () => void): () => void {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The device's offline state: online, queue and review counts, the last sync (time, size, counts, stock's time), what is under way. */
export function useOfflineStatus(): OfflineState {
  return useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
}
