import { daysBetween } from '../calendar';
import { defineTexts } from '../texts';
import { addKeyedIssue, keyed, z } from '../zod';
import { GEO_KINDS } from './choices';
import { DateOnly, Id, Timestamp } from './common';

/**
 * The management dashboards (spec section 2, `/management/dashboard-geolocation`; issue 41 item 3;
 * docs/management.md): the geolocation map's query and answer, one schema for the route
 * (validation and OpenAPI), the domain and the web.
 */

/** The longest period the map reads (a month: the points of a longer one would hide each other anyway). */
export const GEO_MAX_DAYS = 31;
/** Most rows of each kind the map reads in a period (in date order); more: `truncated`. */
export const GEO_MAX_POINTS = 2000;
export { GEO_KINDS };
export type GeoKind = (typeof GEO_KINDS)[number];

export const ManagementTexts = defineTexts('management', {
  period: 'A data final do período deve ser igual ou posterior à inicial.',
  mapPeriod: 'O período do mapa vai até {{max}} dias: escolha datas mais próximas.',
  kind: 'O tipo do mapa deve ser um de: {{kinds}}.',
});
const T = ManagementTexts;

/** `GET /management/geolocation`: a period of the records' dates (default: today), a salesman of the scope, what to show. */
export const GeoPointsQuery = z
  .object({
    from: DateOnly.optional(),
    until: DateOnly.optional(),
    salesmanId: Id.optional(),
    kind: z.enum(GEO_KINDS, { error: keyed(T.kind({ kinds: GEO_KINDS.join(', ') })) }).default('all'),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.until && q.from > q.until) addKeyedIssue(ctx, ['until'], T.period());
    else if (q.from && q.until && daysBetween(q.from, q.until) >= GEO_MAX_DAYS) addKeyedIssue(ctx, ['until'], T.mapPeriod({ max: GEO_MAX_DAYS }));
  });
export type GeoPointsQuery = z.input<typeof GeoPointsQuery>;

/** One place on the map: a sale where it was closed, or a visit where it was checked in. */
export const GeoPoint = z.object({
  kind: z.enum(['sale', 'visit']),
  id: Id,
  /** The sale's number (null for a visit). */
  number: z.number().int().nullable(),
  clientName: z.string().nullable(),
  salesmanId: z.string().nullable(),
  salesmanName: z.string().nullable(),
  /** When the position was taken (UTC): the sale's close, the visit's check-in. */
  at: Timestamp,
  /** The business date of the record (the sale's order date, the visit's date). */
  day: DateOnly,
  latitude: z.number(),
  longitude: z.number(),
  /** The position's precision in metres, as the browser gave it (null: unknown). */
  accuracy: z.number().nullable(),
  /** A check-in farther from the client than the company's tolerance (docs/schedulings.md, "Distance and flag"). */
  flagged: z.boolean(),
  /** The record's page in the web app. */
  link: z.string(),
});
export type GeoPoint = z.output<typeof GeoPoint>;

export const GeoPoints = z.object({
  from: DateOnly,
  until: DateOnly,
  scope: z.enum(['company', 'team', 'own']),
  points: z.array(GeoPoint).describe('Em ordem de data e hora (a trilha de um vendedor num dia)'),
  /** The records of the period that have no position (not on the map). */
  withoutGeolocation: z.object({ sales: z.number().int(), visits: z.number().int() }),
  /** More than `GEO_MAX_POINTS` records of a kind in the period: the first by date are answered. */
  truncated: z.boolean(),
  limits: z.object({ maxDays: z.number().int(), maxPoints: z.number().int() }),
  /** The company's map (Empresa > Mapa): its centre, zoom and maps token (null: none; the map is drawn on a plain background). */
  map: z.object({ latitude: z.number(), longitude: z.number(), zoom: z.number(), token: z.string().nullable() }),
});
export type GeoPoints = z.output<typeof GeoPoints>;
