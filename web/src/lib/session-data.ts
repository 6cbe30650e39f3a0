import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { session, type SessionBody } from './session';

/** The session's data in the query cache (GET /api/auth/me): one key for the settings and the company's screens. */
export const meKey = ['auth', 'me'] as const;

export const meQueryOptions = () => queryOptions({ queryKey: meKey, queryFn: ({ signal }) => refreshSessionData(signal) });

/** How many times a read overlapped by this tab's own writes is made again before the stored data is kept as it is. */
const READS = 3;

/**
 * GET /api/auth/me: the session's fresh data (user, company, branch, abilities); what it answers
 * replaces the stored data. An answer that overlapped a write of this tab (session.ownWrite: the
 * language just chosen, the profile just saved) may hold the data from before it, so it is read
 * again once the write has landed; it never takes the screens back.
 */
export async function refreshSessionData(signal?: AbortSignal): Promise<SessionBody> {
  for (let read = 1; ; read++) {
    await session.writesSettled();
    const mark = session.readMark();
    const res = await api<{ status: 'success'; data: SessionBody }>('/auth/me', { signal });
    const kept = session.get().data;
    if (session.isFresh(mark) || !kept) {
      session.setBody(res.data);
      lastRead = Date.now();
      return res.data;
    }
    if (read === READS) return kept;
  }
}

/**
 * How long a read serves the navigations that follow it (a redirect chain, a double click, the
 * first page after the app's own read at start).
 */
const FRESH_MS = 1000;
let lastRead = 0;
let lastPath: string | null = null;
let reading: Promise<void> | null = null;

/**
 * Before a guarded navigation to another page (issue 14): the abilities as the server has them
 * now, so a permission an administrator removed sends the user to 403 at its next navigation,
 * without a new login. A change of the same page's search (a filter, a tab) reads nothing. One
 * read at a time; offline or failing, the stored abilities stand.
 */
export function freshAbilities(pathname: string): Promise<void> {
  const samePage = pathname === lastPath;
  lastPath = pathname;
  // A read under way is waited for even by the same page: hovering a link preloads its route, which
  // starts the read, and the click that follows must not pass on the abilities from before it.
  if (samePage || Date.now() - lastRead < FRESH_MS) return reading ?? Promise.resolve();
  reading ??= refreshSessionData()
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      lastRead = Date.now();
      reading = null;
    });
  return reading;
}
