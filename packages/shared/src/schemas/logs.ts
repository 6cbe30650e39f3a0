import { LOG_LEVELS } from './choices';
import { addDays } from '../calendar';
import { defineTexts } from '../texts';
import { addKeyedIssue, keyed, z } from '../zod';
import { Cursor, DateOnly, Id, Limit, SearchText, Timestamp } from './common';

export { LOG_LEVELS };
export type StoredLogLevel = (typeof LOG_LEVELS)[number];

/** How long entries are kept (their TTL), and so the longest period the screen asks for. */
export const LOG_RETENTION_DAYS = 90;
/** The period the logs screen shows when none is given: the last 7 days. */
export const LOG_DEFAULT_DAYS = 7;

export const LogTexts = defineTexts('logs', {
  period: 'A data final do período deve ser igual ou posterior à inicial.',
  periodTooLong: 'O período pode ter no máximo {{days}} dias: os logs são guardados por {{days}} dias.',
  level: 'Nível inválido: use auditoria, aviso ou erro.',
});
const T = LogTexts;

/** The logs screen's filters: a period of the user's calendar, a level, words. */
const LogsFilterFields = z.object({
  from: DateOnly.optional(),
  until: DateOnly.optional(),
  level: z.enum(LOG_LEVELS, { error: keyed(T.level()) }).optional(),
  q: SearchText.optional(),
});

const checkPeriod = (q: { from?: string | undefined; until?: string | undefined }, ctx: z.RefinementCtx) => {
  if (q.from && q.until && q.from > q.until) addKeyedIssue(ctx, ['until'], T.period());
  else if (q.from && q.until && addDays(q.from, LOG_RETENTION_DAYS) <= q.until) addKeyedIssue(ctx, ['from'], T.periodTooLong({ days: LOG_RETENTION_DAYS }));
};

/**
 * GET /logs: the company's log entries, newest first, in a period of the user's calendar (its time
 * zone; both ends included), of one level or all, whose message or metadata contain the words of
 * `q`. Without a period: the last 7 days up to today.
 */
export const LogsListQuery = LogsFilterFields.extend({ cursor: Cursor.optional(), limit: Limit }).superRefine(checkPeriod);

/** POST /exports/logs: the same filters, every entry. */
export const LogsExportQuery = LogsFilterFields.superRefine(checkPeriod);

export const LogEntry = z.object({
  id: z.string(),
  /** When (UTC, `yyyy-MM-dd HH:mm:ss`). */
  at: Timestamp,
  level: z.enum(LOG_LEVELS),
  /** What happened: an event name (`users.update`) or an error's message. */
  message: z.string(),
  /** Its details, passwords and tokens removed when written. */
  metadata: z.record(z.string(), z.unknown()),
  userId: Id.nullable(),
  /** The spec's `token` column: the id of the session that did it (not a credential), null for system work. */
  sessionId: z.string().nullable(),
  /** The user's name when the entry has one and the user still exists. */
  userName: z.string().nullable(),
});
export type LogEntry = z.output<typeof LogEntry>;

/** One field an audited change touched (issue 14 item 5): its path (`settings.sales.checkStock`), before and after. */
export const FieldChange = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type FieldChange = z.output<typeof FieldChange>;

/** One entry of a record's "histórico": who changed it, when, and each field before and after. */
export const HistoryEntry = z.object({
  id: z.string(),
  at: Timestamp,
  /** The audit event (`users.update`, `profiles.create`). */
  event: z.string(),
  userId: Id.nullable(),
  userName: z.string().nullable(),
  changes: z.array(FieldChange),
});
export type HistoryEntry = z.output<typeof HistoryEntry>;

/** GET …/{id}/history: a record's changes, newest first, paged. */
export const HistoryQuery = z.object({ cursor: Cursor.optional(), limit: Limit });
