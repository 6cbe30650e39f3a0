import { schedulingSummary } from '@ev/shared/schedulings/itinerary';
import { listOf, type CheckIn, type ContactMode, type Scheduling, type SchedulingStatus, type SchedulingSummary } from '@ev/shared/schemas/schedulings';
import { inSequence } from '@ev/shared/schedulings/itinerary';
import { fold, words } from '@ev/shared/text';
import { aggregate, aggregateSteps, readAggregateEach } from '../db/aggregate';
import { Keys } from '../db/keys';
import { listingSteps, listPage, listRange, searchPage, type ListOptions, type Listing } from '../db/listing';
import { queryAll, type PageRequest } from '../db/query';
import { getItem, getItems, Versioned, versionConflict, withoutKeys } from '../db/records';
import { References, type Target } from '../db/references';
import { Tx, type TxStep } from '../db/tx';
import { Registries } from '../registries';
import { Users } from '../users';

const SCHEDULINGS = 'schedulings';
/** Most schedulings one owner's day holds that an itinerary reads. */
export const MAX_DAY = 500;

/** What the table keeps beside the public scheduling: its list and search items' keys. */
interface SchedulingBookkeeping {
  pk?: string;
  sk?: string;
  type?: 'scheduling';
  ix?: string[];
  refCount?: number;
  /**
   * The business day (`yyyy-MM-dd`, in the company's time zone) the scheduling was closed on
   * (completed or cancelled): the day its figures count on (`schedulingFigures`). Written by the
   * close and the cancel (and the demo), kept by every later write.
   */
  closedOn?: string | null;
}

export type SchedulingRecord = Scheduling & SchedulingBookkeeping;

/**
 * Every partition the schedulings use, named in one place: the company's (`all`) and each owner's
 * (`sm#<id>`), each split into the two lists (what is to do, what is done); a day of one owner (its
 * itinerary, by sequence). The lists' sort keys begin with the date, so a period is a key range.
 */
export const SchedulingScopes = {
  all: 'all',
  salesman: (salesmanId: string) => `sm#${salesmanId}`,
  list: (base: string, list: 'pending' | 'completed') => `${base}#${list}`,
  /** The check-ins flagged far from the client (the supervisor's look), whatever the status. */
  flagged: (base: string) => `${base}#flagged`,
  day: (salesmanId: string, date: string) => `day#${salesmanId}#${date}`,
};

export { schedulingSummary };

const scopesOf = (s: Scheduling) => [SchedulingScopes.all, SchedulingScopes.salesman(s.salesmanId)];
const seq = (n: number | null) => (n === null ? '9999' : String(n).padStart(4, '0'));

export const schedulingListing: Listing<SchedulingRecord, SchedulingSummary> = {
  entity: SCHEDULINGS,
  maxWords: 8,
  // Searched within its list (what is to do, what is done): a search of the pending list never reads the year done.
  scopes: (s) => scopesOf(s).map((base) => SchedulingScopes.list(base, listOf(s.status))),
  lists: (s) => {
    // By date, then the scheduled time, then the place in the day: the pending list reads it
    // forwards (the next first), the completed one backwards (the last first).
    const sort = `${s.date}#${s.scheduledStart ?? '99:99'}#${seq(s.sequence)}`;
    return [
      ...scopesOf(s).map((base) => ({ scope: SchedulingScopes.list(base, listOf(s.status)), sort })),
      ...(s.flagged ? scopesOf(s).map((base) => ({ scope: SchedulingScopes.flagged(base), sort })) : []),
      { scope: SchedulingScopes.day(s.salesmanId, s.date), sort: `${seq(s.sequence)}#${s.scheduledStart ?? '99:99'}` },
    ];
  },
  words: (s) => [...words(s.clientName), ...words(s.typeName)].map(fold),
  summary: schedulingSummary,
};

/** The aggregate scope of a base scope (`all`, `sm#<id>`) in a period: a month, a day. */
export const SchedulingFigureScopes = {
  month: (base: string, month: string) => `${base}#m#${month}`,
  day: (base: string, day: string) => `${base}#d#${day}`,
};

