import type Dexie from 'dexie';
import type { ErrorEnvelope } from '@ev/shared/schemas/common';
import type { Client } from '@ev/shared/schemas/clients';
import type { OfflineClientTerms, OfflineEntity, OfflinePortfolio, OfflinePrice, OfflinePriceTable, OfflineProduct, OfflineSyncAnswer, OfflineSyncItem } from '@ev/shared/schemas/offline';
import type { Scheduling } from '@ev/shared/schemas/schedulings';
import { inSequence } from '@ev/shared/schedulings/itinerary';
import { api, ApiError } from '../api';
import { offlineDb } from '../offline-db';
import { OFFLINE_STATUS_KEY } from '../storage-keys';
import { session } from '../session';
import { offlineChanged } from './events';
import { OFFLINE_ENTITIES, OFFLINE_SYNC_MAX, planPortfolio, portfolioRequest, type Held, type PortfolioCounts } from './portfolio-plan';
import { amendRow, planBatch, SENT_KEPT, toReview, type QueueAmendment, type QueueExtra, type QueueRow, type ReviewRow, type SentRow } from './queue-plan';
import { clientIndex, productIndex, searchIndex, type SearchIndex } from './search';

/**
 * The device's data layer over the one Dexie database (`lib/offline-db.ts`): the portfolio kept
 * for offline work, and the queue of what was done without signal. Every function here is safe to
 * call from any screen; none throws for a missing database (a browser without IndexedDB answers
 * empty). docs/offline.md, "The device's data layer", lists the API and when it runs.
 */

/** What the last successful portfolio sync recorded (`meta` row `sync`). */
export interface SyncMeta {
  /** The server's time of the sync (the next `since`; the stock snapshot's time). */
  at: string;
  /** The device's time when it was applied (UTC, `yyyy-MM-dd HH:mm:ss`). */
  syncedAt: string;
  /** The answer's size: the bytes received (compressed, when the browser tells), else the JSON's. */
  bytes: number;
  /** What the device holds after it, per entity. */
  counts: PortfolioCounts;
  /** What this sync brought, per entity (changed since the previous one). */
  changed: Record<OfflineEntity, number>;
  truncated: OfflinePortfolio['truncated'];
  branch: OfflinePortfolio['branch'];
  timezone: string;
  userId: string;
}

/** The last attempt to sync, whatever its end (`meta` row `attempt`): when, and the failure's code. */
export interface SyncAttempt {
  at: string;
  error: string | null;
  /** The failure in the user's words, from the server's answer (null: no answer at all, or none). */
  message: ErrorEnvelope | null;
}

/** Now, as the API writes its times (UTC, `yyyy-MM-dd HH:mm:ss`): what `useFormat().dateTime` shows in the user's zone. */
const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

async function db(): Promise<Dexie | null> {
  try {
    return await offlineDb();
  } catch {
    return null;
  }
}

/** A lock held across the app's tabs for `fn`; null when another tab (or this one) holds it now. */
async function exclusive<T>(name: string, fn: () => Promise<T>): Promise<T | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return fn();
  return (await locks.request(name, { ifAvailable: true }, async (lock) => (lock ? fn() : null))) as T | null;
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

// ---------------------------------------------------------------------------------------------
// What is under way in this tab (the page's busy states).

const activity = { syncing: false, sending: false };
/** Whether this tab is syncing the portfolio or sending the queue now. */
export function offlineActivity(): Readonly<typeof activity> {
  return activity;
}

// ---------------------------------------------------------------------------------------------
// The portfolio.

export type SyncOutcome = { ok: true; meta: SyncMeta } | { ok: false; reason: 'offline' | 'busy' | 'no-database' | 'not-allowed' | 'failed'; error?: unknown };

/** Whether the session may have a portfolio: the API answers it to who reads clients (`read clientes`). */
export async function mayWorkOffline(): Promise<boolean> {
  const { abilityFrom } = await import('../ability');
  return abilityFrom(session.get().data?.abilities).can('read', 'clientes');
}

let syncing: Promise<SyncOutcome> | null = null;

