import { businessDate, timestampMs } from '@ev/shared/calendar';
import { occurrencesTypes } from '@ev/shared/registries/occurrences-types';
import { schedulingsTypes } from '@ev/shared/registries/schedulings-types';
import { visitFixRefusal } from '@ev/shared/schedulings/check-in';
import { distanceMeters } from '@ev/shared/schedulings/geo';
import { spreadCapacity, spreadDates } from '@ev/shared/schedulings/spread';
import { MAX_OFFLINE_AGE_DAYS, MAX_OFFLINE_AHEAD_SECONDS, SchedulingCancel, SchedulingClose, SchedulingCreate, SchedulingCreateMany, SchedulingsListQuery, SchedulingStart, SchedulingTexts, SchedulingUpdate, type CheckIn, type ContactMode, type GeoFix, type OfflineAction, type Scheduling, type SchedulingDetail, type SchedulingInput } from '@ev/shared/schemas/schedulings';
import { fold, searchTerms } from '@ev/shared/text';
import type { Said } from '@ev/shared/texts';
import type { z } from 'zod';
import { Clients, type ClientRecord } from '../clients';
import { Clock, timestamp } from '../clock';
import { authorize, currentUserActor } from '../context';
import { notFound, versionConflict } from '../db/records';
import { transact, transactEach } from '../db/tx';
import { DomainError, fieldError } from '../errors';
import { newId } from '../ids';
import { Logs } from '../logs';
import { Registries } from '../registries';
import { Scope, ScopeRules, type RecordScope } from '../scope';
import { Tenants } from '../tenants';
import { Users } from '../users';
import { parseInput } from '../validation';
import { checkInsInPeriod } from './check-ins';
import { mainAddress, whereIs } from './places';
import { AnotherActive, publicScheduling, SchedulingFigureScopes, SchedulingScopes, SchedulingsRepository, type SchedulingRecord } from './repository';

/**
 * Schedulings (issue 15, docs/schedulings.md): visits, calls and e-mails to a client on a date, each
 * owned by the user who does it. Scope: the platform's record scope under the "owned" rule (a
 * salesman his own, a supervisor his team's, staff the company's); outside it is a 404. Every
 * function here is what a request reaches and checks its subject (`agendamentos`) first.
 */

const invalid = (field: string, said: Said) => new DomainError('validation', said, 'validation', { fields: [fieldError(field, said)] });
const conflict = (code: string, said: Said) => new DomainError(`schedulings.${code}`, said, 'conflict');

function scope(): Promise<RecordScope> {
  return Scope.current(ScopeRules.owned, 'agendamentos');
}

/** A scheduling the current user may see, or 404. */
async function visible(id: string): Promise<SchedulingRecord> {
  const [s, sc] = await Promise.all([SchedulingsRepository.get(id), scope()]);
  if (!s || !Scope.includes(sc, s.salesmanId)) throw notFound();
  return s;
}

/** What a scheduling copies of its client, type and owner when it is written. */
interface Parts {
  client: ClientRecord;
  type: { id: string; name: string; contactMode: ContactMode };
  owner: { id: string; name: string | null };
}

async function parts(input: { clientId: string | null; typeId: string | null; salesmanId: string | null }, clients?: Map<string, ClientRecord>): Promise<Omit<Parts, 'client'> & { client: ClientRecord | null }> {
  const actor = currentUserActor();
  const ownerId = input.salesmanId ?? actor.userId;
  const [type, owner, sc] = await Promise.all([Registries.record(schedulingsTypes, input.typeId!), Users.record(ownerId), scope()]);
  if (!type || type.status === 'inactive') throw invalid('typeId', SchedulingTexts.typeMissing());
  // Someone outside the user's scope is not someone the user can schedule for (as with sales).
  if (!owner || !owner.active || !Scope.includes(sc, ownerId)) throw invalid('salesmanId', SchedulingTexts.ownerInvalid());
  const client = clients ? (clients.get(input.clientId!) ?? null) : await Clients.find(input.clientId!);
  return { client, type: { id: type.id, name: String(type.name), contactMode: (type.type as ContactMode | undefined) ?? 'visit' }, owner: { id: owner.id, name: owner.name } };
}

