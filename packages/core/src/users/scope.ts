import type { Subject } from '@ev/shared/permissions';
import { OWNED_RULE, ownRecordsOnly, seesAllOwned, seesWholeCompany } from '@ev/shared/record-scope';
import { currentUserActor, perRequest, type Actor } from '../context';
import { UsersRepository } from './repository';

/**
 * Record scope (ARCHITECTURE invariant 4, spec section 6): whose records a user sees. Part of the
 * users module, which keeps the teams it reads (the users' own list is scoped by it too); other
 * modules import it through `../scope`. `all`: the
 * whole company. `owners`: the records owned by these users only: a supervisor's team (itself and
 * its subordinates, `supervisor: true`) or the user alone. A scoped module uses the same answer for
 * its key choice (which partitions a list or a dashboard reads) and for its record check (a record
 * owned by someone outside the scope answers 404, never 403).
 */
export type RecordScope = { kind: 'all' } | { kind: 'owners'; ids: string[]; supervisor: boolean };

/** Who sees the whole company under a module's rule; the others see their team or themselves. */
export interface ScopeRule {
  /** Names the rule in the request's cache. */
  name: string;
  /** Sees every record of the company whatever its flags. */
  seesAll: (actor: Actor) => boolean;
  /** Whether someone who is neither supervisor nor salesman (staff: employees, managers) sees all or only itself. */
  staff: 'all' | 'own';
  /** The company's business data: a user without an allowed branch sees none of it. */
  needsBranch: boolean;
}

export const ScopeRules = {
  /**
   * Records a salesman owns (clients, sales, schedulings, messages, dashboards): a
   * salesman his own, a supervisor his and his subordinates', staff and administrators (manage all)
   * the whole company.
   */
  owned: { name: 'owned', seesAll: (a) => seesAllOwned(a.ability), ...OWNED_RULE },
  /** Users: who may update users sees the company, a supervisor its team, anyone else itself. */
  users: { name: 'users', seesAll: (a) => !!a.ability?.can('update', 'usuarios'), staff: 'own', needsBranch: false },
} satisfies Record<string, ScopeRule>;

/**
 * The current user's scope under `rule`, resolved once per request: the team is read once (one
 * Query of the team's list partition) however many records and lists
 * the request touches, and every module that asks shares that answer.
 */
function current(rule: ScopeRule = ScopeRules.owned, subject?: Subject): Promise<RecordScope> {
  return perRequest(`scope:${rule.name}:${subject ?? ''}`, async () => {
    const actor = currentUserActor();
    // No allowed branch, no data (spec section 6): the session says why (its `message`).
    if (rule.needsBranch && !actor.branchId) return { kind: 'owners', ids: [], supervisor: false };
    const ownOnly = !!subject && ownRecordsOnly(actor.ability, subject);
    if (seesWholeCompany({ hasBranch: !!actor.branchId, salesman: !!actor.salesman, supervisor: !!actor.supervisor, ownOnly, seesAll: rule.seesAll(actor) }, rule)) return { kind: 'all' };
    if (actor.supervisor) {
      const team = await perRequest('scope:team', () => UsersRepository.team(actor.userId));
      return { kind: 'owners', ids: [...new Set([actor.userId, ...team])], supervisor: true };
    }
    return { kind: 'owners', ids: [actor.userId], supervisor: false };
  });
}

/** Whether a record owned by `ownerId` (none: only the company scope sees it) is in the scope. */
function includes(scope: RecordScope, ownerId: string | null | undefined): boolean {
  return scope.kind === 'all' || (!!ownerId && scope.ids.includes(ownerId));
}

/** The scope as the web names it: the whole company, a team, or one's own. */
function seen(scope: RecordScope): 'all' | 'team' | 'own' {
  return scope.kind === 'all' ? 'all' : scope.supervisor ? 'team' : 'own';
}

/**
 * What a scoped list reads: its records' owners (null: the whole company), narrowed to one
 * salesman when the list filters by one (someone outside the scope leaves none), and the scope as
 * the list answers it (its kind, and how many salesmen it holds).
 */
function listOwners(scope: RecordScope, salesmanId?: string | null): { owners: string[] | null; seen: { kind: 'all' | 'team' | 'own'; salesmen: number | null } } {
  let owners = scope.kind === 'all' ? null : scope.ids;
  if (salesmanId) owners = owners ? owners.filter((o) => o === salesmanId) : [salesmanId];
  return { owners, seen: { kind: seen(scope), salesmen: scope.kind === 'all' ? null : scope.ids.length } };
}

export const Scope = { current, includes, seen, listOwners };
