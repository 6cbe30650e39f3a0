import type { SessionData } from '@ev/shared/schemas/auth';
import { apiText } from '@/lib/api-error-text';
import { notify } from '@/lib/notices';
import { createOfflineDb } from '@/lib/offline-db';
import { session } from '@/lib/session';

/**
 * After a successful login: tokens and data stored together, the offline database created, and
 * the server's informational text (no allowed branch) shown as an info toast.
 */
export async function startSession(data: SessionData): Promise<void> {
  session.set(data);
  // The offline database is a cache: a browser that refuses IndexedDB (private mode) still logs in.
  await createOfflineDb(data.user.id).catch(() => undefined);
  // The portfolio for offline work, first synced now (not awaited: the login goes on). Loaded on
  // demand, so the login page carries none of the data layer (docs/offline.md).
  void import('@/lib/offline/store').then((offline) => offline.syncNow()).catch(() => undefined);
  // The session's only message is the no-branch notice (SessionData.message).
  if (data.message) notify({ kind: 'info', text: apiText('noBranches') });
}
