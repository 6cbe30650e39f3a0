import { useSyncExternalStore } from 'react';
import { session } from '../session';
import { OFFLINE_STATUS_KEY } from '../storage-keys';
import { onOfflineChange } from './events';
import type { OfflineStatus } from './store';

/**
 * The offline state for React (the header's indicator, the /offline page, the update prompt): one
 * snapshot per tab, read again when the data layer writes (in any tab), when the connection comes
 * and goes. A page starts from the counts the data layer mirrored in localStorage at its last read;
 * the store's module (and Dexie with it) loads ten seconds after the page is idle, or at once when
 * it starts offline or the data changes, so the start of a page does not carry it (docs/web-session.md,
 * "The start's tasks"). Signed out, nothing is read (reading would make the database).
 */

export interface OfflineState extends OfflineStatus {
  /** False until the device's data has been read once. */
  loaded: boolean;
}

const onlineNow = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The counts and the last sync the data layer mirrored at its last read (store.ts): a page's start shows them without loading Dexie. */
function mirrored(): Pick<OfflineState, 'queue' | 'review' | 'lastSync' | 'lastAttempt'> {
  try {
    const kept = session.isLoggedIn() ? (JSON.parse(localStorage.getItem(OFFLINE_STATUS_KEY) ?? 'null') as Partial<OfflineState> | null) : null;
    return { queue: kept?.queue ?? 0, review: kept?.review ?? 0, lastSync: kept?.lastSync ?? null, lastAttempt: kept?.lastAttempt ?? null };
  } catch {
    return { queue: 0, review: 0, lastSync: null, lastAttempt: null };
  }
}

/** How many items the device's queue held at the data layer's last read (its localStorage mirror: no Dexie). */
export function queuedOnDevice(): number {
  return mirrored().queue;
}

/** The device read at a page's start, this long after it is idle, unless a change or the connection's going asks sooner: the page's own start first. */
const FIRST_READ_MS = 10 * 1000;

let snapshot: OfflineState = { online: onlineNow(), ...mirrored(), syncing: false, sending: false, loaded: false };
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
  // Offline at the start, the device is what the page shows: read at once; else from the mirror until later.
  const first = () => void refreshOfflineState();
  if (!onlineNow()) first();
  else window.setTimeout(() => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(first, { timeout: 1500 }) : first()), FIRST_READ_MS);
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
