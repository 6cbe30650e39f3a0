import type { AppAbility } from '@ev/shared/permissions';

/** The user, as far as the scope of clients goes (the session's user and whether it has a branch). */
export interface ScopeUser {
  vendedor: boolean;
  supervisor: boolean;
  hasBranch: boolean;
}

/**
 * Whether the user sees every client of the company, as the API's scope decides it
 * (packages/core/src/users/scope.ts, the `owned` rule on `clientes`): a branch, no profile rule
 * limiting clients to his own, and either `manage all` or neither a salesman nor a supervisor. The
 * menu shows the pages only such a user may read (the loyalty balances owed) to him alone.
 */
export function seesEveryClient(ability: AppAbility, user: ScopeUser | null): boolean {
  if (!user?.hasBranch) return false;
  const rules = ability.rulesFor('read', 'clientes').filter((r) => !r.inverted);
  if (rules.length > 0 && rules.every((r) => !!r.conditions)) return false;
  return ability.can('manage', 'all') || (!user.vendedor && !user.supervisor);
}
