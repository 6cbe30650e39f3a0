import type { Page } from '@playwright/test';

/**
 * Puts an order in the device's queue as the order entry does when it closes offline (the item as
 * the contract sends it, a label), straight in IndexedDB, and tells the app's tabs it changed.
 */
export async function queueOrder(page: Page, key: string, label: string, draft: Record<string, unknown>) {
  await page.evaluate(
    async ({ key, label, draft }) => {
      // Runs in the page (the test project has no DOM types).
      const g = globalThis as unknown as {
        indexedDB: { open(name: string): { result: IdbDb; error: unknown; onsuccess: () => void; onerror: () => void } };
        BroadcastChannel: new (name: string) => { postMessage(m: unknown): void; close(): void };
      };
      interface IdbDb {
        transaction(store: string, mode: string): { objectStore(name: string): { add(v: unknown): void }; oncomplete: () => void; onerror: () => void; error: unknown };
        close(): void;
        objectStoreNames: { contains(name: string): boolean };
      }
      const db = await new Promise<IdbDb>((resolve, reject) => {
        const req = g.indexedDB.open('escritorio-virtual');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      if (!db.objectStoreNames.contains('queue')) throw new Error('the offline database has no queue yet');
      const queuedAt = new Date().toISOString().slice(0, 19).replace('T', ' ');
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('queue', 'readwrite');
        tx.objectStore('queue').add({ key, kind: 'order', item: { kind: 'order', key, queuedAt, draft }, queuedAt, label });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      const channel = new g.BroadcastChannel('escritorio-virtual-offline');
      channel.postMessage('changed');
      channel.close();
    },
    { key, label, draft },
  );
}
