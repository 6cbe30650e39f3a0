import type { QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { i18n } from './i18n';
import { deleteOfflineDb } from './offline-db';
import { session } from './session';
import { StorageKeys } from './storage-keys';

/**
 * Logout (spec section 4): send the offline queue, tell the API, delete the offline database, empty both tokens, remove the
 * stored data; abilities fall back to read auth with the data. Answers the text to show: the
 * spec's success text, or its failure text (then the session stays, so the user can try again).
 */
export async function logout(queryClient?: QueryClient): Promise<{ ok: boolean; message: string }> {
  // The offline database goes with the session: what waits in its queue is sent first, while there
  // is a connection (the logout needs one), so a sign-out does not take typed orders with it.
  await import('./offline/store')
    .then((offline) => offline.sendQueue())
    .catch(() => undefined);
  try {
    await api('/auth/logout', { method: 'POST', body: { refreshToken: session.get().refreshToken ?? undefined } });
  } catch {
    return { ok: false, message: i18n.t('auth:logoutError', 'Ocorreu um erro durante o seu processo de saída do sistema. Tente novamente.') };
  }
  await deleteOfflineDb().catch(() => undefined);
  dropSaleEntries();
  session.clear();
  queryClient?.clear();
  return { ok: true, message: i18n.t('auth:logoutSuccess', 'Você foi desconectado do sistema com sucesso. Redirecionando.') };
}

/** Order entries typed and not yet saved: personal data that leaves with the user. */
function dropSaleEntries(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(StorageKeys.saleEntryPrefix)) localStorage.removeItem(key);
  } catch {
    // no storage: nothing kept
  }
}
