import { optimiseRoute } from '@ev/shared/schedulings/optimise';
import type { Point } from '@ev/shared/schedulings/geo';
import { mainAddress, stopAddress, summariseDay } from '@ev/shared/schedulings/itinerary';
import { ItinerariesQuery, ItineraryOptimise, ItineraryOrder, parseItineraryId, SchedulingTexts, type Itinerary, type ItineraryProposal, type ItineraryStop, type ItinerarySummary, type SchedulingSummary } from '@ev/shared/schemas/schedulings';
import type { Said } from '@ev/shared/texts';
import type { z } from 'zod';
import { Clients } from '../clients';
import { Clock, timestamp } from '../clock';
import { authorize } from '../context';
import { notFound } from '../db/records';
import { transactEach } from '../db/tx';
import { DomainError } from '../errors';
import { Logs } from '../logs';
import { Scope, ScopeRules } from '../scope';
import { Tenants } from '../tenants';
import { Users } from '../users';
import { parseInput } from '../validation';
import { whereIs } from './places';
import { publicScheduling, SchedulingScopes, SchedulingsRepository } from './repository';

/**
 * Itineraries (issue 15, docs/schedulings.md "Itineraries"): an owner's day of schedulings, in
 * sequence. Not a record of its own: the day's schedulings are it, read from the owner's day
 * partition, and its order is their `sequence` (and `returnSequence`, the way back). Scope as the
 * schedulings: an itinerary of someone outside it is a 404.
 */

const conflict = (code: string, said: Said) => new DomainError(`schedulings.${code}`, said, 'conflict');

async function scope() {
  return Scope.current(ScopeRules.owned, 'agendamentos');
}

/** The day's itineraries in the user's scope: one per owner with schedulings that day (today by default). */
async function listDay(raw: z.input<typeof ItinerariesQuery>): Promise<{ date: string; items: ItinerarySummary[]; scope: { kind: 'all' | 'team' | 'own'; salesmen: number | null } }> {
  authorize('read', 'agendamentos');
  const q = parseInput(ItinerariesQuery, raw);
  const { timezone } = await Tenants.company();
  const date = q.date ?? Clock.today(timezone);
  const { owners, seen } = Scope.listOwners(await scope(), q.salesmanId);
  if (owners && owners.length === 0) return { date, items: [], scope: seen };
  const bases = owners ? owners.map(SchedulingScopes.salesman) : [SchedulingScopes.all];
  const rows = await SchedulingsRepository.onDate(bases, date);
  const byOwner = new Map<string, SchedulingSummary[]>();
  for (const r of rows) {
    const day = byOwner.get(r.salesmanId);
    if (day) day.push(r);
    else byOwner.set(r.salesmanId, [r]);
  }
  const items = [...byOwner.entries()].map(([salesmanId, day]) => summariseDay(date, salesmanId, day));
  items.sort((a, b) => (a.salesmanName ?? '').localeCompare(b.salesmanName ?? '', 'pt-BR'));
  return { date, items, scope: seen };
}

/** The owner and date of an itinerary the user may see, or 404. */
async function visibleDay(id: string): Promise<{ date: string; salesmanId: string; day: SchedulingSummary[] }> {
  const { date, salesmanId } = parseItineraryId(id);
  if (!Scope.includes(await scope(), salesmanId)) throw notFound();
  const day = await SchedulingsRepository.day(salesmanId, date);
  if (!day.length) throw notFound();
  return { date, salesmanId, day };
}

