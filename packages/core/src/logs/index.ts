import { addDays, businessDate, DEFAULT_TIME_ZONE, utcTimestamp, zonedInstant } from '@ev/shared/calendar';
import { HistoryQuery, LOG_DEFAULT_DAYS, LogsListQuery, type HistoryEntry, type LogEntry } from '@ev/shared/schemas/logs';
import { searchTerms, words } from '@ev/shared/text';
import type { z } from 'zod';
import { Clock, timestamp } from '../clock';
import { authorize, currentUserActor, maybeActor } from '../context';
import type { TxStep } from '../db/tx';
import { env } from '../env';
import { newId } from '../ids';
import { parseInput } from '../validation';
import { fieldChanges } from './changes';
import { LogsRepository, type StoredLog } from './repository';

export type LogLevel = 'info' | 'warn' | 'error' | 'audit';

const TTL_DAYS = 90;
const pending = new Set<Promise<unknown>>();
const SECRET_KEYS = /pass|senha|token|secret|authorization|cookie/i;

/** Removes passwords and tokens from what is logged, at any depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '[removido]' : redact(v, depth + 1);
    return out;
  }
  if (typeof value === 'string') {
    // A JWT-shaped string is never stored whole, nor a sale's delivery link's token (the fragment of its address).
    return value
      .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token removido]')
      .replace(/(\/sales\/delivery#)[\w-]+/g, '$1[token removido]')
      .slice(0, 2000);
  }
  return value;
}

/**
 * An entry as stored, by whom (the request's actor) and when, also printed where the level asks:
 * the console gets warnings and errors (and everything at debug); audit events go to the table.
 */
function entryOf(level: LogLevel, message: string, metadata: Record<string, unknown>) {
  const actor = maybeActor();
  // The spec's `token` column is the session's id (which session did it), never a credential.
  const entry = { level, message, metadata: redact(metadata) as Record<string, unknown>, userId: actor?.userId ?? null, sessionId: actor?.sessionId ?? null, at: timestamp() };
  const e = env();
  if (e.LOG_LEVEL === 'debug' || ((level === 'warn' || level === 'error') && e.LOG_LEVEL !== 'silent')) {
    const line = JSON.stringify({ ...entry, tenantId: actor?.tenantId ?? null });
    if (level === 'error') console.error(line);
    else console.info(line);
  }
  return { actor, entry };
}

const expiry = () => Math.floor(Clock.now() / 1000) + TTL_DAYS * 86400;

/**
 * Structured logs: warnings, errors and audit events (who changed what) are stored per tenant in
 * the table with a 90-day TTL. They are written beside the response (the request does not wait,
 * except for an audited change, which `change` awaits) and `flush()` waits for them (tests, Lambda
 * before returning, shutdown).
 */
function write(level: LogLevel, message: string, metadata: Record<string, unknown> = {}, record?: { entity: string; id: string }): Promise<unknown> {
  const { actor, entry } = entryOf(level, message, metadata);
  if (level === 'info' || !actor?.tenantId) return Promise.resolve();
  const id = newId();
  const p = Promise.all([
    LogsRepository.put(id, entry, expiry()),
    record ? LogsRepository.putHistory(record.entity, record.id, id, entry) : undefined,
  ])
    .catch((err: unknown) => console.error(JSON.stringify({ level: 'error', message: 'log write failed', error: String(err) })))
    .finally(() => pending.delete(p));
  pending.add(p);
  return p;
}

/** What the log shows of the users who wrote its entries: their names, and the reader's time zone. */
export interface LogPerson {
  name: string;
  timezone: string | null;
}

/**
 * Who the users of a page are. The users module stands above the logs (it logs through them), so
 * the lookup is handed in by the wiring (`Logs.usePeople`, wiring/index.ts); without it entries show
 * no name and periods are read in the default time zone.
 */
let lookup: ((ids: string[]) => Promise<Map<string, LogPerson>>) | null = null;

const people = (ids: string[]): Promise<Map<string, LogPerson>> => (lookup && ids.length ? lookup(ids) : Promise.resolve(new Map()));

/** Most items one page of the logs screen reads (a rare filter comes back short, with a cursor). */
const READ_LIMIT = 1000;

/**
 * GET /logs (docs/decisions.md "Logs"): the company's entries in a period of the user's calendar
 * (its time zone: a day is its midnight to midnight), newest first, of one level or all, searched
 * by the words of the message and of the metadata's values. Guarded by read on `logs`.
 */