function record(id: string, input: Pick<SchedulingInput, 'date' | 'scheduledStart' | 'scheduledEnd' | 'observations'>, p: Parts, before: SchedulingRecord | null): Scheduling {
  const now = timestamp();
  const address = mainAddress(p.client);
  return {
    id,
    name: `${p.type.name} - ${p.client.name}`,
    date: input.date,
    scheduledStart: input.scheduledStart,
    scheduledEnd: input.scheduledEnd,
    status: before?.status ?? 'pending',
    clientId: p.client.id,
    clientName: p.client.name,
    city: address?.city ?? null,
    neighbourhood: address?.neighborhood ?? null,
    routeId: p.client.routeId ?? null,
    salesmanId: p.owner.id,
    salesmanName: p.owner.name,
    typeId: p.type.id,
    typeName: p.type.name,
    contactMode: p.type.contactMode,
    occurrenceTypeId: before?.occurrenceTypeId ?? null,
    occurrenceTypeName: before?.occurrenceTypeName ?? null,
    observations: input.observations ?? null,
    closingObservations: before?.closingObservations ?? null,
    start: before?.start ?? null,
    end: before?.end ?? null,
    duration: before?.duration ?? null,
    flagged: before?.flagged ?? false,
    // Kept while it stays in the same day; moved to another day or owner, it is ordered there anew.
    ...(before && before.date === input.date && before.salesmanId === p.owner.id
      ? { sequence: before.sequence, returnSequence: before.returnSequence ?? null }
      : { sequence: null, returnSequence: null }),
    createdBy: before?.createdBy ?? currentUserActor().userId,
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
    version: before ? before.version + 1 : 1,
  };
}

async function create(raw: unknown): Promise<Scheduling> {
  authorize('create', 'agendamentos');
  const input = parseInput(SchedulingCreate, raw);
  const p = await parts(input);
  const s = record(newId(), input, p as Parts, null);
  await transact(SchedulingsRepository.createSteps(s));
  Logs.audit('schedulings.create', { schedulingId: s.id });
  return s;
}

/**
 * One scheduling per chosen client (the clients list's selection), their dates spread as asked:
 * all on one day, or so many a day over a period (weekends skipped if asked), in the order the
 * clients were chosen. Clients outside the user's scope answer 404, as one by one.
 */
async function createMany(raw: unknown): Promise<{ items: Scheduling[] }> {
  authorize('create', 'agendamentos');
  const input = parseInput(SchedulingCreateMany, raw);
  const ids = [...new Set(input.clientIds)];
  const capacity = spreadCapacity(input.plan);
  if (capacity < ids.length) throw invalid('plan', SchedulingTexts.capacity({ capacity }));
  const dates = spreadDates(ids.length, input.plan);
  const found = new Map((await Promise.all(ids.map((id) => Clients.find(id)))).map((c) => [c.id, c]));
  const p = await parts({ clientId: ids[0]!, typeId: input.typeId, salesmanId: input.salesmanId }, found);
  const made = ids.map((clientId, i) => record(newId(), { date: dates[i]!, scheduledStart: null, scheduledEnd: null, observations: input.observations }, { ...p, client: found.get(clientId)! }, null));
  // A transaction per scheduling (each has its list, search and reference items), a few at once.
  await transactEach(made.map((s) => SchedulingsRepository.createSteps(s)));
  Logs.audit('schedulings.create_many', { count: made.length });
  return { items: made };
}

async function update(id: string, raw: unknown): Promise<Scheduling> {
  authorize('update', 'agendamentos');
  const { version, ...input } = parseInput(SchedulingUpdate, raw);
  const before = await visible(id);
  if (before.status !== 'pending') throw conflict('not_editable', SchedulingTexts.notEditable());
  if (before.version !== version) throw versionConflict();
  const p = await parts(input);
  const s = record(id, input, p as Parts, before);
  await transact(SchedulingsRepository.replaceSteps(before, s));
  return s;
}

async function get(id: string): Promise<SchedulingDetail> {
  authorize('read', 'agendamentos');
  const s = publicScheduling(await visible(id));
  if (s.status === 'completed' || s.status === 'cancelled') return { ...s, suggestedNextContact: null };
  // The type's estimated date, when still ahead, is the next contact the close proposes.
  const [type, { timezone }] = await Promise.all([Registries.record(schedulingsTypes, s.typeId), Tenants.company()]);
  const estimated = typeof type?.estimatedDate === 'string' ? type.estimatedDate : null;
  return { ...s, suggestedNextContact: estimated && estimated >= Clock.today(timezone) ? estimated : null };
}

/**
 * The pending list (pending and active, the next first) or the completed one (completed and
 * cancelled, the last first), in the user's scope, by period (a key range: the sort keys begin with
 * the date), type, client, salesman, route, city, neighbourhood, flagged; search by client or type.
 */
