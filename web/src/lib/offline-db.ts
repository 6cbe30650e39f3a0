import type Dexie from 'dexie';
import { offlineChanged } from './offline/events';
import { session } from './session';
import { OFFLINE_DB_NAME, OFFLINE_STATUS_KEY } from './storage-keys';

/**
 * The local offline database (spec sections 3 and 4): a Dexie database named after the app,
 * created at login and deleted at logout. Dexie loads on first use, so the login page does not
 * carry it. Its tables and the functions over them are the device's data layer, `lib/offline/`
 * (docs/offline.md, "The device's data layer"); nothing else reads or writes them.
 *
 * Version 1: `meta` only. Version 2 (issue 45): the portfolio (`clients`, `clientTerms`, `products`,
 * `prices`, `priceTables`, `registries`, `stock`, `schedulings`), the `queue` of what waits to send (`seq`
 * gives the order, `key` is unique), the `review` list of what the server refused, and the few
 * items `sent` recently.
 */
async function dexie(): Promise<typeof Dexie> {
  return (await import('dexie')).default;
}

/** The tables of each version (Dexie's schema syntax: the primary key first, then the indexes). */
export const OFFLINE_DB_VERSIONS: Record<number, Record<string, string>> = {
  1: { meta: 'key' },
  2: {
    meta: 'key',
    clients: 'id',
    clientTerms: 'clientId',
    products: 'id',
    prices: 'id, tableId, productId',
    priceTables: 'id',
    registries: 'name',
    stock: 'productId',
    schedulings: 'id, date',
    queue: '++seq, &key',
    review: 'key, movedAt',
    sent: 'key, sentAt',
  },
};

/** A new handle on the database, at its latest version (Dexie opens it on first use). */
export async function openOfflineDb(): Promise<Dexie> {
  const DexieClass = await dexie();
  const db = new DexieClass(OFFLINE_DB_NAME);
  for (const [version, stores] of Object.entries(OFFLINE_DB_VERSIONS)) db.version(Number(version)).stores(stores);
  return db;
}

let shared: Promise<Dexie> | null = null;
/**
 * The refresh token of the session whose database this tab deleted (logout, a failed session):
 * that session never opens it again (a read arriving late from a screen being left would make it
 * anew); a new session does (a login here, or one another tab made).
 */
let endedSession: string | null | undefined;

/**
 * The tab's one open handle (the data layer's): opened once, dropped when the database is closed or
 * deleted (a logout in another tab asks every open handle to close: Dexie's `versionchange`), so
 * the next use opens it again. Refused without a session, and after this tab deleted the database
 * until the next login.
 */
export function offlineDb(): Promise<Dexie> {
  // Opening makes the database: never for no one, nor for the session whose database was deleted.
  // Storage is read again (another tab may have just signed out).
  const current = session.reread();
  if (!session.isLoggedIn(current) || (endedSession !== undefined && current.refreshToken === endedSession)) return Promise.reject(new Error('no session: no offline database'));
  shared ??= openOfflineDb().then(async (db) => {
    db.on('versionchange', () => {
      db.close();
      shared = null;
    });
    db.on('close', () => {
      shared = null;
    });
    await db.open();
    return db;
  });
  shared.catch(() => {
    shared = null;
  });
  return shared;
}

/**
 * At login: the database made (or opened) with the session's user. A database left by another
 * user (a session that ended without a logout on this device) is emptied first: a device's
 * portfolio and queue are one user's.
 */
export async function createOfflineDb(userId: string): Promise<void> {
  endedSession = undefined;
  const db = await offlineDb();
  const session = (await db.table('meta').get('session')) as { userId?: string } | undefined;
  if (session?.userId && session.userId !== userId) {
    await db.transaction('rw', db.tables, async () => {
      for (const table of db.tables) await table.clear();
    });
  }
  await db.table('meta').put({ key: 'session', userId, createdAt: new Date().toISOString() });
  offlineChanged();
}

export async function deleteOfflineDb(): Promise<void> {
  try {
    localStorage.removeItem(OFFLINE_STATUS_KEY);
  } catch {
    // no storage: nothing mirrored
  }
  endedSession = session.get().refreshToken;
  const open = shared;
  shared = null;
  if (open) await open.then((db) => db.close()).catch(() => undefined);
  await (await dexie()).delete(OFFLINE_DB_NAME);
  offlineChanged();
}