/**
 * The day a scheduling counts on: a closed one (completed or cancelled) on the day it was closed in
 * the company's time zone (`closedOn`; one closed before the day was kept, on its scheduled date);
 * one still to do (pending, active) on its scheduled date.
 */
export const countedOn = (s: SchedulingRecord) => ((s.status === 'completed' || s.status === 'cancelled') && s.closedOn ? s.closedOn : s.date);

/**
 * The schedulings' figures (invariant 10, docs/schedulings.md "Figures"), kept on every write of a
 * scheduling in its own transaction (`aggregateSteps` in the create and replace steps, so the
 * create, create-several, edit, start, close, cancel, itinerary order and demo seed all move them):
 * per base scope (the company's `all`, the owner's `sm#<id>`), for the month and the day it counts
 * on (`countedOn`); in each, the count of all (`n`), per status (`s`), per contact mode (`m`) and
 * per status and contact mode (`sm`, `completed#visit`: the visits done).
 */
export const schedulingFigures = aggregate<SchedulingRecord, { n: true; s: SchedulingStatus; m: ContactMode; sm: `${SchedulingStatus}#${ContactMode}` }>({
  name: SCHEDULINGS,
  scopes: (s) => {
    const on = countedOn(s);
    return scopesOf(s).flatMap((base) => [SchedulingFigureScopes.month(base, on.slice(0, 7)), SchedulingFigureScopes.day(base, on)]);
  },
  counts: {
    n: () => true,
    s: (s) => s.status,
    m: (s) => s.contactMode,
    sm: (s) => `${s.status}#${s.contactMode}`,
  },
});

/** The type, occurrence type, route and owner a scheduling names (invariant 6): none of them can be deleted meanwhile. */
function targets(s: Scheduling): Target[] {
  const out = Registries.targetsOf(s, { typeId: 'schedulings-types', occurrenceTypeId: 'occurrences-types', routeId: 'routes' });
  out.push(Users.target(s.salesmanId, 'salesmanId'));
  return out;
}

const source = (s: Scheduling) => ({ entity: SCHEDULINGS, id: s.id, label: `Agendamento ${s.name}` });

/** The order of a day (its itinerary, and what strict order follows): the shared rule. */
export { inSequence };

/** Another start holds the user's one active scheduling. */
export class AnotherActive extends Error {}

