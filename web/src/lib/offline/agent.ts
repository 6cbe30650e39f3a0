import { useEffect } from 'react';
import { session } from '../session';
import { useIdle } from '../use-idle';
import { syncDue } from './portfolio-plan';
import { queuedOnDevice } from './status';

/**
 * When the device syncs and sends (docs/offline.md, "The device's data layer"): mounted once by the
 * signed-in layout, it starts ten seconds after the page is first idle (the store and Dexie load then), and
 * - syncs the portfolio when none was tried in the last 15 minutes (so after a login, and at most
 *   every 15 minutes while the app is open and online), then sends the queue;
 * - sends the queue at the start when online and it is not empty, on the `online` event, and every
 *   five seconds while the device holds a queue and the browser says it is online.
 * The login starts a sync of its own (`startSession`); "Sincronizar agora" is `syncNow`.
 */
/** How often the agent looks whether a sync is due. */
const CHECK_EVERY_MS = 60 * 1000;
/**
 * Its first look, this long after the page is idle: a page opened is used first (its own reads and
 * drawing), and a sync's parse and writes never compete with them (the login has synced already).
 */
const FIRST_CHECK_MS = 10 * 1000;
/** A send on the connection's return that reached no server is tried again this often, so many times. */
const RETRY_MS = 3 * 1000;
const SEND_TRIES = 4;
/**
 * While the device holds a queue, a look this often sends it when the browser says it is online:
 * the connection's return is not always an `online` event (a page reloaded without a connection
 * may not get one when it comes back), and the minute's check is too slow for a salesman waiting.
 */
const WATCH_MS = 5 * 1000;

async function tick(): Promise<void> {
  if (!session.isLoggedIn() || !navigator.onLine) return;
  const store = await import('./store');
  const attempt = await store.lastSyncAttempt().catch(() => null);
  if (syncDue(attempt?.at ?? null, Date.now())) {
    await store.syncPortfolio();
    await store.sendQueue();
    return;
  }
  const { queue } = await store.offlineStatus();
  if (queue > 0) await store.sendQueue();
}

export function useOfflineAgent(): void {
  const idle = useIdle();
  useEffect(() => {
    if (!idle) return;
    const run = () => void tick().catch(() => undefined);
    const first = window.setTimeout(run, FIRST_CHECK_MS);
    const timer = window.setInterval(run, CHECK_EVERY_MS);
    // The connection back: the queue sent at once, and again a few seconds later while the network
    // is still coming up (a send that reaches no server), then the usual look.
    let retry: number | undefined;
    const sendSoon = (tries: number) =>
      void import('./store')
        .then((store) => (session.isLoggedIn() ? store.sendQueue() : undefined))
        .then((out) => {
          if (out?.stopped === 'offline' && tries > 1) retry = window.setTimeout(() => sendSoon(tries - 1), RETRY_MS);
          else run();
        })
        .catch(() => undefined);
    const online = () => {
      window.clearTimeout(retry);
      sendSoon(SEND_TRIES);
    };
    window.addEventListener('online', online);
    const watch = window.setInterval(() => {
      if (navigator.onLine && session.isLoggedIn() && queuedOnDevice() > 0) sendSoon(1);
    }, WATCH_MS);
    return () => {
      window.clearInterval(watch);
      window.clearTimeout(first);
      window.clearTimeout(retry);
      window.clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [idle]);
}
