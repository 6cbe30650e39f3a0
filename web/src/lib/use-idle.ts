import { startTransition, useEffect, useState } from 'react';

/** The longest a page waits for an idle moment before it goes on anyway. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * False until the browser is first idle after the component mounted (or `IDLE_TIMEOUT_MS` passed),
 * then true: work a page does not need for its first screen (a check in the background, the choices
 * of fields further down) waits for it, so a phone's start is not one long task
 * (docs/web-session.md, "The start's tasks").
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const go = () => startTransition(() => setIdle(true));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(go, 200);
    return () => window.clearTimeout(id);
  }, []);
  return idle;
}
