import type Dexie from 'dexie';
import { OFFLINE_DB_NAME } from './storage-keys';

/**
 * The local offline database (spec sections 3 and 4): a Dexie database named after the app,
 * created at login and deleted at logout. Modules add their tables in later versions. Dexie loads
 * on first use, so the login page does not carry it.
 */
async function dexie(): Promise<typeof Dexie> {
  return (await import('dexie')).default;
}

export async function openOfflineDb(): Promise<Dexie> {
  const DexieClass = await dexie();
  const db = new DexieClass(OFFLINE_DB_NAME);
  db.version(1).stores({ meta: 'key' });
  return db;
}

export async function createOfflineDb(userId: string): Promise<void> {
  const db = await openOfflineDb();
  await db.table('meta').put({ key: 'session', userId, createdAt: new Date().toISOString() });
  db.close();
}

export async function deleteOfflineDb(): Promise<void> {
  await (await dexie()).delete(OFFLINE_DB_NAME);
}