async function list(raw: z.input<typeof SchedulingsListQuery>) {
  authorize('read', 'agendamentos');
  const q = parseInput(SchedulingsListQuery, raw);
  const s = await scope();
  const { owners, seen } = Scope.listOwners(s, q.salesmanId);
  if (owners && owners.length === 0) return { items: [], nextCursor: null, scope: seen };
  const bases = owners ? owners.map(SchedulingScopes.salesman) : [SchedulingScopes.all];
  const checks: ((d: Record<string, unknown>) => boolean)[] = [];
  const done = q.list === 'completed';
  checks.push(done ? (d) => d.status === 'completed' || d.status === 'cancelled' : (d) => d.status === 'pending' || d.status === 'active');
  if (q.status) checks.push((d) => d.status === q.status);
  if (q.typeId) checks.push((d) => d.typeId === q.typeId);
  if (q.clientId) checks.push((d) => d.clientId === q.clientId);
  if (q.routeId) checks.push((d) => d.routeId === q.routeId);
  if (q.city) checks.push((d) => fold(String(d.city ?? '')) === fold(q.city!));
  if (q.neighbourhood) checks.push((d) => fold(String(d.neighbourhood ?? '')) === fold(q.neighbourhood!));
  if (q.flagged) checks.push((d) => d.flagged === (q.flagged === 'true'));
  if (q.from) checks.push((d) => String(d.date) >= q.from!);
  if (q.until) checks.push((d) => String(d.date) <= q.until!);
  const match = (d: Record<string, unknown>) => checks.every((c) => c(d));
  const terms = searchTerms(q.q);
  // The flagged ones have partitions of their own (rare among many: a filter would read far more than it finds).
  const partitions = bases.map((b) => (q.flagged === 'true' ? SchedulingScopes.flagged(b) : SchedulingScopes.list(b, q.list)));
  const page = { cursor: q.cursor, limit: q.limit, query: `schedulings|${partitions.join(',')}|${terms.join(' ')}|${JSON.stringify({ ...q, cursor: undefined })}` };
  const range = q.from || q.until ? { from: q.from ?? '0000-00-00', to: q.until ?? '9999-12-31' } : undefined;
  const res = terms.length
    ? await SchedulingsRepository.search(bases.map((b) => SchedulingScopes.list(b, q.list)), terms, page, { match, readFactor: 3 })
    : await SchedulingsRepository.list(partitions, page, { order: done ? 'desc' : 'asc', match, readFactor: 5, range });
  return { items: res.items, nextCursor: res.nextCursor, scope: seen };
}

/** Only the owner checks in: the start and the close prove where that user was. */
function ownerOnly(s: SchedulingRecord): void {
  if (s.salesmanId !== currentUserActor().userId) throw conflict('not_owner', SchedulingTexts.notOwner());
}

/**
 * Where the company demands strict order, a stop of an itinerary starts only when every stop
 * before it in the day's sequence is done (completed or cancelled).
 */
async function inOrder(s: SchedulingRecord): Promise<void> {
  const { tenant } = await Tenants.company();
  if (!tenant.settings.scheduling.strictOrder) return;
  const day = await SchedulingsRepository.day(s.salesmanId, s.date);
  for (const other of day) {
    if (other.id === s.id) return;
    if (other.status === 'pending' || other.status === 'active') throw conflict('out_of_order', SchedulingTexts.outOfOrder({ name: other.clientName }));
  }
}

/**
 * An action taken offline and sent later (issue 45) is judged on the device's time of the action:
 * it may be at most 5 minutes ahead of the server's clock and at most 7 days old (400 on
 * `offline.at`).
 */
function checkOfflineTime(offline: OfflineAction | null): void {
  if (!offline) return;
  const ahead = timestampMs(offline.at) - Clock.now();
  if (ahead > MAX_OFFLINE_AHEAD_SECONDS * 1000) throw invalid('offline.at', SchedulingTexts.deviceAhead({ minutes: Math.ceil(ahead / 60_000) }));
  if (-ahead > MAX_OFFLINE_AGE_DAYS * 86_400_000) throw invalid('offline.at', SchedulingTexts.offlineTooOld());
}

/**
 * The scheduling as it is when this offline action was already recorded under the same key (the
 * device's queue sent it again: its answer was lost, or two sends crossed); null otherwise.
 */
function replayed(s: SchedulingRecord | undefined, side: 'start' | 'end', offline: OfflineAction | null): Scheduling | null {
  return s && offline && s[side]?.offline?.key === offline.key ? publicScheduling(s) : null;
}

