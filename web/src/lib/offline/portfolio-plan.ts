import type { OfflineEntity, OfflinePortfolio, OfflinePortfolioRequest } from '@ev/shared/schemas/offline';
import { idsDigest } from '@ev/shared/offline/digest';

/**
 * The pure half of the portfolio's sync (docs/offline.md, "The device's data layer"): the request
 * made from what the device holds, and what an answer changes in it. No IndexedDB here: the store
 * (`store.ts`) reads the held ids, asks, and writes the plan in one transaction.
 */

/**
 * The contract's `OFFLINE_ENTITIES` and `OFFLINE_SYNC_MAX`, repeated here so the data layer loads
 * no schema module (zod's schemas cost a phone's start: docs/web-session.md, "The start's tasks");
 * `portfolio-plan.test.ts` checks they are the contract's.
 */
export const OFFLINE_ENTITIES = ['clients', 'products', 'prices', 'schedulings'] as const satisfies readonly OfflineEntity[];
export const OFFLINE_SYNC_MAX = 20;

/** What the device holds of an entity: the server time of its last sync, and the ids it holds. */
export interface HeldEntity {
  since: string | null;
  ids: Iterable<string>;
}

export type Held = Record<OfflineEntity, HeldEntity>;

/**
 * POST /offline/portfolio's body: per entity, the last sync's `at` and the digest of the ids held.
 * An entity the device has never synced is left out (the whole entity comes).
 */
export function portfolioRequest(held: Held): OfflinePortfolioRequest {
  const out: OfflinePortfolioRequest = {};
  for (const entity of OFFLINE_ENTITIES) {
    const h = held[entity];
    if (!h.since) continue;
    out[entity] = { since: h.since, digest: idsDigest(h.ids) };
  }
  return out;
}

/** The counts shown on the page: per entity, what the device holds after the sync. */
export interface PortfolioCounts {
  clients: number;
  /** Clients with their terms (price sources, financial summary): as many as the clients, when all is well. */
  clientTerms: number;
  products: number;
  prices: number;
  schedulings: number;
  priceTables: number;
  registries: number;
  stock: number;
}

export interface PortfolioPlan {
  /** Per entity, the records to write (changed or new). */
  put: { [E in OfflineEntity]: OfflinePortfolio[E]['items'] };
  /** Per entity, the ids held that left the portfolio (only when the answer sent its ids). */
  remove: Record<OfflineEntity, string[]>;
  /** Per entity, how many records the answer brought (what changed since the last sync). */
  changed: Record<OfflineEntity, number>;
  /** What the device holds once the plan is written. */
  counts: PortfolioCounts;
}

/**
 * What an answer changes in the held state: the changed records are put; when the answer carries
 * `ids` (the digests differed), every held id not among them is removed; with `ids` null the held
 * set was right and nothing is removed. The clients' terms, price tables, registries and stock
 * replace what was held (they come whole each time).
 */
export function planPortfolio(heldIds: Record<OfflineEntity, Iterable<string>>, answer: OfflinePortfolio): PortfolioPlan {
  const put = {} as PortfolioPlan['put'];
  const remove = {} as PortfolioPlan['remove'];
  const changed = {} as PortfolioPlan['changed'];
  const counts = {} as Record<OfflineEntity, number>;
  for (const entity of OFFLINE_ENTITIES) {
    const part = answer[entity];
    const held = new Set(heldIds[entity]);
    const keep = part.ids ? new Set(part.ids) : null;
    // A record the answer carries is kept even if a list of ids (made a moment apart) missed it.
    const carried = new Set(part.items.map((item) => item.id));
    const gone = keep ? [...held].filter((id) => !keep.has(id) && !carried.has(id)) : [];
    const after = new Set(held);
    for (const id of gone) after.delete(id);
    for (const id of carried) after.add(id);
    (put as Record<OfflineEntity, unknown[]>)[entity] = part.items;
    remove[entity] = gone;
    changed[entity] = part.items.length;
    counts[entity] = after.size;
  }
  return {
    put,
    remove,
    changed,
    counts: { ...counts, clientTerms: answer.clientTerms.length, priceTables: answer.priceTables.length, registries: Object.values(answer.registries).reduce((n, list) => n + list.length, 0), stock: answer.stock.length },
  };
}

/** How often the portfolio syncs while the app is open and online. */
export const SYNC_EVERY_MS = 15 * 60 * 1000;

/** Whether a sync is due: none tried yet, or the last attempt (successful or not) `SYNC_EVERY_MS` ago or more (or in the future: the clock went back). */
export function syncDue(lastAttemptAt: string | null, nowMs: number): boolean {
  if (!lastAttemptAt) return true;
  const at = timeOf(lastAttemptAt);
  return !Number.isFinite(at) || nowMs - at >= SYNC_EVERY_MS || at > nowMs;
}

/** A time the data layer writes (UTC, `yyyy-MM-dd HH:mm:ss`, as the API's) in milliseconds. */
export function timeOf(value: string): number {
  return Date.parse(`${value.replace(' ', 'T')}Z`);
}
