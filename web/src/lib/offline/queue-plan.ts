import type { ErrorEnvelope } from '@ev/shared/schemas/common';
import type { OfflineSyncItem, OfflineSyncResult } from '@ev/shared/schemas/offline';

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
}

/**
 * One batch's outcome, walked in the queue's order: `done` → sent; `refused` → review (the queue
 * goes on: the next item does not depend on it); `retry`, or an item the answer does not name →
 * stop there, it and everything after it stay queued for the next send.
 */
export function planBatch(batch: readonly QueueRow[], results: readonly OfflineSyncResult[], now: string): BatchPlan {
  const byKey = new Map(results.map((r) => [r.key, r]));
  const plan: BatchPlan = { sent: [], review: [], stop: false };
  for (const row of batch) {
    const result = byKey.get(row.key);
    if (!result || result.status === 'retry') {
      plan.stop = true;
      break;
    }
    if (result.status === 'done') {
      plan.sent.push({ key: row.key, kind: row.kind, label: row.label, sentAt: now, sale: result.sale, schedulingId: result.scheduling?.id ?? null });
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
