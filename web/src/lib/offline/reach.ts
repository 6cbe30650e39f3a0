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

/** The server's answer, or the device's when offline or when the server cannot be reached. */
export async function orDevice<T>(online: () => Promise<T>, offline: () => Promise<T>): Promise<T> {
  if (isOffline()) return offline();
  try {
    return await online();
  } catch (e) {
    if (unreachable(e)) return offline();
    throw e;
  }
}
