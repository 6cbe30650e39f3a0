import { addDays, weekday, zonedInstant } from '@ev/shared/calendar';
import { occurrencesTypes } from '@ev/shared/registries/occurrences-types';
import { schedulingsTypes } from '@ev/shared/registries/schedulings-types';
import { distanceMeters } from '@ev/shared/schedulings/geo';
import type { CheckIn, ContactMode, Scheduling } from '@ev/shared/schemas/schedulings';
import { Clients, type ClientRecord } from '../clients';
import { Clock, timestamp } from '../clock';
import { bulkCreate } from '../db/bulk';
import { newId } from '../ids';
import { Registries } from '../registries';
import { Tenants } from '../tenants';
import { mainAddress } from './places';
import { SchedulingsRepository, type SchedulingRecord } from './repository';

/**
 * The demo's field work (issue 15, docs/schedulings.md "Demo"): for each salesman, the last three
 * working weeks of visits, calls and e-mails done (check-ins near the clients, about one visit in
 * twelve started far away and flagged, some cancelled), and today's and the next two weeks' pending
 * ones, a handful a working day: each day an itinerary, today's and the next working day's already
 * in sequence. Written in bulk with the module's own create steps (the records are the ones the
 * services would have written: same list, search, day and reference items).
 */
export interface DemoFieldWork {
  salesmen: { id: string; name: string }[];
  /** Who scheduled them (the office). */
  createdBy: string;
  /** Working days back and ahead (default 15 and 10), stops a day per salesman (default 5). */
  pastDays?: number;
  nextDays?: number;
  perDay?: number;
}

/** A small deterministic generator: the same demo every time. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

/** Whether the field works on `date`: Monday to Friday (the calendar keeps no holidays). */
const isWorkingDay = (date: string) => weekday(date) !== 0 && weekday(date) !== 6;

/** `count` working days from `from` (itself included when it is one and `includeFrom`), towards `step`. */
const workingDays = (from: string, step: 1 | -1, count: number, includeFrom: boolean) => {
  const out: string[] = [];
  for (let d = includeFrom ? from : addDays(from, step); out.length < count; d = addDays(d, step)) if (isWorkingDay(d)) out.push(d);
  return out;
};

/** A point `metres` away from `at`, towards `bearing` (radians): near enough to a plane at these distances. */
function offset(at: { latitude: number; longitude: number }, metres: number, bearing: number) {
  const dLat = (metres * Math.cos(bearing)) / 111_320;
  const dLng = (metres * Math.sin(bearing)) / (111_320 * Math.cos((at.latitude * Math.PI) / 180));
  return { latitude: Number((at.latitude + dLat).toFixed(6)), longitude: Number((at.longitude + dLng).toFixed(6)) };
}

