import type { Operator, OperatorSession } from '@ev/shared/schemas/admin';
import { useSyncExternalStore } from 'react';
import type { ApiError } from '@/lib/api';
import { StorageKeys } from '@/lib/storage-keys';

/**
 * The operator's session of the admin area (docs/admin.md "Operators"): the token the admin routes
 * take, apart from the company's session (lib/session.ts) in every way. It lives in this tab's
 * sessionStorage under its own key: never in the company's `accessToken`/`userData`, never read
 * by the company's requests, gone when the tab closes. `ended` keeps why it ended (the API's
 * refusal, a 401) for the sign-in form to show.
 */
export interface OperatorState {
  session: OperatorSession | null;
  /**
   * A session that ended under the page (an admin call's 401): why (its text shown at the sign-in in
   * the language of the moment) and whose it was. Null after "Sair" or before any session.
   */
  ended: { error: ApiError; operator: Operator } | null;
}

const listeners = new Set<() => void>();

function read(): OperatorSession | null {
  try {
    const raw = sessionStorage.getItem(StorageKeys.operatorSession);
    const parsed = raw ? (JSON.parse(raw) as OperatorSession) : null;
    return parsed && typeof parsed.token === 'string' && parsed.operator ? parsed : null;
  } catch {
    return null;
  }
}

let state: OperatorState = { session: typeof sessionStorage === 'undefined' ? null : read(), ended: null };

function emit(next: OperatorState) {
  state = next;
  for (const l of listeners) l();
}

export const operatorSession = {
  get: (): OperatorState => state,
  token: (): string | null => state.session?.token ?? null,
  start(session: OperatorSession): void {
    try {
      sessionStorage.setItem(StorageKeys.operatorSession, JSON.stringify(session));
    } catch {
      // No storage (a private window): the session lasts this page.
    }
    emit({ session, ended: null });
  },
  /** The session ends: logout (no reason) or a 401 (the API's refusal). */
  end(reason: ApiError | null = null): void {
    const operator = state.session?.operator ?? state.ended?.operator;
    try {
      sessionStorage.removeItem(StorageKeys.operatorSession);
    } catch {
      // nothing kept
    }
    emit({ session: null, ended: reason && operator ? { error: reason, operator } : null });
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The operator's session as a component sees it (re-renders when it starts or ends). */
export function useOperatorSession(): OperatorState {
  return useSyncExternalStore(operatorSession.subscribe, operatorSession.get, operatorSession.get);
}