/**
 * Brings the portfolio up to date: POST /offline/portfolio with each entity's last `at` and the
 * digest of the ids held; the answer's changed records are put, the ids it no longer holds removed
 * (when it sends its ids), the price tables, registries and stock replaced; the sync's time, size
 * and counts recorded in `meta`. One sync at a time across tabs (the others answer `busy`).
 * Offline it answers `offline` without asking, and `not-allowed` to a user who may not read clients
 * (who has no portfolio). It does not send the queue (`syncNow` does both).
 */
export function syncPortfolio(): Promise<SyncOutcome> {
  syncing ??= (async (): Promise<SyncOutcome> => {
    if (!isOnline()) return { ok: false, reason: 'offline' };
    if (!(await mayWorkOffline())) return { ok: false, reason: 'not-allowed' };
    const d = await db();
    if (!d) return { ok: false, reason: 'no-database' };
    activity.syncing = true;
    offlineChanged();
    try {
      const done = await exclusive('escritorio-virtual-offline-sync', () => syncWith(d));
      return done ?? { ok: false, reason: 'busy' };
    } finally {
      activity.syncing = false;
      offlineChanged();
    }
  })().finally(() => {
    syncing = null;
  });
  return syncing;
}

async function heldState(d: Dexie): Promise<{ held: Held; ids: Record<OfflineEntity, string[]> }> {
  const last = (await d.table('meta').get('sync')) as (SyncMeta & { key: string }) | undefined;
  const ids = {} as Record<OfflineEntity, string[]>;
  for (const entity of OFFLINE_ENTITIES) ids[entity] = (await d.table(entity).toCollection().primaryKeys()) as string[];
  const held = {} as Held;
  for (const entity of OFFLINE_ENTITIES) held[entity] = { since: last?.at ?? null, ids: ids[entity] };
  return { held, ids };
}

/** The answer's size on the wire, when the browser's resource timing tells it (same origin). */
function bytesOf(path: string, startedAt: number, fallback: number): number {
  try {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i]!;
      if (e.startTime >= startedAt && e.name.endsWith(path) && e.encodedBodySize > 0) return e.encodedBodySize;
    }
  } catch {
    // no resource timing
  }
  return fallback;
}

async function syncWith(d: Dexie): Promise<SyncOutcome> {
  const { held, ids } = await heldState(d);
  const startedAt = typeof performance !== 'undefined' ? performance.now() : 0;
  let answer: OfflinePortfolio;
  try {
    answer = await api<OfflinePortfolio>('/offline/portfolio', { method: 'POST', body: portfolioRequest(held) });
  } catch (error) {
    await d.table('meta').put({ key: 'attempt', at: now(), error: error instanceof ApiError ? error.code : 'network', message: error instanceof ApiError ? envelopeOf(error) : null } satisfies SyncAttempt & { key: string });
    return { ok: false, reason: 'failed', error };
  }
  const json = JSON.stringify(answer);
  const plan = planPortfolio(ids, answer);
  const meta: SyncMeta = {
    at: answer.at,
    syncedAt: now(),
    bytes: bytesOf('/api/offline/portfolio', startedAt, new TextEncoder().encode(json).length),
    counts: plan.counts,
    changed: plan.changed,
    truncated: answer.truncated,
    branch: answer.branch,
    timezone: answer.timezone,
    userId: answer.userId,
  };
  await d.transaction('rw', [...OFFLINE_ENTITIES, 'clientTerms', 'priceTables', 'registries', 'stock', 'meta'], async () => {
    for (const entity of OFFLINE_ENTITIES) {
      const table = d.table(entity);
      if (plan.remove[entity].length) await table.bulkDelete(plan.remove[entity]);
      if (plan.put[entity].length) await table.bulkPut(plan.put[entity]);
    }
    await d.table('clientTerms').clear();
    await d.table('clientTerms').bulkPut(answer.clientTerms);
    await d.table('priceTables').clear();
    await d.table('priceTables').bulkPut(answer.priceTables);
    await d.table('registries').clear();
    await d.table('registries').bulkPut(Object.entries(answer.registries).map(([name, records]) => ({ name, records })));
    await d.table('stock').clear();
    await d.table('stock').bulkPut(answer.stock);
    await d.table('meta').put({ key: 'sync', ...meta });
    await d.table('meta').put({ key: 'attempt', at: meta.syncedAt, error: null, message: null } satisfies SyncAttempt & { key: string });
  });
  clientsIndex = null;
  productsIndex = null;
  prepareSearchWhenIdle();
  return { ok: true, meta };
}

