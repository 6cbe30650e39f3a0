import { addDays, lastMonths } from '@ev/shared/calendar';
import { DASHBOARD_DAYS, type ClientsDashboard, type NamedCount } from '@ev/shared/schemas/clients-dashboard';
import { CLIENT_SITUATIONS, CLIENT_STATUSES } from '@ev/shared/schemas/clients';
import { Clock } from '../clock';
import { authorize } from '../context';
import { Registries } from '../registries';
import { Scope } from '../scope';
import { Tenants } from '../tenants';
import { clientScope, type ClientScope } from './index';
import { ClientsRepository, salesmanScope } from './repository';

export { DASHBOARD_DAYS } from '@ev/shared/schemas/clients-dashboard';

/** How many months the "new clients per month" figure shows (the current one included). */
export const DASHBOARD_MONTHS = 12;

export const NO_SEGMENT = 'Sem segmento';
export const NO_REGION = 'Sem região';

export type { ClientsDashboard, NamedCount } from '@ev/shared/schemas/clients-dashboard';

/**
 * The first day that still counts as "bought within N days": a client whose last purchase is
 * strictly before it (or who never bought) has been N days or more without buying.
 */
export function withoutPurchaseSince(today: string, days: number): string {
  return addDays(today, -days);
}

/** The aggregate scopes a dashboard reads: `all`, or one `sm#<id>` per salesman (a team is their sum). */
export function counterScopes(scope: ClientScope): string[] {
  return scope.kind === 'all' ? ['all'] : scope.ids.map(salesmanScope);
}

async function named(registry: string, figures: { key: string; count: number }[], none: string): Promise<NamedCount[]> {
  const ids = figures.filter((f) => f.key !== 'none').map((f) => f.key);
  const names = await Registries.names(registry, ids);
  return figures
    .map((f) => (f.key === 'none' ? { id: null, name: none, count: f.count } : { id: f.key, name: names.get(f.key) ?? f.key, count: f.count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'pt-BR'));
}

/**
 * The clients dashboard of the current user's scope (spec section 2, `dashboard clientes`): read
 * from the aggregate every client write keeps (`clientFigures`, one item per scope, read in one
 * BatchGet; a team sums its salesmen's), plus one count Query per scope partition for "without
 * purchase for N days". Nothing is scanned.
 */
export async function clientsDashboard(input: { days?: number } = {}): Promise<ClientsDashboard> {
  authorize('dashboard', 'clientes');
  const days = input.days ?? DASHBOARD_DAYS.default;
  const [{ timezone }, scope] = await Promise.all([Tenants.company(), clientScope()]);
  const today = Clock.today(timezone);
  const since = withoutPurchaseSince(today, days);
  const scopes = counterScopes(scope);
  const [figures, without] = await Promise.all([
    ClientsRepository.figures(scopes),
    Promise.all(scopes.map((s) => ClientsRepository.countWithoutPurchaseSince(s, since))),
  ]);
  const [bySegment, byRegion] = await Promise.all([
    named('segments', figures.keyed('segment'), NO_SEGMENT),
    named('regions', figures.keyed('region'), NO_REGION),
  ]);
  return {
    scope: Scope.seen(scope),
    today,
    total: figures.count('total'),
    bySituation: CLIENT_SITUATIONS.map((situation) => ({ situation, count: figures.count('situation', situation) })),
    byStatus: CLIENT_STATUSES.map((status) => ({ status, count: figures.count('status', status) })),
    bySegment,
    byRegion,
    newPerMonth: lastMonths(today, DASHBOARD_MONTHS).map((month) => ({ month, count: figures.count('month', month) })),
    withoutPurchase: { days, since, count: without.reduce((a, b) => a + b, 0) },
  };
}
