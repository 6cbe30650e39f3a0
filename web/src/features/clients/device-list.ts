import type { Client, ClientSummary } from '@ev/shared/schemas/clients';

/**
 * The clients list without signal (docs/offline.md, "Clients offline"), its pure half: a client the
 * device holds as the list's row, and the device's answer filtered as the API filters.
 */

/** Most rows the device's list shows at once (one page, no cursor): the search narrows the rest. */
export const DEVICE_LIST_MAX = 100;

const mainAddress = (c: Pick<Client, 'addresses'>) => c.addresses.find((a) => a.main) ?? c.addresses[0];

/** A held client as the list's row: the API's `clientSummary`, the city and state of the main address (or the first). */
export function clientSummaryOf(c: Client): ClientSummary {
  const main = mainAddress(c);
  return {
    id: c.id,
    name: c.name,
    nickname: c.nickname ?? null,
    document: c.document ?? null,
    phone1: c.phone1 ?? null,
    email: c.email ?? null,
    city: main?.city ?? null,
    state: main?.state ?? null,
    status: c.status,
    situation: c.situation,
    incomplete: c.incomplete,
    blocked: c.blocked,
    salesmanId: c.salesmanId ?? null,
    regionId: c.regionId ?? null,
    routeId: c.routeId ?? null,
    segmentId: c.segmentId ?? null,
    walletId: c.walletId ?? null,
  };
}

/** The filter's fields a held client is compared on (each its own field, as the API's partitions). */
const FILTERED = ['status', 'situation', 'salesmanId', 'regionId', 'routeId', 'segmentId', 'walletId'] as const;

/** The list's filter (`ClientFilter`) as far as the device compares it. */
export type DeviceFilter = Partial<Record<(typeof FILTERED)[number], string>>;

/**
 * The device's page: the clients the search found (already in the device's order: by name),
 * filtered by status, situation, salesman, region, route, segment and wallet (every filter of the
 * list is a field of the held record), as rows, at most `max`; `total` how many matched.
 */
export function deviceClientRows(found: readonly Client[], f: DeviceFilter, max = DEVICE_LIST_MAX): { items: ClientSummary[]; total: number } {
  const wanted = FILTERED.filter((k) => !!f[k]?.trim());
  const matched = found.filter((c) => wanted.every((k) => c[k] === f[k]!.trim()));
  return { items: matched.slice(0, max).map(clientSummaryOf), total: matched.length };
}
