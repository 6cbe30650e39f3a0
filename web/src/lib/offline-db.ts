import Dexie from 'dexie';
import { OFFLINE_DB_NAME } from './storage-keys';

/**
 * The local offline database (spec sections 3 and 4): a Dexie database named after the app,
 * created at login and deleted at logout. Modules add their tables in later versions.
 */
export function openOfflineDb(): Dexie {
  const db = new Dexie(OFFLINE_DB_NAME);
  db.version(1).stores({ meta: 'key' });
  return db;
}

export async function createOfflineDb(userId: string): Promise<void> {
  const db = openOfflineDb();
  await db.table('meta').put({ key: 'session', userId, createdAt: new Date().toISOString() });
  db.close();
}

export async function deleteOfflineDb(): Promise<void> {
  await Dexie.delete(OFFLINE_DB_NAME);
}
