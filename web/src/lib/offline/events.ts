/**
 * "The device's data changed": said by the data layer after each write, heard by `useOfflineStatus`
 * in this tab and, through a BroadcastChannel, in the other tabs of the app (another tab's send
 * empties the queue this tab shows).
 */
const CHANNEL = 'escritorio-virtual-offline';

type Listener = () => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function bus(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANNEL) : null;
    channel?.addEventListener('message', () => {
      for (const l of listeners) l();
    });
  }
  return channel;
}

export function offlineChanged(): void {
  for (const l of listeners) l();
  bus()?.postMessage('changed');
}

export function onOfflineChange(listener: Listener): () => void {
  bus();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
