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
