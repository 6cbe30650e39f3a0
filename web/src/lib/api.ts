import type { ErrorEnvelope } from '@ev/shared/schemas/common';
import type { FieldIssue, Text } from '@ev/shared/texts';
import type { SessionData } from '@ev/shared/schemas/auth';
import { session } from './session';

/**
 * A refusal of the API: its stable code, its Portuguese `message` with the key and parameters the
 * web translates (docs/texts.md), the fields at fault, and the request's id (the API's
 * `X-Request-Id` answer header: what the error screen asks the user to quote to support).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldIssue[] = [],
    readonly details?: Record<string, unknown>,
    readonly text?: Text,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Refresh failures the spec maps to a login redirect (section 8). */
export const REFRESH_MESSAGES = ['Empresa não encontrada.', 'Token inválido.', 'Perfil não encontrado.', 'Perfil inativo.', 'Perfil sem acesso ao sistema.'];
export const TOKEN_REVOKED = 'Token revogado.';

type FailureHandler = (status: string | null) => void;
let onSessionFailure: FailureHandler = () => undefined;

/** The router installs where a failed session goes (login with expired or message). */
export function setSessionFailureHandler(handler: FailureHandler): void {
  onSessionFailure = handler;
}

const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('escritorio-virtual-session') : null;
// Another tab refreshed: adopt its tokens now (the 'storage' event does the same, a little later
// in some browsers); a request of this tab then needs no refresh of its own.
channel?.addEventListener('message', () => session.reread());
let refreshing: Promise<string> | null = null;

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks?.request) {
    return navigator.locks.request('escritorio-virtual-refresh', fn) as Promise<T>;
  }
  return fn();
}

class RefreshFailed extends Error {
  constructor(readonly status: string | null) {
    super(status ?? 'refresh failed');
  }
}

/**
 * Exactly one refresh for all requests that met a 401 together. Across tabs, a Web Lock lets one
 * tab refresh at a time; a tab that gets the lock after another refreshed finds new tokens in
 * storage and adopts them instead of presenting a rotated token.
 */
function refreshOnce(staleAccessToken: string | null): Promise<string> {
  refreshing ??= withLock(async () => {
    // Read storage itself, not the in-memory copy: the tab that held the lock before may have
    // stored new tokens whose 'storage' event has not reached this tab yet.
    const current = session.reread();
    if (current.accessToken && current.accessToken !== staleAccessToken && session.isLoggedIn(current)) return current.accessToken;
    // A network failure (fetch rejects) is not a refused refresh: it propagates as is and the
    // session stays, so a connection blip does not log the user out.
    const mark = session.readMark();
    const res = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: current.refreshToken ?? '' }),
    });
    const body = (await res.json().catch(() => null)) as { status?: string; data?: SessionData } | null;
    if (!res.ok || !body?.data) throw new RefreshFailed(typeof body?.status === 'string' ? body.status : null);
    // Data read before a write of this tab landed is older than what the tab holds: only the tokens are new.
    if (session.isFresh(mark) || !session.get().data) session.set(body.data);
    else session.setTokens(body.data.accessToken, body.data.refreshToken);
    channel?.postMessage({ type: 'refreshed' });
    return body.data.accessToken;
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Calls made without a session (login, forgot password) never refresh. */
  anonymous?: boolean;
  /**
   * A token to send instead of the stored one (the forced password step holds its session in
   * memory only). Such a call never refreshes: a 401 is answered to the caller.
   */
  token?: string;
  /** Headers of the call itself (an Idempotency-Key). */
  headers?: Record<string, string>;
}

function urlOf(path: string, query?: RequestOptions['query']): string {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  return url.pathname + url.search;
}

async function send(path: string, opts: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (token && !opts.anonymous) headers.authorization = `Bearer ${token}`;
  return fetch(urlOf(path, opts.query), {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  });
}

async function toError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as Partial<ErrorEnvelope> | null;
  const text = body?.key ? { key: body.key, ...(body.params ? { params: body.params } : {}) } : undefined;
  // Each field's reason joined with its key and parameters (`fieldTexts`, by field).
  const fields = (body?.fields ?? []).map((f) => ({ ...body?.fieldTexts?.find((x) => x.field === f.field), ...f }));
  return new ApiError(res.status, body?.code ?? 'http_error', body?.message ?? res.statusText, fields, body?.details, text, res.headers.get('x-request-id') ?? undefined);
}

/**
 * Every API call: carries the access token; on a 401 one refresh is attempted (shared by every
 * request waiting on it) and the request replayed with the new token. The refresh call itself
 * never triggers a refresh.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const token = opts.token ?? session.get().accessToken;
  let res = await send(path, opts, token);
  if (res.status === 401 && !opts.anonymous && !opts.token && session.isLoggedIn()) {
    let fresh: string;
    try {
      fresh = await refreshOnce(token);
    } catch (e) {
      if (!(e instanceof RefreshFailed)) throw e;
      onSessionFailure(e.status);
      throw new ApiError(401, 'auth.session_failed', e.status ?? 'Sessão encerrada.');
    }
    res = await send(path, opts, fresh);
  }
  if (!res.ok) throw await toError(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
