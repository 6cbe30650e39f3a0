import { ApiTexts } from '@ev/shared/messages';
import { DASHBOARD_DAYS, type ClientsDashboard, type NamedCount } from '@ev/shared/schemas/clients-dashboard';
import { CLIENT_SITUATIONS, CLIENT_STATUSES } from '@ev/shared/schemas/clients';
import { currentActor } from '../context';
import { Keys } from '../db/keys';
import { getItems } from '../db/records';
import { DomainError } from '../errors';
import { TenantsRepository } from '../tenants/repository';
import { addDays, businessDate } from './dates';
import { clientScope, type ClientScope } from './index';
import { ClientsRepository, salesmanScope } from './repository';

export { DASHBOARD_DAYS } from '@ev/shared/schemas/clients-dashboard';

/** How many months the "new clients per month" figure shows (the current one included). */
export const DASHBOARD_MONTHS = 12;

export const NO_SEGMENT = 'Sem segmento';
export const NO_REGION = 'Sem região';

export type { ClientsDashboard, NamedCount } from '@ev/shared/schemas/clients-dashboard';

/** The `yyyy-MM` months ending with `today`'s, oldest first. */
export function lastMonths(today: string, n: number = DASHBOARD_MONTHS): string[] {
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.unshift(`${year}-${String(month).padStart(2, '0')}`);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return out;
}

/**
 * The first day that still counts as "bought within N days": a client whose last purchase is
 * strictly before it (or who never bought) has been N days or more without buying.
 */
export function withoutPurchaseSince(today: string, days: number): string {
  return addDays(today, -days);
}

/** The counter items a scope reads: `all`, or one `sm#<id>` per salesman (a team is their sum). */
export function counterScopes(scope: ClientScope): string[] {
  return scope.kind === 'all' ? ['all'] : scope.ids.map(salesmanScope);
}

/** Adds up counter items (attributes that are numbers; keys and bookkeeping are skipped). */
export function sumCounters(items: Record<string, unknown>[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) {
    for (const [k, v] of Object.entries(item)) {
      if (k === 'pk' || k === 'sk') continue;
      const n = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : NaN;
      if (Number.isFinite(n)) out.set(k, (out.get(k) ?? 0) + n);
    }
  }
  return out;
}

/** The ids of one kind of figure (`segment#<id>`) with a positive count. */
function figureIds(sums: Map<string, number>, prefix: string): { id: string; count: number }[] {
  const out: { id: string; count: number }[] = [];
  for (const [k, v] of sums) if (k.startsWith(`${prefix}#`) && v > 0) out.push({ id: k.slice(prefix.length + 1), count: v });
  return out;
}

async function named(registry: string, figures: { id: string; count: number }[], none: string): Promise<NamedCount[]> {
  const ids = figures.filter((f) => f.id !== 'none').map((f) => f.id);
  const records = ids.length ? await getItems<{ id: string; name?: unknown }>(ids.map((id) => Keys.registry(registry, id))) : [];
  const names = new Map(records.map((r) => [r.id, typeof r.name === 'string' ? r.name : r.id]));
  return figures
    .map((f) => (f.id === 'none' ? { id: null, name: none, count: f.count } : { id: f.id, name: names.get(f.id) ?? f.id, count: f.count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'pt-BR'));
}

/**
 * The clients dashboard of the current user's scope (spec section 2, `dashboard clientes`): read
 * from the counter items every client write keeps (one per scope; a team sums its salesmen's), plus
 * one count Query per scope partition for "without purchase for N days". Nothing is scanned.
 */
export async function clientsDashboard(input: { days?: number } = {}): Promise<ClientsDashboard> {
  const days = input.days ?? DASHBOARD_DAYS.default;
  const [tenant, scope] = await Promise.all([TenantsRepository.tenant(currentActor().tenantId), clientScope()]);
  if (!tenant) throw new DomainError('not_found', ApiTexts.companyNotFound(), 'not_found');
  const today = businessDate(tenant.timezone);
  const since = withoutPurchaseSince(today, days);
  const scopes = counterScopes(scope);
  const [items, without] = await Promise.all([
    ClientsRepository.counts(scopes),
    Promise.all(scopes.map((s) => ClientsRepository.countWithoutPurchaseSince(s, since))),
  ]);
  const sums = sumCounters(items);
  const n = (figure: string) => Math.max(0, sums.get(figure) ?? 0);
  const [bySegment, byRegion] = await Promise.all([
    named('segments', figureIds(sums, 'segment'), NO_SEGMENT),
    named('regions', figureIds(sums, 'region'), NO_REGION),
  ]);
  return {
    scope: scope.kind === 'all' ? 'all' : scope.supervisor ? 'team' : 'own',
    today,
    total: n('total'),
    bySituation: CLIENT_SITUATIONS.map((situation) => ({ situation, count: n(`situation#${situation}`) })),
    byStatus: CLIENT_STATUSES.map((status) => ({ status, count: n(`status#${status}`) })),
    bySegment,
    byRegion,
    newPerMonth: lastMonths(today).map((month) => ({ month, count: n(`month#${month}`) })),
    withoutPurchase: { days, since, count: without.reduce((a, b) => a + b, 0) },
  };
}
