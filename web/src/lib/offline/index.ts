/**
 * The device's data layer for offline field work (docs/offline.md, "The device's data layer"):
 * one Dexie database (`lib/offline-db.ts`), the portfolio kept on the device, the queue of what
 * was done without signal and the review list of what the server refused.
 *
 * Import the store's functions from here; this module loads Dexie and the store on first use
 * only through them. Screens that only show the state use `useOfflineStatus` (`./status`), which
 * loads nothing until the page is idle.
 */
export {
  // the portfolio
  syncPortfolio,
  mayWorkOffline,
  lastSync,
  lastSyncAttempt,
  searchClients,
  prepareSearch,
  getClient,
  getClientTerms,
  searchProducts,
  getProduct,
  registryRecords,
  priceTables,
  tablePrices,
  productPrices,
  stockSnapshot,
  schedulingsOn,
  getScheduling,
  keepScheduling,
  // the queue
  enqueue,
  amendQueued,
  queueItems,
  sendQueue,
  reviewItems,
  reviewItem,
  discardReview,
  sentItems,
  syncNow,
  // the state
  offlineStatus,
  offlineActivity,
  type SyncMeta,
  type SyncAttempt,
  type SyncOutcome,
  type SendOutcome,
  type OfflineStatus,
  type AmendOutcome,
} from './store';
export type { QueueAmendment, QueueExtra, QueueRow, ReviewRow, SentRow } from './queue-plan';
export { onOfflineChange } from './events';
export { isOffline, orDevice, unreachable } from './reach';
export type { PortfolioCounts } from './portfolio-plan';
export { useOfflineStatus, refreshOfflineState, type OfflineState } from './status';
export { useOfflineAgent } from './agent';
export { SYNC_EVERY_MS } from './portfolio-plan';