export async function seedFieldWork(clientIds: string[], work: DemoFieldWork): Promise<number> {
  const { tenant, timezone } = await Tenants.company();
  const today = Clock.today(timezone);
  // In sequence: every day done, today's (when today is a working day) and the next working day's,
  // found from today on the calendar: on a Saturday or a Sunday that is the Monday, though today is
  // none of the days listed.
  const nextWorkingDay = workingDays(today, 1, 1, false)[0]!;
  const tolerance = tenant.settings.scheduling.checkInTolerance;
  const [clients, types, occurrences] = await Promise.all([
    Clients.findMany(clientIds),
    Registries.list(schedulingsTypes, { limit: 100 }),
    Registries.list(occurrencesTypes, { limit: 100 }),
  ]);
  const type = (name: string) => {
    const t = types.items.find((r) => r.name === name) ?? types.items[0]!;
    return { id: t.id, name: String(t.name), contactMode: ((t as { type?: string }).type ?? 'visit') as ContactMode };
  };
  const occurrence = (name: string) => occurrences.items.find((r) => r.name === name) ?? occurrences.items[0]!;
  const rnd = random(15);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const placeOf = (c: ClientRecord) => {
    const a = mainAddress(c);
    return a?.latitude != null && a.longitude != null ? { latitude: a.latitude, longitude: a.longitude } : null;
  };
  const perDay = work.perDay ?? 5;
  const records: SchedulingRecord[] = [];

  for (const salesman of work.salesmen) {
    // His active clients in good standing, west to east: neighbours in the list are neighbours in town.
    const own = clients
      .filter((c) => c.salesmanId === salesman.id && c.status === 'active' && c.situation === 'normal' && mainAddress(c))
      .sort((a, b) => (placeOf(a)?.longitude ?? 0) - (placeOf(b)?.longitude ?? 0));
    if (!own.length) continue;
    const days = [...workingDays(today, -1, work.pastDays ?? 15, false).reverse(), ...workingDays(today, 1, (work.nextDays ?? 10) + 1, true)];
    for (const date of days) {
      const done = date < today;
      // One part of town a day (the clients sorted by where they are), as a salesman plans a route.
      const start = Math.floor(rnd() * own.length);
      const chosen = Array.from({ length: Math.min(perDay, own.length) }, (_, k) => own[(start + k) % own.length]!);
      const sequenced = done || date === today || date === nextWorkingDay;
      chosen.forEach((client, k) => {
        const roll = rnd();
        const t = type(roll < 0.7 ? 'Visita de venda' : roll < 0.8 ? 'Visita técnica' : roll < 0.95 ? 'Ligação de cobrança' : 'E-mail de pós-venda');
        const hour = 8 + Math.floor((k * 9) / perDay);
        const minute = k % 2 ? 30 : 0;
        const scheduledStart = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
        const address = mainAddress(client)!;
        // Scheduled three days before its day, at 17:00, or now for one further ahead: nothing is written in the future.
        const createdAt = timestamp(Math.min(zonedInstant(addDays(date, -3), 17, 0, timezone), Clock.now()));
        let status: Scheduling['status'] = 'pending';
        let startIn: CheckIn | null = null;
        let endIn: CheckIn | null = null;
        let duration: number | null = null;
        let flagged = false;
        let occ: { id: string; name: string } | null = null;
        if (done) {
          status = rnd() < 0.08 ? 'cancelled' : 'completed';
          if (status === 'completed') {
            const began = zonedInstant(date, hour, minute + Math.floor(rnd() * 20), timezone);
            duration = (10 + Math.floor(rnd() * 35)) * 60;
            const place = placeOf(client);
            const visit = t.contactMode === 'visit';
            const far = visit && rnd() < 0.08;
            const fix = (at: number) => {
              if (!visit || !place) return null;
              const pos = offset(place, far ? 1200 + rnd() * 2500 : 10 + rnd() * 110, rnd() * 2 * Math.PI);
              return { ...pos, accuracy: Math.round(6 + rnd() * 40), heading: null, speed: 0, altitude: 520 + Math.round(rnd() * 40), altitudeAccuracy: 10, takenAt: at - 5000 };
            };
            const checkIn = (at: number): CheckIn => {
              const position = fix(at);
              return { at: timestamp(at), position, userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36', distance: position && place ? Math.round(distanceMeters(position, place)) : null, offline: null };
            };
            startIn = checkIn(began);
            endIn = checkIn(began + duration * 1000);
            flagged = visit && startIn.distance !== null && startIn.distance > tolerance;
            const o = occurrence(t.contactMode === 'call' ? pick(['Cobrança de título vencido', 'Pedido realizado']) : pick(['Pedido realizado', 'Pedido realizado', 'Cliente ausente', 'Sem interesse']));
            occ = { id: o.id, name: String(o.name) };
          }
        }
        records.push({
          id: newId(),
          name: `${t.name} - ${client.name}`,
          date,
          scheduledStart,
          scheduledEnd: null,
          status,
          clientId: client.id,
          clientName: client.name,
          city: address.city ?? null,
          neighbourhood: address.neighborhood ?? null,
          routeId: client.routeId ?? null,
          salesmanId: salesman.id,
          salesmanName: salesman.name,
          typeId: t.id,
          typeName: t.name,
          contactMode: t.contactMode,
          occurrenceTypeId: occ?.id ?? null,
          occurrenceTypeName: occ?.name ?? null,
          observations: k === 0 && !done ? 'Levar o catálogo novo e a tabela de Natal.' : null,
          closingObservations: occ ? (occ.name === 'Pedido realizado' ? 'Pedido lançado no aplicativo.' : null) : null,
          start: startIn,
          end: endIn,
          duration,
          flagged,
          sequence: sequenced ? k + 1 : null,
          returnSequence: sequenced ? chosen.length - k : null,
          createdBy: work.createdBy,
          createdAt,
          updatedAt: endIn?.at ?? createdAt,
          version: status === 'pending' ? 1 : 3,
          // Done on its day (the check-ins are that day's, in the company's time zone): its figures count on it.
          closedOn: done ? date : null,
        });
      });
    }
  }
  await bulkCreate(records.flatMap((s) => SchedulingsRepository.createSteps(s)));
  return records.length;
}
