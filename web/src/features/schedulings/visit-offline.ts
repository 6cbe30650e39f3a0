import { utcTimestamp } from '@ev/shared/calendar';
import type { OfflineSyncItem } from '@ev/shared/schemas/offline';
import type { GeoFix, Scheduling, SchedulingStatus } from '@ev/shared/schemas/schedulings';
import type { QueueRow, ReviewRow } from '@/lib/offline';

/**
 * A visit started or closed on this device and not yet sent (docs/offline.md, "Visits offline"):
 * what the device's queue holds of one scheduling, and the scheduling as the screens show it
 * meanwhile. Pure: the queue's rows in, the state out; the pages read the rows and show it.
 */

type VisitItem = Extract<OfflineSyncItem, { kind: 'visit' }>;

export interface QueuedStart {
  /** The queue item's key (the start's item, which a close is added to). */
  itemKey: string;
  /** The device's time of the start (UTC `yyyy-MM-dd HH:mm:ss`). */
  at: string;
  position: GeoFix | null;
  /** The version the start goes over (the close goes over the next one). */
  version: number;
}

export interface QueuedClose {
  itemKey: string;
  at: string;
  occurrenceTypeId: string | null;
  closingObservations: string | null;
  nextContactDate: string | null;
  position: GeoFix | null;
}

export interface DeviceVisit {
  start: QueuedStart | null;
  close: QueuedClose | null;
  /** The queued item a close is added to (the start's, while it has no close); null: a close goes as an item of its own. */
  amendable: string | null;
}

const isVisit = (item: OfflineSyncItem): item is VisitItem => item.kind === 'visit';

/** What the queue holds of a scheduling's visit (null: nothing waits to send for it). The items are in the queue's order. */
export function deviceVisit(rows: readonly QueueRow[], schedulingId: string): DeviceVisit | null {
  let start: QueuedStart | null = null;
  let close: QueuedClose | null = null;
  for (const row of rows) {
    const item = row.item;
    if (!isVisit(item) || item.schedulingId !== schedulingId) continue;
    if (item.start?.offline) start = { itemKey: row.key, at: item.start.offline.at, position: (item.start.position ?? null) as GeoFix | null, version: item.start.version };
    if (item.close?.offline)
      close = {
        itemKey: row.key,
        at: item.close.offline.at,
        occurrenceTypeId: item.close.occurrenceTypeId ?? null,
        closingObservations: item.close.closingObservations ?? null,
        nextContactDate: item.close.nextContactDate ?? null,
        position: (item.close.position ?? null) as GeoFix | null,
      };
  }
  if (!start && !close) return null;
  return { start, close, amendable: start && !close ? start.itemKey : null };
}

/** Every scheduling's queued visit, by its id (the list's statuses). */
export function deviceVisits(rows: readonly QueueRow[]): Map<string, DeviceVisit> {
  const ids = new Set<string>();
  for (const row of rows) if (isVisit(row.item)) ids.add(row.item.schedulingId);
  const out = new Map<string, DeviceVisit>();
  for (const id of ids) out.set(id, deviceVisit(rows, id)!);
  return out;
}

/** The latest refusal of a visit move of this scheduling in the review list (null: none). */
export function refusedVisit(rows: readonly ReviewRow[], schedulingId: string): ReviewRow | null {
  const mine = rows.filter((r) => isVisit(r.item) && r.item.schedulingId === schedulingId);
  return mine.length ? mine[mine.length - 1]! : null;
}

/** The status shown: closed on the device is completed, started on it is under way; else the record's. */
export function statusShown(status: SchedulingStatus, v: DeviceVisit | null): SchedulingStatus {
  if (v?.close) return 'completed';
  if (v?.start) return 'active';
  return status;
}

/** The scheduling as the screens show it while its visit waits to send: its status and the version a close goes over. */
export function withDeviceVisit<S extends Pick<Scheduling, 'status' | 'version'>>(s: S, v: DeviceVisit | null): S {
  if (!v) return s;
  return { ...s, status: statusShown(s.status, v), version: v.start ? v.start.version + 1 : s.version };
}

/**
 * The scheduling under way as the device knows it (the home's hint offline): the last one started
 * on this device and not closed there, else a held one under way with no close queued; else null.
 */
export function activeOnDevice<S extends Pick<Scheduling, 'id' | 'status' | 'version'>>(held: readonly S[], visits: ReadonlyMap<string, DeviceVisit>): S | null {
  const started = held.filter((s) => { const v = visits.get(s.id); return !!v?.start && !v.close; });
  started.sort((a, b) => visits.get(a.id)!.start!.at.localeCompare(visits.get(b.id)!.start!.at));
  const queued = started[started.length - 1];
  if (queued) return withDeviceVisit(queued, visits.get(queued.id)!);
  return held.find((s) => s.status === 'active' && !visits.get(s.id)?.close) ?? null;
}

/** Now as the API writes its times (UTC `yyyy-MM-dd HH:mm:ss`): the device's time of an action. */
export const deviceNow = (ms = Date.now()) => utcTimestamp(ms);

/** A key made on the device (8 to 100 letters, digits, `-`): `prefix-` and a random UUID. */
export const deviceKey = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;