/**
 * A check-in (a start or a close): the browser's fix and user agent, the distance from the client's
 * main address. Where the company requires geolocation and the contact is a visit, a start without
 * a fix, with a fix less precise than the company's minimum, or older than two minutes is refused.
 * Offline, the check-in is at the device's time of the action and the fix's age is judged against
 * it: taken more than two minutes before the action, or more than a minute after it, is refused.
 */
async function checkIn(s: SchedulingRecord, position: GeoFix | null, userAgent: string | null, enforce: boolean, offline: OfflineAction | null): Promise<CheckIn> {
  const { tenant } = await Tenants.company();
  const rules = tenant.settings.scheduling;
  const now = timestamp();
  const at = offline?.at ?? now;
  if (enforce) {
    // The same rule the device applies before queueing a start made without signal.
    const refused = visitFixRefusal({ contactMode: s.contactMode, rules, position, actionAt: offline ? timestampMs(at) : null, now: Clock.now() });
    if (refused) throw invalid('position', refused);
  }
  const client = position ? await Clients.find(s.clientId).catch(() => null) : null;
  const place = client ? await whereIs(client) : null;
  const distance = position && place ? Math.round(distanceMeters(position, place)) : null;
  return { at, position, userAgent: userAgent?.slice(0, 500) ?? null, distance, offline: offline ? { key: offline.key, receivedAt: now } : null };
}

/** When the record is written: now (an offline check-in's `at` is the device's, its arrival `receivedAt`). */
const writtenAt = (c: CheckIn) => c.offline?.receivedAt ?? c.at;

async function start(id: string, raw: unknown, userAgent: string | null = null): Promise<Scheduling> {
  authorize('update', 'agendamentos');
  const input = parseInput(SchedulingStart, raw);
  const before = await visible(id);
  // The device's queue sending again a start already recorded: the scheduling as it is now.
  const again = replayed(before, 'start', input.offline);
  if (again) {
    ownerOnly(before);
    return again;
  }
  checkOfflineTime(input.offline);
  if (before.status !== 'pending') throw conflict('not_pending', SchedulingTexts.notPending());
  if (before.version !== input.version) throw versionConflict();
  ownerOnly(before);
  await inOrder(before);
  const at = await checkIn(before, input.position, userAgent, true, input.offline);
  const { tenant } = await Tenants.company();
  const flagged = before.contactMode === 'visit' && at.distance !== null && at.distance > tenant.settings.scheduling.checkInTolerance;
  const after: Scheduling = { ...publicScheduling(before), status: 'active', start: at, flagged, updatedAt: writtenAt(at), version: before.version + 1 };
  try {
    await transact([SchedulingsRepository.takeActiveStep(before.salesmanId, id), ...SchedulingsRepository.replaceSteps(before, after)]);
  } catch (e) {
    // The same offline start sent twice at once: the other send wrote it (its guard or its version won).
    const crossed = input.offline && (e instanceof AnotherActive || (e instanceof DomainError && e.kind === 'conflict')) ? replayed(await SchedulingsRepository.get(id), 'start', input.offline) : null;
    if (crossed) return crossed;
    if (!(e instanceof AnotherActive)) throw e;
    const other = await SchedulingsRepository.activeOf(before.salesmanId);
    const name = other ? ((await SchedulingsRepository.get(other))?.name ?? '') : '';
    throw conflict('another_active', SchedulingTexts.anotherActive({ name }));
  }
  Logs.audit('schedulings.start', { schedulingId: id, distance: at.distance, flagged, ...(at.offline && { offline: true }) });
  return after;
}

