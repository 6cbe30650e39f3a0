import { OFFLINE_MAX_AGE_DAYS, OfflineSyncRequest, OfflineTexts, type OfflineSyncItem } from '@ev/shared/schemas/offline';
import type { Scheduling } from '@ev/shared/schemas/schedulings';
import type { z } from 'zod';
import { Clock, timestamp } from '../clock';
import { authorize, currentUserActor } from '../context';
import { DomainError, isDomainError } from '../errors';
import { Logs } from '../logs';
import { Sales } from '../sales';
import { Schedulings } from '../schedulings';
import { parseInput } from '../validation';

type Item = z.output<typeof OfflineSyncRequest>['items'][number];

/** An item's outcome as the core answers it; the route says the error as an error answer would. */
export interface SyncOutcome {
  key: string;
  status: 'done' | 'refused' | 'retry';
  sale: { id: string; number: number | null; status: string } | null;
  scheduling: Scheduling | null;
  error: DomainError | null;
}

/** Refusals that name the item's own fault (its data, its rules, its state): kept for the user's review. The rest is tried again. */
const REFUSED_KINDS = new Set(['validation', 'conflict', 'not_found', 'forbidden']);
/** Conflicts that pass: the same work under way elsewhere (a close a moment ago), tried again on the next sync. */
const PASSING = new Set(['sales.close_underway']);

const MAX_AGE_MS = OFFLINE_MAX_AGE_DAYS * 24 * 3600 * 1000;

/**
 * POST /offline/sync (docs/offline.md "The queue and the sync"): the queue's first items, in the
 * order they were made, each once per key: an order through `Sales.keyedOrder` (its key's
 * namespace the user), a visit through the schedulings' own start and close (their `offline` keys
 * find a replay). The first item that must be tried again stops the rest, so the queue keeps its
 * order. Each item is judged on its own: a refused one does not stop the next.
 */
export async function sync(raw: unknown, userAgent: string | null): Promise<{ at: string; items: SyncOutcome[] }> {
  authorize('read', 'clientes');
  const { items } = parseInput(OfflineSyncRequest, raw);
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.key)) throw new DomainError('validation', OfflineTexts.repeatedKey({ key: item.key }), 'validation');
    seen.add(item.key);
  }
  const out: SyncOutcome[] = [];
  let stopped = false;
  for (const item of items) {
    if (stopped) {
      out.push(outcome(item.key, 'retry'));
      continue;
    }
    const result = await one(item, userAgent);
    out.push(result);
    if (result.status === 'retry') stopped = true;
  }
  Logs.audit('offline.sync', { items: out.length, done: out.filter((o) => o.status === 'done').length, refused: out.filter((o) => o.status === 'refused').length });
  return { at: timestamp(), items: out };
}

const outcome = (key: string, status: SyncOutcome['status'], more: Partial<SyncOutcome> = {}): SyncOutcome => ({ key, status, sale: null, scheduling: null, error: null, ...more });

async function one(item: Item, userAgent: string | null): Promise<SyncOutcome> {
  try {
    if (Clock.now() - Date.parse(`${item.queuedAt.replace(' ', 'T')}Z`) > MAX_AGE_MS) throw new DomainError('offline.too_old', OfflineTexts.tooOld({ days: OFFLINE_MAX_AGE_DAYS }), 'validation');
    if (item.kind === 'order') return await order(item);
    return await visit(item, userAgent);
  } catch (e) {
    if (isDomainError(e) && REFUSED_KINDS.has(e.kind) && !PASSING.has(e.code)) return outcome(item.key, 'refused', { error: e });
    Logs.warn('offline.sync_retry', { key: item.key, kind: item.kind, error: (e as Error).message });
    return outcome(item.key, 'retry', { error: isDomainError(e) ? e : null });
  }
}

async function order(item: Extract<Item, { kind: 'order' }>): Promise<SyncOutcome> {
  authorize('create', 'vendas');
  // A close sent online whose answer was lost, then queued under its key: the draft it closed is the order.
  const landed = item.replacesDraft ? await Sales.closedUnder(item.replacesDraft, item.key) : null;
  if (landed) return outcome(item.key, 'done', { sale: { id: landed.id, number: landed.number, status: landed.status } });
  let sale;
  try {
    sale = await Sales.keyedOrder(`user#${currentUserActor().userId}`, item.draft, item.key, { acceptShortStock: item.acceptShortStock, geolocation: item.geolocation });
  } catch (e) {
    // Refused: the device keeps the order as typed for review, and the draft it replaced goes all the same (the device's copy is the newer).
    if (item.replacesDraft && isDomainError(e) && REFUSED_KINDS.has(e.kind) && !PASSING.has(e.code)) await dropReplaced(item.replacesDraft);
    throw e;
  }
  if (item.replacesDraft) await dropReplaced(item.replacesDraft);
  return outcome(item.key, 'done', { sale: { id: sale.id, number: sale.number, status: sale.status } });
}

async function visit(item: Extract<Item, { kind: 'visit' }>, userAgent: string | null): Promise<SyncOutcome> {
  let scheduling: Scheduling | null = null;
  if (item.start) scheduling = await Schedulings.start(item.schedulingId, item.start, userAgent);
  // Started with this item: the close goes over the version the start left.
  if (item.close) scheduling = await Schedulings.close(item.schedulingId, scheduling ? { ...item.close, version: scheduling.version } : item.close, userAgent);
  return outcome(item.key, 'done', { scheduling });
}

/** The server's draft an order from the device replaced goes; a failure leaves it, said in the log (the order stands). */
async function dropReplaced(id: string): Promise<void> {
  await Sales.dropReplaced(id).catch((e: unknown) => Logs.warn('offline.replaced_draft_kept', { saleId: id, error: (e as Error).message }));
}

export type { OfflineSyncItem };
