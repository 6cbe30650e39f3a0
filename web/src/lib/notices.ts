/**
 * Messages raised before the page that shows them exists (a guard redirecting to login): queued
 * here and shown as toasts once the shell is mounted.
 */
export type Notice = { kind: 'warning' | 'info' | 'success' | 'error'; text: string };

const queue: Notice[] = [];
let deliver: ((n: Notice) => void) | null = null;

export function notify(notice: Notice): void {
  if (deliver) deliver(notice);
  else queue.push(notice);
}

export function attachNotices(fn: (n: Notice) => void): () => void {
  deliver = fn;
  while (queue.length) fn(queue.shift()!);
  return () => {
    deliver = null;
  };
}