async function close(id: string, raw: unknown, userAgent: string | null = null): Promise<Scheduling> {
  authorize('update', 'agendamentos');
  const input = parseInput(SchedulingClose, raw);
  const before = await visible(id);
  // The device's queue sending again a close already recorded: the scheduling as it is now.
  const again = replayed(before, 'end', input.offline);
  if (again) {
    ownerOnly(before);
    return again;
  }
  checkOfflineTime(input.offline);
  if (before.status === 'completed' || before.status === 'cancelled') throw conflict('already_closed', SchedulingTexts.alreadyClosed());
  if (before.status !== 'active' || !before.start) throw conflict('not_started', SchedulingTexts.notStarted());
  if (before.version !== input.version) throw versionConflict();
  ownerOnly(before);
  if (input.offline && timestampMs(input.offline.at) < timestampMs(before.start.at)) throw invalid('offline.at', SchedulingTexts.closeBeforeStart());
  const occurrence = await Registries.record(occurrencesTypes, input.occurrenceTypeId!);
  if (!occurrence || occurrence.status === 'inactive') throw invalid('occurrenceTypeId', SchedulingTexts.occurrenceMissing());
  const at = await checkIn(before, input.position, userAgent, false, input.offline);
  const duration = Math.max(0, Math.round((timestampMs(at.at) - timestampMs(before.start.at)) / 1000));
  const after: Scheduling = {
    ...publicScheduling(before),
    status: 'completed',
    occurrenceTypeId: occurrence.id,
    occurrenceTypeName: String(occurrence.name),
    closingObservations: input.closingObservations ?? null,
    end: at,
    duration,
    updatedAt: writtenAt(at),
    version: before.version + 1,
  };
  // Closed on the company's business day of the close (offline, the device's day of the action): the day its figures count on.
  const { timezone } = await Tenants.company();
  const closedOn = businessDate(timezone, timestampMs(at.at));
  try {
    await transact([SchedulingsRepository.releaseActiveStep(before.salesmanId, id), ...SchedulingsRepository.replaceSteps(before, after, closedOn)]);
  } catch (e) {
    // The same offline close sent twice at once: the other send wrote it.
    const crossed = input.offline && e instanceof DomainError && e.kind === 'conflict' ? replayed(await SchedulingsRepository.get(id), 'end', input.offline) : null;
    if (crossed) return crossed;
    throw e;
  }
  Logs.audit('schedulings.close', { schedulingId: id, duration, ...(at.offline && { offline: true }) });
  // The contact is on the client: its last contact the day of the close, its next one as the user left it. The
  // visit is closed by now: a failure here is logged, never answered as if the close had not happened.
  await Clients.recordContact(before.clientId, closedOn, input.nextContactDate).catch((e: unknown) =>
    Logs.warn('schedulings.last_contact_failed', { schedulingId: id, error: (e as Error).message }),
  );
  return after;
}

/** Cancelled while pending or under way (which frees the user for another); a closed one answers 409. */
async function cancel(id: string, raw: unknown): Promise<Scheduling> {
  authorize('update', 'agendamentos');
  const input = parseInput(SchedulingCancel, raw);
  const before = await visible(id);
  if (before.status === 'completed' || before.status === 'cancelled') throw conflict('already_closed', SchedulingTexts.alreadyClosed());
  if (before.version !== input.version) throw versionConflict();
  const after: Scheduling = { ...publicScheduling(before), status: 'cancelled', updatedAt: timestamp(), version: before.version + 1 };
  const { timezone } = await Tenants.company();
  await transact([...(before.status === 'active' ? [SchedulingsRepository.releaseActiveStep(before.salesmanId, id)] : []), ...SchedulingsRepository.replaceSteps(before, after, Clock.today(timezone))]);
  Logs.audit('schedulings.cancel', { schedulingId: id });
  return after;
}

/** The current user's scheduling under way, if any (the home hint links it). */
async function active(): Promise<Scheduling | null> {
  authorize('read', 'agendamentos');
  const id = await SchedulingsRepository.activeOf(currentUserActor().userId);
  const s = id ? await SchedulingsRepository.get(id) : undefined;
  return s ? publicScheduling(s) : null;
}

/**
 * The visits done (schedulings of contact mode visit, completed) per month (`yyyy-MM`), counted on
 * the day each was closed in the company's time zone (docs/schedulings.md "Figures"): of these
 * owners (a salesman alone, a supervisor and his subordinates), or of the whole company (`null`).
 * Read from the schedulings' aggregate in one BatchGet (owners × months items, one BatchGet per
 * 100), whatever the volume; a month nothing was done in answers 0.
 *
 * System use, not a request's: no authorization and no record scope inside. The caller (the home's
 * statistics) has already checked its tab and decided whose figures these are; never hand it ids a
 * request chose unchecked.
 */
async function visitsDone(ownerIds: string[] | null, months: string[]): Promise<Record<string, number>> {
  const bases = ownerIds ? [...new Set(ownerIds)].map(SchedulingScopes.salesman) : [SchedulingScopes.all];
  const scopeOf = (base: string, month: string) => SchedulingFigureScopes.month(base, month);
  const figures = await SchedulingsRepository.figuresEach(months.flatMap((m) => bases.map((b) => scopeOf(b, m))));
  return Object.fromEntries(months.map((m) => [m, bases.reduce((sum, b) => sum + (figures.get(scopeOf(b, m))?.count('sm', 'completed#visit') ?? 0), 0)]));
}

/** `checkInsInPeriod` is a read for the management map (`check-ins.ts`): its caller checks its own subject. */
export const Schedulings = { create, createMany, update, get, list, start, close, cancel, active, visitsDone, checkInsInPeriod };
export { Itineraries } from './itineraries';