/** The last successful sync (null: never synced on this device). */
export async function lastSync(): Promise<SyncMeta | null> {
  const d = await db();
  const row = (await d?.table('meta').get('sync')) as (SyncMeta & { key?: string }) | undefined;
  if (!row) return null;
  const { key: _key, ...meta } = row;
  return meta;
}

/** The last attempt to sync, successful or not (null: none yet). */
export async function lastSyncAttempt(): Promise<SyncAttempt | null> {
  const d = await db();
  const row = (await d?.table('meta').get('attempt')) as (SyncAttempt & { key?: string }) | undefined;
  if (!row) return null;
  const { key: _key, ...attempt } = row;
  return attempt;
}

// ---------------------------------------------------------------------------------------------
// Reading the portfolio (the order entry and the visits offline).

let clientsIndex: { at: string; index: SearchIndex<Client> } | null = null;
let productsIndex: { at: string; index: SearchIndex<OfflineProduct> } | null = null;

async function indexOf<T>(table: 'clients' | 'products', cached: { at: string; index: SearchIndex<T> } | null, build: (items: T[]) => SearchIndex<T>): Promise<{ at: string; index: SearchIndex<T> } | null> {
  const d = await db();
  if (!d) return null;
  const sync = (await d.table('meta').get('sync')) as SyncMeta | undefined;
  const at = sync?.syncedAt ?? '';
  if (cached && cached.at === at) return cached;
  return { at, index: build((await d.table(table).toArray()) as T[]) };
}

/**
 * The clients held whose name, nickname or cities each word typed begins (accents and case
 * ignored), or whose document holds the digits typed; by name, at most `limit`. The index is built
 * once per sync and kept in memory: a search is a scan of short strings.
 */
export async function searchClients(q: string, limit = 20): Promise<Client[]> {
  clientsIndex = await indexOf('clients', clientsIndex, clientIndex);
  return clientsIndex ? searchIndex(clientsIndex.index, q, limit) : [];
}

/** A client held (null: not in the portfolio). */
export async function getClient(id: string): Promise<Client | null> {
  return ((await (await db())?.table('clients').get(id)) as Client | undefined) ?? null;
}

/**
 * What a client's order needs beside its record, whole each sync: the tables its prices come from,
 * in the order the shared resolution tries them, and its financial summary (null: not held).
 */
export async function getClientTerms(clientId: string): Promise<OfflineClientTerms | null> {
  return ((await (await db())?.table('clientTerms').get(clientId)) as OfflineClientTerms | undefined) ?? null;
}

/** The products held whose name or reference each word begins, or whose reference or barcode holds the code typed; by name, at most `limit`. */
export async function searchProducts(q: string, limit = 20): Promise<OfflineProduct[]> {
  productsIndex = await indexOf('products', productsIndex, productIndex);
  return productsIndex ? searchIndex(productsIndex.index, q, limit) : [];
}

/**
 * Builds the search indexes now (reading the clients and products held), so the first keystroke of
 * a search does not pay for them: about 70 ms for 2,000 clients on a slow phone (docs/benchmarks.md,
 * "offline-search"), then a search is a few milliseconds. Run when the browser is idle after each
 * sync; a screen that searches may call it when it mounts.
 */
export async function prepareSearch(): Promise<void> {
  clientsIndex = await indexOf('clients', clientsIndex, clientIndex);
  productsIndex = await indexOf('products', productsIndex, productIndex);
}

function prepareSearchWhenIdle(): void {
  const go = () => void prepareSearch().catch(() => undefined);
  if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') window.requestIdleCallback(go, { timeout: 5000 });
  else setTimeout(go, 200);
}

/** A product held (null: not in the portfolio). */
export async function getProduct(id: string): Promise<OfflineProduct | null> {
  return ((await (await db())?.table('products').get(id)) as OfflineProduct | undefined) ?? null;
}

/** A registry's active records as the portfolio brought them (`natures`, `payments-conditions`, … : OFFLINE_REGISTRIES). */
export async function registryRecords(name: string): Promise<Record<string, unknown>[]> {
  const row = (await (await db())?.table('registries').get(name)) as { records: Record<string, unknown>[] } | undefined;
  return row?.records ?? [];
}

