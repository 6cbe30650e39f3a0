import { daysBetween } from '@ev/shared/calendar';
import { GEO_MAX_DAYS, GEO_MAX_POINTS, GeoPointsQuery, ManagementTexts, type GeoPoint, type GeoPoints } from '@ev/shared/schemas/management';
import type { Said } from '@ev/shared/texts';
import { Clock } from '../clock';
import { authorize, currentUserActor } from '../context';
import { DomainError, fieldError } from '../errors';
import { Sales } from '../sales';
import { Schedulings } from '../schedulings';
import { Scope, ScopeRules } from '../scope';
import { Tenants } from '../tenants';
import { Users } from '../users';
import { parseInput } from '../validation';

/**
 * The management dashboards (spec section 2, `/management/dashboard-geolocation`; issue 41 item 3;
 * docs/management.md). A module of reads over others: it keeps nothing of its own and reads the
 * sales and the schedulings only through their public functions, which read key ranges of their
 * own list partitions (by date, per salesman). Every function here is reached by a request and
 * checks `dashboard` on `gerenciais` first.
 */

const invalid = (field: string, said: Said) => new DomainError('validation', said, 'validation', { fields: [fieldError(field, said)] });

/**
 * `GET /management/geolocation`: where the sales were closed and the visits checked in, in a period
 * of their dates (default: today; at most `GEO_MAX_DAYS`), in the user's record scope (a salesman
 * his own, a supervisor his team's, staff the company's; each kind only for who may read it, in its
 * own module's scope), of one salesman of it when asked, each
 * kind at most `GEO_MAX_POINTS` rows read (`truncated` beyond); the records of the period without a
 * position counted apart; and the company's map (centre, zoom, maps token) to draw them on.
 */
async function geolocation(raw: GeoPointsQuery): Promise<GeoPoints> {
  authorize('dashboard', 'gerenciais');
  const q = parseInput(GeoPointsQuery, raw);
  // Each kind as its own module shows it: only to who may read it, in its own record scope (a
  // profile that limits the sales to the user's own keeps them so here).
  const { ability } = currentUserActor();
  const reads = { sales: q.kind !== 'visits' && ability.can('read', 'vendas'), visits: q.kind !== 'sales' && ability.can('read', 'agendamentos') };
  const [salesScope, visitsScope] = await Promise.all([Scope.current(ScopeRules.owned, 'vendas'), Scope.current(ScopeRules.owned, 'agendamentos')]);
  const seen = reads.sales || !reads.visits ? salesScope : visitsScope;
  const owners = { sales: Scope.listOwners(salesScope, q.salesmanId).owners, visits: Scope.listOwners(visitsScope, q.salesmanId).owners };
  const { timezone, tenant } = await Tenants.company();
  const today = Clock.today(timezone);
  const from = q.from ?? q.until ?? today;
  const until = q.until ?? (from > today ? from : today);
  if (daysBetween(from, until) >= GEO_MAX_DAYS) throw invalid(q.until ? 'until' : 'from', ManagementTexts.mapPeriod({ max: GEO_MAX_DAYS }));
  const map = tenant.settings.map;
  const token = map.mapsToken?.trim() || null;
  const answer: GeoPoints = {
    from,
    until,
    scope: seen.kind === 'all' ? 'company' : seen.supervisor ? 'team' : 'own',
    points: [],
    withoutGeolocation: { sales: 0, visits: 0 },
    truncated: false,
    limits: { maxDays: GEO_MAX_DAYS, maxPoints: GEO_MAX_POINTS },
    map: { latitude: map.latitude, longitude: map.longitude, zoom: map.zoom, token },
  };
  // A salesman outside the scope (or of another company: no partition of ours holds him) leaves none.
  const none = (o: string[] | null) => o !== null && o.length === 0;
  const [sales, visits] = await Promise.all([
    reads.sales && !none(owners.sales) ? Sales.placesInPeriod(owners.sales, from, until, GEO_MAX_POINTS) : null,
    reads.visits && !none(owners.visits) ? Schedulings.checkInsInPeriod(owners.visits, from, until, GEO_MAX_POINTS) : null,
  ]);
  const salesmen = [...new Set((sales?.places ?? []).flatMap((s) => (s.salesmanId ? [s.salesmanId] : [])))];
  const people = salesmen.length ? await Users.people(salesmen) : new Map<string, { name: string }>();

  const points: GeoPoint[] = [];
  for (const s of sales?.places ?? []) {
    if (!s.geolocation) {
      answer.withoutGeolocation.sales++;
      continue;
    }
    points.push({
      kind: 'sale',
      id: s.id,
      number: s.number,
      clientName: s.clientName,
      salesmanId: s.salesmanId,
      salesmanName: s.salesmanId ? (people.get(s.salesmanId)?.name ?? null) : null,
      // A sale closed before the close's time was kept: noon of its day, in UTC.
      at: s.closedAt ?? `${s.orderDate} 12:00:00`,
      day: s.orderDate,
      latitude: s.geolocation.latitude,
      longitude: s.geolocation.longitude,
      accuracy: s.geolocation.accuracy ?? null,
      flagged: false,
      link: `/sales/${s.id}`,
    });
  }
  for (const v of visits?.checkIns ?? []) {
    if (!v.position) {
      answer.withoutGeolocation.visits++;
      continue;
    }
    points.push({
      kind: 'visit',
      id: v.id,
      number: null,
      clientName: v.clientName,
      salesmanId: v.salesmanId,
      salesmanName: v.salesmanName,
      at: v.at,
      day: v.date,
      latitude: v.position.latitude,
      longitude: v.position.longitude,
      accuracy: v.position.accuracy ?? null,
      flagged: v.flagged,
      link: `/schedulings/${v.id}`,
    });
  }
  // In time order: a salesman's day read in it is his trail.
  answer.points = points.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  answer.truncated = Boolean(sales?.truncated || visits?.truncated);
  return answer;
}

export const Management = { geolocation };