async function entries(raw: z.input<typeof LogsListQuery>): Promise<{ items: LogEntry[]; nextCursor: string | null; timeZone: string }> {
  authorize('read', 'logs');
  const q = parseInput(LogsListQuery, raw);
  const actor = currentUserActor();
  const me = (await people([actor.userId])).get(actor.userId);
  const zone = me?.timezone || DEFAULT_TIME_ZONE;
  const until = q.until ?? businessDate(zone, Clock.now());
  const from = q.from ?? addDays(until, -(LOG_DEFAULT_DAYS - 1));
  const range = { start: utcTimestamp(zonedInstant(from, 0, 0, zone)), end: utcTimestamp(zonedInstant(addDays(until, 1), 0, 0, zone) - 1000) };
  const terms = searchTerms(q.q);
  const match = (e: StoredLog) => (!q.level || e.level === q.level) && (!terms.length || matches(e, terms));
  const query = `logs|${from}|${until}|${q.level ?? ''}|${terms.join(' ')}|${zone}`;
  const page = await LogsRepository.page(range, { cursor: q.cursor, limit: q.limit, query }, match, READ_LIMIT);
  // The user asking is read once, above; the other users of the page once each.
  const names = new Map<string, string>(me ? [[actor.userId, me.name]] : []);
  const others = [...new Set(page.items.flatMap((e) => (e.userId && !names.has(e.userId) ? [e.userId] : [])))];
  for (const [id, p] of await people(others)) names.set(id, p.name);
  return {
    items: page.items.map((e) => ({
      id: e.id,
      at: e.at,
      level: e.level as LogEntry['level'],
      message: e.message,
      metadata: e.metadata ?? {},
      userId: e.userId ?? null,
      sessionId: e.sessionId ?? null,
      userName: e.userId ? (names.get(e.userId) ?? null) : null,
    })),
    nextCursor: page.nextCursor,
    timeZone: zone,
  };
}

async function list(raw: z.input<typeof LogsListQuery>): Promise<{ items: LogEntry[]; nextCursor: string | null }> {
  const { items, nextCursor } = await entries(raw);
  return { items, nextCursor };
}

/** Every term begins a word of the message or of a metadata value (as the lists search). */
function matches(e: StoredLog, terms: string[]): boolean {
  const own = words(`${e.message} ${JSON.stringify(e.metadata ?? {})}`);
  return terms.every((t) => own.some((w) => w.startsWith(t)));
}

/**
 * An audited change of a record (issue 14 item 5): one audit entry naming the record and every
 * field before and after (`fieldChanges`), also kept in the record's own "histórico" (no TTL: a
 * record's history lasts as long as the record). `before` null is a creation. Awaited by the
 * administrator's writes, so the history the screen reads right after a save holds it; a failed
 * log write is reported on the console and never fails the change.
 */
async function change(event: string, record: { entity: string; id: string }, before: Record<string, unknown> | null, after: Record<string, unknown> | null, extra: Record<string, unknown> = {}): Promise<void> {
  const changes = fieldChanges(before, after);
  await write('audit', event, { ...extra, entity: record.entity, recordId: record.id, changes }, record);
}

/**
 * A record's "histórico", newest first, paged. A system function: the record's own module checks
 * that the caller may read the record before calling it.
 */
async function history(entity: string, id: string, raw: z.input<typeof HistoryQuery>): Promise<{ items: HistoryEntry[]; nextCursor: string | null }> {
  const q = parseInput(HistoryQuery, raw);
  const page = await LogsRepository.history(entity, id, { cursor: q.cursor, limit: q.limit, query: `history|${entity}|${id}` });
  const found = await people([...new Set(page.items.flatMap((e) => (e.userId ? [e.userId] : [])))]);
  const names = new Map([...found].map(([id, p]) => [id, p.name] as const));
  return {
    items: page.items.map((e) => ({
      id: e.id,
      at: e.at,
      event: e.message,
      userId: e.userId ?? null,
      userName: e.userId ? (names.get(e.userId) ?? null) : null,
      changes: Array.isArray(e.metadata?.changes) ? (e.metadata.changes as HistoryEntry['changes']) : [],
    })),
    nextCursor: page.nextCursor,
  };
}

export const Logs = {
  /** Hands in the lookup of the users' names and time zones (the wiring, at start). */
  usePeople(fn: (ids: string[]) => Promise<Map<string, LogPerson>>): void {
    lookup = fn;
  },
  change,
  history,
  list,
  /** The same page, with the time zone its period was read in (the export prints times in it). */
  entries,
  info: (message: string, metadata?: Record<string, unknown>): void => void write('info', message, metadata),
  warn: (message: string, metadata?: Record<string, unknown>): void => void write('warn', message, metadata),
  error: (message: string, metadata?: Record<string, unknown>): void => void write('error', message, metadata),
  audit: (event: string, metadata?: Record<string, unknown>): void => void write('audit', event, metadata),
  /**
   * An audit event as a step of the caller's transaction: the entry is written with the change it
   * tells of, or not at all, and costs no write of its own after it (on Lambda the answer waits for
   * the logs' writes). Outside a company's request there is nothing to write: an empty list.
   */
  auditSteps(event: string, metadata: Record<string, unknown> = {}): TxStep[] {
    const { actor, entry } = entryOf('audit', event, metadata);
    return actor?.tenantId ? [LogsRepository.putStep(newId(), entry, expiry())] : [];
  },
  async flush(): Promise<void> {
    while (pending.size) await Promise.allSettled([...pending]);
  },
};
