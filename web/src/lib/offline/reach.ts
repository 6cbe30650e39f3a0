import { ApiError } from '../api';

/**
 * Whether a screen reads from the server or from the device (docs/offline.md): the features' calls
 * go to the server while there is a connection and to the device when the browser is offline or
 * the call could not reach the server. Their queries run with `networkMode: 'always'` (TanStack
 * Query's default only pauses them offline).
 */

/** The browser says there is no connection. */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** A call that got no answer from the server (no connection), not a refusal nor a call given up. */
export const unreachable = (e: unknown) => !(e instanceof ApiError) && !(e instanceof DOMException && e.name === 'AbortError');

/**
 * The server's answer, or the device's when offline or when the server cannot be reached
 * (`unreached`: the browser said it was online). The device may have nothing to answer (undefined:
 * never synced, not held; null stays an answer, "none"): then the call fails as it would have, and
 * a screen shows its usual failure.
 */
export async function orDevice<T>(online: () => Promise<T>, offline: (unreached: boolean) => Promise<T | undefined>): Promise<T> {
  if (isOffline()) {
    const held = await offline(false);
    if (held !== undefined) return held;
    throw new TypeError('offline: not held on this device');
  }
  try {
    return await online();
  } catch (e) {
    if (!unreachable(e)) throw e;
    const held = await offline(true);
    if (held !== undefined) return held;
    throw e;
  }
}