export const SchedulingsRepository = {
  async get(id: string): Promise<SchedulingRecord | undefined> {
    return getItem<SchedulingRecord>(Keys.scheduling(id));
  },

  /** The scheduling a user has under way, if any (its guard item names it). */
  async activeOf(userId: string): Promise<string | null> {
    return (await getItem<{ schedulingId?: string }>(Keys.schedulingActive(userId)))?.schedulingId ?? null;
  },

  async getMany(ids: string[]): Promise<SchedulingRecord[]> {
    return getItems<SchedulingRecord>(ids.map((id) => Keys.scheduling(id)));
  },

  /** Of each scheduling its check-in and what a map says of it, by id, one BatchGet per 100; an id not found is absent. */
  async checkIns(ids: string[]): Promise<Pick<SchedulingRecord, 'id' | 'clientName' | 'salesmanId' | 'salesmanName' | 'date' | 'start' | 'flagged'>[]> {
    return ids.length ? getItems(ids.map((id) => Keys.scheduling(id)), ['id', 'clientName', 'salesmanId', 'salesmanName', 'date', 'start', 'flagged']) : [];
  },

  createSteps(s: SchedulingRecord): TxStep[] {
    const listing = listingSteps(schedulingListing, [], s);
    return [
      Versioned.create({ ...Keys.scheduling(s.id), type: 'scheduling', ...s, ix: listing.ix }),
      ...References.change(source(s), [], targets(s)),
      ...aggregateSteps(schedulingFigures, null, s),
      ...listing.steps,
    ];
  },

  /**
   * The scheduling rewritten as `after`; `closedOn` is the day a close or a cancel closes it on,
   * otherwise the one it had is kept.
   */
  replaceSteps(before: SchedulingRecord, after: Scheduling, closedOn: string | null = before.closedOn ?? null): TxStep[] {
    const listing = listingSteps(schedulingListing, before.ix, after, before);
    const written: SchedulingRecord = { ...after, closedOn };
    return [
      Versioned.replace({ ...Keys.scheduling(after.id), type: 'scheduling', ...written, ix: listing.ix, refCount: before.refCount, version: before.version }, before.version),
      ...References.change(source(after), targets(before), targets(after)),
      ...aggregateSteps(schedulingFigures, before, written),
      ...listing.steps,
    ];
  },

  /** Each aggregate scope's figures apart, in one BatchGet per 100 scopes. */
  figuresEach(scopes: string[]) {
    return readAggregateEach(schedulingFigures, scopes);
  },

  /** The user's one active scheduling taken: fails (AnotherActive) when another holds it. */
  takeActiveStep(userId: string, schedulingId: string): TxStep {
    return Tx.put({ ...Keys.schedulingActive(userId), type: 'schedulingActive', schedulingId }, { ConditionExpression: 'attribute_not_exists(pk)' }, () => new AnotherActive());
  },

  /** The user's active scheduling released, if it is this one. */
  releaseActiveStep(userId: string, schedulingId: string): TxStep {
    return Tx.delete(Keys.schedulingActive(userId), { ConditionExpression: 'schedulingId = :id', ExpressionAttributeValues: { ':id': schedulingId } }, versionConflict);
  },

  /** The summaries of one owner's day (its itinerary), in its order (`inSequence`). */
  async day(salesmanId: string, date: string): Promise<SchedulingSummary[]> {
    const items = await queryAll<{ data: SchedulingSummary }>({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': Keys.listPartition(SCHEDULINGS, SchedulingScopes.day(salesmanId, date)) },
    }, MAX_DAY);
    return inSequence(items.map((i) => i.data));
  },

  /** The summaries of one date in these bases' two lists (the itineraries of a day), at most `max`. */
  async onDate(bases: string[], date: string, max = 5000): Promise<SchedulingSummary[]> {
    const partitions = bases.flatMap((b) => [SchedulingScopes.list(b, 'pending'), SchedulingScopes.list(b, 'completed')]);
    const read = await Promise.all(partitions.map((scope) => listRange(schedulingListing, scope, { from: `${date}#`, to: `${date}#` }, max)));
    return read.flat();
  },

  /**
   * The summaries of one base's two lists (to do, done) whose date lies in a period (inclusive), at
   * most `max` from each list, each in date order: a key range of each partition (the sort keys begin
   * with the date). `more`: a list held more than `max` in the period.
   */
  async inPeriod(base: string, from: string, until: string, max: number): Promise<{ rows: SchedulingSummary[]; more: boolean }> {
    const read = await Promise.all((['pending', 'completed'] as const).map((list) => listRange(schedulingListing, SchedulingScopes.list(base, list), { from, to: until }, max + 1)));
    return { rows: read.flatMap((r) => r.slice(0, max)), more: read.some((r) => r.length > max) };
  },

  list(partitions: string[], page: PageRequest, options: ListOptions = {}) {
    return listPage(schedulingListing, partitions, page, options);
  },

  search(scopes: string[], terms: string[], page: PageRequest, options: Pick<ListOptions, 'match' | 'readFactor'> = {}) {
    return searchPage(schedulingListing, scopes, terms, page, options);
  },
};

/** The scheduling as the API answers it. */
export function publicScheduling(s: SchedulingRecord): Scheduling {
  // Written before the return sequence existed: none yet; a check-in before offline ones existed: online.
  const online = (c: CheckIn | null) => c && { ...c, offline: c.offline ?? null };
  return { ...withoutKeys(s, ['pk', 'sk', 'type', 'ix', 'refCount', 'closedOn'] as const), returnSequence: s.returnSequence ?? null, start: online(s.start), end: online(s.end) };
}