async function get(id: string): Promise<Itinerary> {
  authorize('read', 'agendamentos');
  const { date, salesmanId, day } = await visibleDay(id);
  const { tenant } = await Tenants.company();
  const live = day.filter((s) => s.status !== 'cancelled');
  // Where each stop is: its client's main address, located (coordinates, or the geocoding port).
  const [clients, full, owner] = await Promise.all([
    Clients.findMany([...new Set(live.map((s) => s.clientId))]),
    SchedulingsRepository.getMany(live.filter((s) => s.status !== 'pending').map((s) => s.id)),
    Users.record(salesmanId),
  ]);
  const clientOf = new Map(clients.map((c) => [c.id, c]));
  const startOf = new Map(full.map((s) => [s.id, publicScheduling(s).start]));
  const stops = await Promise.all(live.map(async (s): Promise<ItineraryStop> => {
    const client = clientOf.get(s.clientId);
    const address = client ? mainAddress(client) : null;
    const place = client ? await whereIs(client) : null;
    return {
      ...s,
      returnSequence: s.returnSequence ?? null,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      address: address ? stopAddress(address) : null,
      distance: startOf.get(s.id)?.distance ?? null,
    };
  }));
  const map = tenant.settings.map;
  return {
    id,
    date,
    salesmanId,
    salesmanName: owner?.name ?? day[0]!.salesmanName,
    strictOrder: tenant.settings.scheduling.strictOrder,
    stops,
    cancelled: day.filter((s) => s.status === 'cancelled'),
    companyPoint: { latitude: map.latitude, longitude: map.longitude },
    map: { zoom: map.zoom, token: map.mapsToken || null },
  };
}

/**
 * The day in a new order: every stop not cancelled, each once. Sequences 1…n and return sequences
 * n…1 are written to the schedulings whose place changed, each in its own transaction over the
 * version read; a day changed meanwhile (a stop added, cancelled or moved) answers 409.
 */
async function reorder(id: string, raw: unknown): Promise<Itinerary> {
  authorize('update', 'agendamentos');
  const { order } = parseInput(ItineraryOrder, raw);
  const { day } = await visibleDay(id);
  const live = day.filter((s) => s.status !== 'cancelled');
  const same = order.length === live.length && new Set(order).size === order.length && live.every((s) => order.includes(s.id));
  if (!same) throw conflict('itinerary_changed', SchedulingTexts.itineraryChanged());
  const records = new Map((await SchedulingsRepository.getMany(order)).map((s) => [s.id, s]));
  const now = timestamp();
  const writes = order.flatMap((sid, i) => {
    const before = records.get(sid);
    if (!before || before.status === 'cancelled') throw conflict('itinerary_changed', SchedulingTexts.itineraryChanged());
    const sequence = i + 1;
    const returnSequence = order.length - i;
    if (before.sequence === sequence && before.returnSequence === returnSequence) return [];
    const after = { ...publicScheduling(before), sequence, returnSequence, updatedAt: now, version: before.version + 1 };
    return [SchedulingsRepository.replaceSteps(before, after)];
  });
  await transactEach(writes);
  Logs.audit('schedulings.itinerary_reorder', { itinerary: id, moved: writes.length });
  return get(id);
}

/**
 * A shorter order for the day's stops (nearest neighbour and 2-opt over straight-line distances,
 * never longer than the current order), from the first stop, the company's point or the user's
 * position. A proposal: nothing is written until the user saves the order. Stops without a known
 * place stay at the end in their order.
 */
async function optimise(id: string, raw: unknown): Promise<ItineraryProposal> {
  authorize('read', 'agendamentos');
  const input = parseInput(ItineraryOptimise, raw);
  const itinerary = await get(id);
  const located = itinerary.stops.filter((s) => s.latitude !== null && s.longitude !== null);
  const unlocated = itinerary.stops.filter((s) => s.latitude === null || s.longitude === null);
  const start: Point | null = input.from === 'position' ? input.position : input.from === 'company' ? itinerary.companyPoint : null;
  const route = optimiseRoute(located.map((s) => ({ latitude: s.latitude!, longitude: s.longitude! })), start);
  return {
    order: [...route.order.map((i) => located[i]!.id), ...unlocated.map((s) => s.id)],
    before: Math.round(route.before),
    after: Math.round(route.after),
    start,
    unlocated: unlocated.map((s) => s.id),
  };
}

export const Itineraries = { listDay, get, reorder, optimise };
