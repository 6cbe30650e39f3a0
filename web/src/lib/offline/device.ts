import type * as Store from './store';

/**
 * The device's data for the features' screens (docs/offline.md), loaded on first use: the store's
 * module and Dexie with it are fetched when a screen first asks the device (offline, or the server
 * unreachable), never at a page's start. The reachability helpers and the change events are small
 * and come at once. The /offline page and the agent import the store itself.
 */
export { isOffline, orDevice, unreachable } from './reach';
export { onOfflineChange } from './events';
export type { QueueRow, ReviewRow } from './queue-plan';

const store = () => import('./store');

export const lastSync: typeof Store.lastSync = async (...a) => (await store()).lastSync(...a);
export const searchClients: typeof Store.searchClients = async (...a) => (await store()).searchClients(...a);
export const getClient: typeof Store.getClient = async (...a) => (await store()).getClient(...a);
export const getClientTerms: typeof Store.getClientTerms = async (...a) => (await store()).getClientTerms(...a);
export const registryRecords: typeof Store.registryRecords = async (...a) => (await store()).registryRecords(...a);
export const schedulingsOn: typeof Store.schedulingsOn = async (...a) => (await store()).schedulingsOn(...a);
export const getScheduling: typeof Store.getScheduling = async (...a) => (await store()).getScheduling(...a);
export const keepScheduling: typeof Store.keepScheduling = async (...a) => (await store()).keepScheduling(...a);
export const queueItems: typeof Store.queueItems = async (...a) => (await store()).queueItems(...a);
export const reviewItems: typeof Store.reviewItems = async (...a) => (await store()).reviewItems(...a);
export const enqueue: typeof Store.enqueue = async (...a) => (await store()).enqueue(...a);
export const amendQueued: typeof Store.amendQueued = async (...a) => (await store()).amendQueued(...a);