/** Every price table, with its window (the shared price resolution decides which applies on a day). */
export async function priceTables(): Promise<OfflinePriceTable[]> {
  return ((await (await db())?.table('priceTables').toArray()) as OfflinePriceTable[] | undefined) ?? [];
}

/** The prices of one table held (of the portfolio's products). */
export async function tablePrices(tableId: string): Promise<OfflinePrice[]> {
  return ((await (await db())?.table('prices').where('tableId').equals(tableId).toArray()) as OfflinePrice[] | undefined) ?? [];
}

/** A product's prices in every table held. */
export async function productPrices(productId: string): Promise<OfflinePrice[]> {
  return ((await (await db())?.table('prices').where('productId').equals(productId).toArray()) as OfflinePrice[] | undefined) ?? [];
}

/**
 * The stock snapshot: what was available per product in the session's branch at `at` (the last
 * sync's time; null: never synced). `productIds` narrows it (absent: every product).
 */
export async function stockSnapshot(productIds?: readonly string[]): Promise<{ at: string | null; available: Map<string, string> }> {
  const d = await db();
  if (!d) return { at: null, available: new Map() };
  const sync = (await d.table('meta').get('sync')) as SyncMeta | undefined;
  const rows = (productIds ? (await d.table('stock').bulkGet([...productIds])).filter(Boolean) : await d.table('stock').toArray()) as { productId: string; available: string }[];
  return { at: sync?.at ?? null, available: new Map(rows.map((r) => [r.productId, r.available])) };
}

/** The user's schedulings of a day held (`yyyy-MM-dd`), in their itinerary's order (the server's `inSequence`). */
export async function schedulingsOn(date: string): Promise<Scheduling[]> {
  const rows = ((await (await db())?.table('schedulings').where('date').equals(date).toArray()) as Scheduling[] | undefined) ?? [];
  return inSequence(rows);
}

/** A scheduling held (null: not among the days kept). */
export async function getScheduling(id: string): Promise<Scheduling | null> {
  return ((await (await db())?.table('schedulings').get(id)) as Scheduling | undefined) ?? null;
}

/**
 * A scheduling as the server answered it after a move made online (a start, a close): the device's
 * copy replaced when it holds one, so the device does not offer a move already made when the signal
 * goes before the next sync. Nothing is added: the sync decides what the portfolio holds.
 */
export async function keepScheduling(s: Scheduling): Promise<void> {
  const d = await db();
  if (!d) return;
  await d.transaction('rw', 'schedulings', async () => {
    const held = (await d.table('schedulings').get(s.id)) as Scheduling | undefined;
    if (held && held.version <= s.version) await d.table('schedulings').put(s);
  });
}

// ---------------------------------------------------------------------------------------------
// The queue.

/**
 * Queues an item (an order closed, a visit started or closed) to send, after every item queued
 * before it. Its `key` is unique: queuing the same key again throws (Dexie's ConstraintError), so a
 * double press never queues twice. `extra.label` names it in the lists; `extra.draft` is kept for
 * the feature (the order as typed) and comes back with the item in the queue and the review list.
 * Sends at once when online (without waiting for it).
 */
export async function enqueue(item: OfflineSyncItem, extra: QueueExtra): Promise<QueueRow> {
  const d = await offlineDb();
  const row: QueueRow = { key: item.key, kind: item.kind, item, queuedAt: now(), label: extra.label, ...(extra.draft === undefined ? {} : { draft: extra.draft }) };
  row.seq = (await d.table('queue').add(row)) as number;
  offlineChanged();
  if (isOnline()) void sendQueue();
  return row;
}

export type AmendOutcome = { ok: true; row: QueueRow } | { ok: false; reason: 'gone' | 'busy' | 'no-database' };

/**
 * Amends a queued item in place (a visit's close added to its start queued before): the row keeps
 * its place in the queue, its key and its time; `change` gets the row as it is now and answers the
 * new item (same key and kind) and, if they change, its label and draft. Never while the item is
 * being sent: the amendment takes the sender's lock (across tabs), waiting at most `waitMs` for a
 * send under way to end; after it, an item no longer queued (sent, or refused into review) answers
 * `gone`, and the feature queues what it had as an item of its own. `busy`: the send went on
 * longer than the wait.
 */
