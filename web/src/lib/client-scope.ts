import type { AppAbility, Subject } from '@ev/shared/permissions';
import { OWNED_RULE, ownRecordsOnly, seesAllOwned, seesWholeCompany } from '@ev/shared/record-scope';

/** The user, as far as the scope of clients goes (the session's user and whether it has a branch). */
export interface ScopeUser {
  vendedor: boolean;
  supervisor: boolean;
  hasBranch: boolean;
}

/**
 * Whether the user sees every client of the company: the API's own rule (`seesWholeCompany` under
 * the owned records' rule on `clientes`, or on the subject given, @ev/shared/record-scope). The menu
 * shows the pages only such a user may read (the loyalty balances owed) to him alone; the AI area's
 * contacts offer blocking (the company's users') to him alone.
 */
export function seesEveryClient(ability: AppAbility, user: ScopeUser | null, subject: Subject = 'clientes'): boolean {
  if (!user) return false;
  return seesWholeCompany({ hasBranch: user.hasBranch, salesman: user.vendedor, supervisor: user.supervisor, ownOnly: ownRecordsOnly(ability, subject), seesAll: seesAllOwned(ability) }, OWNED_RULE);
}

/** The session's user as the scope rules read it (null: none). */
export function scopeUserOf(data: { user: { vendedor: boolean; supervisor: boolean }; branch: unknown } | null | undefined): ScopeUser | null {
  return data ? { vendedor: data.user.vendedor, supervisor: data.user.supervisor, hasBranch: !!data.branch } : null;
}
