import type { Sale } from '@ev/shared/schemas/sales';
import { isValued, SaleScopes, SalesRepository } from './repository';

/** Where a closed sale was closed (its geolocation, null when none was taken), for the management map. */
export interface SalePlace {
  id: string;
  number: number | null;
  clientName: string | null;
  salesmanId: string | null;
  orderDate: string;
  closedAt: string | null;
  geolocation: Sale['geolocation'];
}

/**
 * For another module's read (the management map, docs/management.md): the closed sales whose order
 * date lies in a period, neither cancelled nor refunded, of these owners (null: the whole company),
 * oldest first, at most `max` rows read (`truncated` when there were more), each with where it was
 * closed. The caller has checked its own subject and resolved the record scope (the owners). Reads
 * a key range of each owner's list partition (or the company's) and, of the rows' headers, the
 * close's time and position, in BatchGets of 100: never more than `max` + 1 rows a partition, whatever the company's size.
 */
export async function placesInPeriod(owners: string[] | null, from: string, until: string, max: number): Promise<{ places: SalePlace[]; truncated: boolean }> {
  const bases = owners === null ? [SaleScopes.all] : owners.map(SaleScopes.salesman);
  const read = (await Promise.all(bases.map((b) => SalesRepository.inPeriod(b, from, until, max + 1)))).flat();
  const rows = read.sort((a, b) => a.orderDate.localeCompare(b.orderDate) || (a.number ?? 0) - (b.number ?? 0));
  const truncated = rows.length > max;
  const kept = rows.slice(0, max).filter(isValued);
  const headers = new Map((await SalesRepository.closePlaces(kept.map((r) => r.id))).map((h) => [h.id, h]));
  const places = kept.flatMap((r) => {
    const h = headers.get(r.id);
    return h ? [{ id: r.id, number: r.number, clientName: r.clientName, salesmanId: r.salesmanId, orderDate: r.orderDate, closedAt: h.closedAt, geolocation: h.geolocation ?? null }] : [];
  });
  return { places, truncated };
}