export async function amendQueued(key: string, change: (row: QueueRow) => QueueAmendment, waitMs = 10_000): Promise<AmendOutcome> {
  const d = await db();
  if (!d) return { ok: false, reason: 'no-database' };
  const amend = async (): Promise<AmendOutcome> => {
    const out = await d.transaction('rw', 'queue', async (): Promise<AmendOutcome> => {
      const row = (await d.table('queue').where('key').equals(key).first()) as QueueRow | undefined;
      if (!row) return { ok: false, reason: 'gone' };
      const next = amendRow(row, change(row));
      await d.table('queue').put(next);
      return { ok: true, row: next };
    });
    if (out.ok) offlineChanged();
    return out;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return activity.sending ? { ok: false, reason: 'busy' } : amend();
  try {
    return (await locks.request('escritorio-virtual-offline-send', { signal: AbortSignal.timeout(waitMs) }, amend)) as AmendOutcome;
  } catch (e) {
    if (e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError')) return { ok: false, reason: 'busy' };
    throw e;
  }
}

/** What waits to send, in order. */
export async function queueItems(): Promise<QueueRow[]> {
  return ((await (await db())?.table('queue').orderBy('seq').toArray()) as QueueRow[] | undefined) ?? [];
}

/** What the server refused, oldest first. */
export async function reviewItems(): Promise<ReviewRow[]> {
  return ((await (await db())?.table('review').orderBy('movedAt').toArray()) as ReviewRow[] | undefined) ?? [];
}

/** One refused item (null: none with that key): what "Corrigir" opens. */
export async function reviewItem(key: string): Promise<ReviewRow | null> {
  return ((await (await db())?.table('review').get(key)) as ReviewRow | undefined) ?? null;
}

/**
 * Removes a refused item from the review list: after the user confirmed discarding it, or once its
 * correction was queued under a new key.
 */
export async function discardReview(key: string): Promise<void> {
  await (await db())?.table('review').delete(key);
  offlineChanged();
}

/** What was sent recently (the last `SENT_KEPT`), the latest first. */
export async function sentItems(): Promise<SentRow[]> {
  return ((await (await db())?.table('sent').orderBy('sentAt').reverse().toArray()) as SentRow[] | undefined) ?? [];
}

export interface SendOutcome {
  sent: number;
  refused: number;
  /** Items still queued after this send. */
  left: number;
  /** Why it stopped before the queue was empty: the server asked to retry, no connection, a failure, another sender at work. */
  stopped: null | 'retry' | 'offline' | 'failed' | 'busy';
}

let sending: Promise<SendOutcome> | null = null;

/**
 * Sends the queue in order, through POST /offline/sync, at most `OFFLINE_SYNC_MAX` (20) items a
 * call, until it is empty or the server says to retry: `done` items leave the queue for the sent
 * list (with the sale's number or the visit), `refused` ones go to the review list with the
 * server's error, `retry` stops there (that item and the later ones go on the next send). No
 * answer at all (offline, a network failure) or a server failure leaves everything queued. A whole
 * call refused as invalid (400) is sent again item by item, so one malformed item goes to review
 * with its reason instead of holding the queue. One sender at a time across tabs (Web Lock).
 */
export function sendQueue(): Promise<SendOutcome> {
  sending ??= (async (): Promise<SendOutcome> => {
    const d = await db();
    if (!d) return { sent: 0, refused: 0, left: 0, stopped: null };
    if (!isOnline()) return { sent: 0, refused: 0, left: await d.table('queue').count(), stopped: 'offline' };
    activity.sending = true;
    offlineChanged();
    try {
      const out = await exclusive('escritorio-virtual-offline-send', () => sendWith(d));
      return out ?? { sent: 0, refused: 0, left: await d.table('queue').count(), stopped: 'busy' };
    } finally {
      activity.sending = false;
      offlineChanged();
    }
  })().finally(() => {
    sending = null;
  });
  return sending;
}

function envelopeOf(error: ApiError): ErrorEnvelope {
  return {
    status: 'error',
    code: error.code,
    message: error.message,
    ...(error.text ? { key: error.text.key, ...(error.text.params ? { params: error.text.params } : {}) } : {}),
    ...(error.fields.length
      ? {
          fields: error.fields.map((f) => ({ field: f.field, message: f.message })),
          fieldTexts: error.fields.filter((f) => f.key).map((f) => ({ field: f.field, key: f.key!, ...(f.params ? { params: f.params } : {}) })),
        }
      : {}),
    ...(error.details ? { details: error.details } : {}),
  };
}

async function sendWith(d: Dexie): Promise<SendOutcome> {
  const out: SendOutcome = { sent: 0, refused: 0, left: 0, stopped: null };
  let size: number = OFFLINE_SYNC_MAX;
  for (;;) {
    const batch = (await d.table('queue').orderBy('seq').limit(size).toArray()) as QueueRow[];
    if (!batch.length) break;
    let answer: OfflineSyncAnswer;
    try {
      answer = await api<OfflineSyncAnswer>('/offline/sync', { method: 'POST', body: { items: batch.map((r) => r.item) } });
    } catch (error) {
      // Refused whole (one malformed item, or a batch past the API's 1 MB): sent one at a time, so one item cannot hold the others.
      if (error instanceof ApiError && (error.status === 400 || error.status === 413)) {
        if (batch.length > 1) {
          size = 1;
          continue;
        }
        await d.transaction('rw', ['queue', 'review'], async () => {
          await d.table('queue').delete(batch[0]!.seq!);
          await d.table('review').put(toReview(batch[0]!, envelopeOf(error), now()));
        });
        out.refused += 1;
        offlineChanged();
        continue;
      }
      out.stopped = error instanceof ApiError ? 'failed' : 'offline';
      break;
    }
    const plan = planBatch(batch, answer.items, now());
    const gone = [...plan.sent, ...plan.review].map((r) => r.key);
    await d.transaction('rw', ['queue', 'review', 'sent', 'schedulings'], async () => {
      await d.table('queue').where('key').anyOf(gone).delete();
      // A visit done: the device's copy is the server's now (a later offline move starts from it).
      if (plan.schedulings.length) await d.table('schedulings').bulkPut(plan.schedulings);
      if (plan.review.length) await d.table('review').bulkPut(plan.review);
      if (plan.sent.length) await d.table('sent').bulkPut(plan.sent);
      const old = await d.table('sent').orderBy('sentAt').reverse().offset(SENT_KEPT).primaryKeys();
      if (old.length) await d.table('sent').bulkDelete(old);
    });
    out.sent += plan.sent.length;
    out.refused += plan.review.length;
    offlineChanged();
    if (plan.stop) {
      out.stopped = 'retry';
      break;
    }
    size = OFFLINE_SYNC_MAX;
  }
  out.left = await d.table('queue').count();
  return out;
}

/** "Sincronizar agora": the portfolio brought up to date, then the queue sent (even when the sync failed). */
export async function syncNow(): Promise<{ sync: SyncOutcome; send: SendOutcome }> {
  const sync = await syncPortfolio();
  const send = await sendQueue();
  return { sync, send };
}

// ---------------------------------------------------------------------------------------------
// The state shown.

export interface OfflineStatus {
  online: boolean;
  /** Items waiting to send. */
  queue: number;
  /** Items refused, waiting for the user. */
  review: number;
  /** The last successful sync: its time (`syncedAt`), size (`bytes`), counts; the stock snapshot's time is its `at`. */
  lastSync: SyncMeta | null;
  /** The last attempt (its failure, when it failed). */
  lastAttempt: SyncAttempt | null;
  syncing: boolean;
  sending: boolean;
}

/** The device's offline state, read now. */
export async function offlineStatus(): Promise<OfflineStatus> {
  const d = await db();
  const [queue, review, sync, attempt] = d ? await Promise.all([d.table('queue').count(), d.table('review').count(), lastSync(), lastSyncAttempt()]) : [0, 0, null, null];
  const status = { online: isOnline(), queue, review, lastSync: sync, lastAttempt: attempt, syncing: activity.syncing, sending: activity.sending };
  mirrorStatus(status);
  return status;
}

/** The counts and the last sync kept beside the database for the next page's start (`status.ts`), never its data. */
function mirrorStatus(s: Pick<OfflineStatus, 'queue' | 'review' | 'lastSync' | 'lastAttempt'>): void {
  try {
    localStorage.setItem(OFFLINE_STATUS_KEY, JSON.stringify({ queue: s.queue, review: s.review, lastSync: s.lastSync, lastAttempt: s.lastAttempt }));
  } catch {
    // no storage: the next start reads the database
  }
}
