import type { SessionData } from '@ev/shared/schemas/auth';
import { StorageKeys } from './storage-keys';
import { isTokenShaped } from './token';

export type SessionBody = Omit<SessionData, 'accessToken' | 'refreshToken'>;

export interface SessionSnapshot {
  accessToken: string | null;
  refreshToken: string | null;
  data: SessionBody | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): SessionSnapshot {
  let data: SessionBody | null = null;
  try {
    const raw = localStorage.getItem(StorageKeys.userData);
    data = raw ? (JSON.parse(raw) as SessionBody) : null;
  } catch {
    data = null;
  }
  return {
    accessToken: localStorage.getItem(StorageKeys.accessToken),
    refreshToken: localStorage.getItem(StorageKeys.refreshToken),
    data,
  };
}

let snapshot: SessionSnapshot = read();

// Writes of this tab that change what the session holds, and a count that moves when one begins or
// ends: a read of the session that overlapped one may carry the data from before it.
let writesUnderWay = 0;
let writesMark = 0;
let writesSettled: Promise<void> = Promise.resolve();
let settle: () => void = () => undefined;

function emit() {
  snapshot = read();
  for (const l of listeners) l();
}

// Another tab logged in, refreshed or logged out: adopt what it stored.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === StorageKeys.accessToken || e.key === StorageKeys.refreshToken || e.key === StorageKeys.userData) emit();
  });
}

/**
 * The session as the browser keeps it (spec section 4): both tokens under their keys, the user
 * data with abilities under `userData`. Logged in only when both tokens are longer than 5
 * characters and have the token shape.
 */
export const session = {
  get(): SessionSnapshot {
    return snapshot;
  },
  /** Reads storage again (another tab may have written it) and answers the fresh snapshot. */
  reread(): SessionSnapshot {
    const fresh = read();
    if (fresh.accessToken !== snapshot.accessToken || fresh.refreshToken !== snapshot.refreshToken) emit();
    return snapshot;
  },
  isLoggedIn(s: SessionSnapshot = snapshot): boolean {
    return isTokenShaped(s.accessToken) && isTokenShaped(s.refreshToken);
  },
  /** After login, refresh or branch switch: tokens and data replaced together. */
  set(data: SessionData): void {
    const { accessToken, refreshToken, ...body } = data;
    localStorage.setItem(StorageKeys.accessToken, accessToken);
    localStorage.setItem(StorageKeys.refreshToken, refreshToken);
    localStorage.setItem(StorageKeys.userData, JSON.stringify(body));
    emit();
  },
  /** After GET /api/auth/me: data and abilities replaced, tokens kept. */
  setBody(body: SessionBody): void {
    localStorage.setItem(StorageKeys.userData, JSON.stringify(body));
    emit();
  },
  /** Empties both tokens and removes the stored user data (abilities fall back to read auth). */
  clear(): void {
    localStorage.setItem(StorageKeys.accessToken, '');
    localStorage.setItem(StorageKeys.refreshToken, '');
    localStorage.removeItem(StorageKeys.userData);
    emit();
  },
  /** Only the tokens replaced (a refresh whose data is older than a write of this tab), data kept. */
  setTokens(accessToken: string, refreshToken: string): void {
    localStorage.setItem(StorageKeys.accessToken, accessToken);
    localStorage.setItem(StorageKeys.refreshToken, refreshToken);
    emit();
  },
  /**
   * A write of this tab that changes what the session holds (the user's language, profile or photo,
   * the company's settings, a profile's abilities). The server reads it only when it lands, so a
   * read of the session answered meanwhile (or begun before it landed) holds the data from before:
   * `isFresh` refuses such a read, and the screens never go back to what the user just changed.
   */
  async ownWrite<T>(work: () => Promise<T>): Promise<T> {
    if (writesUnderWay++ === 0) writesSettled = new Promise((resolve) => (settle = resolve));
    writesMark++;
    try {
      return await work();
    } finally {
      writesMark++;
      if (--writesUnderWay === 0) settle();
    }
  },
  /** Taken before a read of the session; `isFresh(mark)` after it says whether its answer may be kept. */
  readMark(): number {
    return writesMark;
  },
  isFresh(mark: number): boolean {
    return writesUnderWay === 0 && mark === writesMark;
  },
  /** Resolves when no write of this tab that changes the session is under way. */
  writesSettled(): Promise<void> {
    return writesUnderWay === 0 ? Promise.resolve() : writesSettled;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Display name (spec section 3): the first word of apelido, else of nome. */
export function displayName(user: Pick<SessionBody['user'], 'nome' | 'apelido'>): string {
  return ((user.apelido?.trim() || user.nome.trim()).split(/\s+/)[0] ?? '').trim();
}

/** Company name shown: apelido, else nome. */
export function companyName(company: Pick<SessionBody['company'], 'nome' | 'apelido'>): string {
  return company.apelido?.trim() || company.nome;
}
