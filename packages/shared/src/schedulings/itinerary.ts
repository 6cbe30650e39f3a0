import type { Address } from '../schemas/clients';
import type { ItinerarySummary, Scheduling, SchedulingSummary } from '../schemas/schedulings';
import { itineraryId } from '../schemas/schedulings';

/**
 * The rules of an itinerary (docs/schedulings.md "Itineraries") the server and the device share:
 * a day's order, where a stop is (its client's main address) and how its address reads, and the
 * day's summary. The server's `Itineraries` and the device's itinerary (docs/offline.md, "The day's
 * itinerary offline") call these, so both answer the same day the same way.
 */

type Sequenced = Pick<SchedulingSummary, 'sequence' | 'scheduledStart' | 'clientName'>;

/** A day in its order: by sequence (none last), then the time scheduled (none last), then the client's name. */
export function inSequence<T extends Sequenced>(day: readonly T[]): T[] {
  const key = (s: T) => [s.sequence ?? Number.MAX_SAFE_INTEGER, s.scheduledStart ?? '99:99', s.clientName] as const;
  return [...day].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0] - y[0] || x[1].localeCompare(y[1]) || x[2].localeCompare(y[2], 'pt-BR');
  });
}

type AddressLike = Pick<Address, 'main' | 'street' | 'number' | 'neighborhood' | 'city'> & Partial<Pick<Address, 'latitude' | 'longitude'>>;

/** A client's main address (its first when none is marked main), or null. */
export const mainAddress = <A extends Pick<AddressLike, 'main'>>(c: { addresses: readonly A[] }): A | null => c.addresses.find((a) => a.main) ?? c.addresses[0] ?? null;

/** The stop's address as the itinerary shows it: "street, number - neighbourhood - city" (the empty parts left out). */
export const stopAddress = (a: Pick<AddressLike, 'street' | 'number' | 'neighborhood' | 'city'>): string =>
  [[a.street, a.number].filter(Boolean).join(', '), a.neighborhood, a.city].filter(Boolean).join(' - ');

/** The address's own coordinates (null: it has none; the server may still geocode it, the device cannot). */
export const ownPoint = (a: Pick<AddressLike, 'latitude' | 'longitude'> | null): { latitude: number; longitude: number } | null =>
  a && a.latitude != null && a.longitude != null ? { latitude: a.latitude, longitude: a.longitude } : null;

/** One owner's day summarised (the itineraries' list): its stops not cancelled, how many done and flagged, where it begins and ends. */
export function summariseDay(date: string, salesmanId: string, day: readonly SchedulingSummary[]): ItinerarySummary {
  const stops = inSequence(day.filter((s) => s.status !== 'cancelled'));
  return {
    id: itineraryId(date, salesmanId),
    date,
    salesmanId,
    salesmanName: day[0]?.salesmanName ?? null,
    stops: stops.length,
    completed: stops.filter((s) => s.status === 'completed').length,
    flagged: stops.filter((s) => s.flagged).length,
    first: stops[0]?.clientName ?? null,
    last: stops[stops.length - 1]?.clientName ?? null,
  };
}

/** What a list row and an itinerary's stop carry of a scheduling (the server's list items, the device's stops). */
export function schedulingSummary(s: Scheduling): SchedulingSummary {
  return {
    id: s.id,
    name: s.name,
    date: s.date,
    scheduledStart: s.scheduledStart,
    status: s.status,
    clientId: s.clientId,
    clientName: s.clientName,
    city: s.city,
    neighbourhood: s.neighbourhood,
    routeId: s.routeId,
    salesmanId: s.salesmanId,
    salesmanName: s.salesmanName,
    typeId: s.typeId,
    typeName: s.typeName,
    contactMode: s.contactMode,
    flagged: s.flagged,
    sequence: s.sequence,
    returnSequence: s.returnSequence ?? null,
    updatedAt: s.updatedAt,
  };
}
