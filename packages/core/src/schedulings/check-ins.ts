import type { GeoFix } from '@ev/shared/schemas/schedulings';
import { SchedulingScopes, SchedulingsRepository } from './repository';

/** Where a visit was started (its check-in), for the management map. */
export interface VisitCheckIn {
  id: string;
  clientName: string;
  salesmanId: string;
  salesmanName: string | null;
  date: string;
  /** The check-in's time (UTC). */
  at: string;
  /** The browser's fix at the check-in (null: none was given). */
  position: GeoFix | null;
  flagged: boolean;
}

/**
 * For another module's read (the management map, docs/management.md): the visits started (active or
 * completed; calls and e-mails are no place) whose date lies in a period, of these owners (null: the
 * whole company), in date order, at most `max` (`truncated` when a list held more), each with its
 * check-in. The caller has checked its own subject and resolved the record scope (the owners).
 * Reads a key range of each owner's two lists (or the company's) and the visits' records in
 * BatchGets of 100.
 */
export async function checkInsInPeriod(owners: string[] | null, from: string, until: string, max: number): Promise<{ checkIns: VisitCheckIn[]; truncated: boolean }> {
  const bases = owners === null ? [SchedulingScopes.all] : owners.map(SchedulingScopes.salesman);
  const read = await Promise.all(bases.map((b) => SchedulingsRepository.inPeriod(b, from, until, max)));
  const started = read
    .flatMap((r) => r.rows)
    .filter((s) => s.contactMode === 'visit' && (s.status === 'active' || s.status === 'completed'))
    .sort((a, b) => a.date.localeCompare(b.date) || (a.scheduledStart ?? '99:99').localeCompare(b.scheduledStart ?? '99:99'));
  const truncated = read.some((r) => r.more) || started.length > max;
  const records = await SchedulingsRepository.checkIns(started.slice(0, max).map((s) => s.id));
  const byId = new Map(records.map((r) => [r.id, r]));
  const checkIns = started.slice(0, max).flatMap((s) => {
    const r = byId.get(s.id);
    if (!r?.start) return [];
    return [{ id: r.id, clientName: r.clientName, salesmanId: r.salesmanId, salesmanName: r.salesmanName, date: r.date, at: r.start.at, position: r.start.position, flagged: r.flagged }];
  });
  return { checkIns, truncated };
}
