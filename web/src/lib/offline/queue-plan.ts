import type { ErrorEnvelope } from '@ev/shared/schemas/common';
import type { OfflineSyncItem, OfflineSyncResult } from '@ev/shared/schemas/offline';
import type { Scheduling } from '@ev/shared/schemas/schedulings';

/**
 * The queue's rows and the pure half of sending it (docs/offline.md, "The device's data layer"):
 * what the server's answer to one batch does to the queue. The store writes the plan.
 */

/** What a feature adds beside the item: the list's label and, optionally, data it wants back (the order as typed on screen). */
export interface QueueExtra {
  /** How the queue's list names the item ("Pedido de Mercado Bom Preço, 3 itens"). */
  label: string;
  /** Anything the feature needs to reopen the item (kept as is, never sent). */
  draft?: unknown;
}

/** An item waiting to send. `seq` is its place in the queue (the order it was queued in). */
export interface QueueRow extends QueueExtra {
  seq?: number;
  key: string;
  kind: OfflineSyncItem['kind'];
  /** The item exactly as it is sent. */
  item: OfflineSyncItem;
  /** When it was queued (device time, ISO). */
  queuedAt: string;
}

/** An item the server refused: its reason (the error answer the online call would give) and the item intact. */
export interface ReviewRow extends QueueExtra {
  key: string;
  kind: OfflineSyncItem['kind'];
  item: OfflineSyncItem;
  queuedAt: string;
  error: ErrorEnvelope;
  /** When it left the queue for the review list. */
  movedAt: string;
}

/** An item the server did: the sale's number (an order) or the visit's id, for "enviado, pedido nº 123". */
export interface SentRow {
  key: string;
  kind: OfflineSyncItem['kind'];
  label: string;
  sentAt: string;
  sale: { id: string; number: number | null; status: string } | null;
  schedulingId: string | null;
}

/** How many sent items the device keeps to show (the latest). */
export const SENT_KEPT = 20;

export interface BatchPlan {
  /** Done: removed from the queue, added to the sent list. */
  sent: SentRow[];
  /** Refused: removed from the queue, added to the review list. */
  review: ReviewRow[];
  /** The server asked to try later (or did not answer an item): this item and the ones after it stay. */
  stop: boolean;
  /** The visits done, as the server answered them: the device's copies replaced, so they show as they are now. */
  schedulings: Scheduling[];
}

/**
 * One batch's outcome, walked in the queue's order: `done` → sent; `refused` → review (the queue
 * goes on: the next item does not depend on it); `retry`, or an item the answer does not name →
 * stop there, it and everything after it stay queued for the next send.
 */
export function planBatch(batch: readonly QueueRow[], results: readonly OfflineSyncResult[], now: string): BatchPlan {
  const byKey = new Map(results.map((r) => [r.key, r]));
  const plan: BatchPlan = { sent: [], review: [], stop: false, schedulings: [] };
  for (const row of batch) {
    const result = byKey.get(row.key);
    if (!result || result.status === 'retry') {
      plan.stop = true;
      break;
    }
    if (result.status === 'done') {
      plan.sent.push({ key: row.key, kind: row.kind, label: row.label, sentAt: now, sale: result.sale, schedulingId: result.scheduling?.id ?? null });
      if (result.scheduling) plan.schedulings.push(result.scheduling);
    } else {
      const error = result.error ?? { status: 'error' as const, code: 'offline.refused', message: '' };
      plan.review.push(toReview(row, error, now));
    }
  }
  return plan;
}

/** A queue row moved to the review list with the server's error. */
export function toReview(row: QueueRow, error: ErrorEnvelope, now: string): ReviewRow {
  const { seq: _seq, ...rest } = row;
  return { ...rest, error, movedAt: now };
}

/** What a feature changes of a queued item: the item (same key and kind), and its label and draft if they change. */
export interface QueueAmendment {
  item: OfflineSyncItem;
  label?: string;
  draft?: unknown;
}

/**
 * A queued item amended in place (a visit's close added to its queued start): the same row, its
 * place (`seq`), key, kind and time kept; the item (and the label, the draft when given) replaced.
 * An amendment that changes the item's key or kind is refused (it would be another item).
 */
export function amendRow(row: QueueRow, change: QueueAmendment): QueueRow {
  if (change.item.key !== row.key || change.item.kind !== row.kind) throw new Error(`an amendment keeps the item's key and kind (${row.key})`);
  return { ...row, item: change.item, label: change.label ?? row.label, ...(change.draft === undefined ? {} : { draft: change.draft }) };
}
