import { inSequence, mainAddress, ownPoint, schedulingSummary, stopAddress, summariseDay } from '@ev/shared/schedulings/itinerary';
import { itineraryId, type Itinerary, type ItinerarySummary, type ItineraryStop, type Scheduling } from '@ev/shared/schemas/schedulings';
import { withDeviceVisit, type DeviceVisit } from './visit-offline';

/**
 * The day's itinerary from the device (docs/offline.md, "The day's itinerary offline"): the held
 * schedulings of a day, in their sequence, each with what its visit has waiting to send, and where
 * each client is (the held client's main address and its own coordinates), in the server's answer's
 * shape through the rules the server uses (`@ev/shared/schedulings/itinerary`). Pure: the held
 * records in, the answer out.
 */

/** A client as far as its place goes (the device's `Client`). */
interface HeldClient {
  addresses: readonly { main: boolean; street: string; number: string | null; neighborhood: string | null; city: string; latitude?: number | null; longitude?: number | null }[];
}

/** The itinerary as the device answers it: `fromDevice`, and the stops whose visit waits to send. */
export type ItineraryShown = Itinerary & { fromDevice?: boolean; waiting?: string[] };

/** The itineraries' list of a day, from the device: the owner's own day (the device holds only his). */
export function deviceItinerariesOf(date: string, held: readonly Scheduling[], visits: ReadonlyMap<string, DeviceVisit>): ItinerarySummary[] {
  const byOwner = new Map<string, Scheduling[]>();
  for (const s of held) {
    if (s.date !== date) continue;
    const shown = withDeviceVisit(s, visits.get(s.id) ?? null);
    byOwner.set(s.salesmanId, [...(byOwner.get(s.salesmanId) ?? []), shown]);
  }
  return [...byOwner.entries()].map(([owner, day]) => summariseDay(date, owner, day)).sort((a, b) => (a.salesmanName ?? '').localeCompare(b.salesmanName ?? '', 'pt-BR'));
}

/**
 * One owner's day from the device, or null when it holds none of it. The company's settings are
 * not on the device: no strict order said, no company point, the map on a plain background.
 */
export function deviceItineraryOf(
  date: string,
  salesmanId: string,
  held: readonly Scheduling[],
  clients: ReadonlyMap<string, HeldClient | null>,
  visits: ReadonlyMap<string, DeviceVisit>,
): ItineraryShown | null {
  const day = inSequence(held.filter((s) => s.date === date && s.salesmanId === salesmanId).map((s) => withDeviceVisit(s, visits.get(s.id) ?? null)));
  if (!day.length) return null;
  const live = day.filter((s) => s.status !== 'cancelled');
  const stops = live.map((s): ItineraryStop => {
    const client = clients.get(s.clientId);
    const address = client ? mainAddress(client) : null;
    const place = ownPoint(address);
    return {
      ...schedulingSummary(s),
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      address: address ? stopAddress(address) : null,
      distance: s.start?.distance ?? null,
    };
  });
  return {
    id: itineraryId(date, salesmanId),
    date,
    salesmanId,
    salesmanName: day[0]!.salesmanName,
    strictOrder: false,
    stops,
    cancelled: day.filter((s) => s.status === 'cancelled'),
    companyPoint: null,
    map: { zoom: 15, token: null },
    fromDevice: true,
    waiting: live.filter((s) => visits.has(s.id)).map((s) => s.id),
  };
}
