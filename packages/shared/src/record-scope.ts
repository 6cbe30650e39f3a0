import type { AppAbility, Subject } from './permissions';

/**
 * Who sees every record of the company under a scope rule (ARCHITECTURE invariant 4, spec section
 * 6), one answer for the API's record scope (packages/core/src/users/scope.ts) and the web's menu
 * (the pages only such a user may read). The rule says whether staff (neither salesman nor
 * supervisor) see all or only themselves and whether a user needs an allowed branch to see anything.
 */
export interface ScopeRuleShape {
  staff: 'all' | 'own';
  needsBranch: boolean;
}

/** The records a salesman owns (clients, sales, schedulings, messages, dashboards): staff see them all. */
export const OWNED_RULE: ScopeRuleShape = { staff: 'all', needsBranch: true };

/** Who sees every owned record whatever its flags: who manages everything (the administrator). */
export const seesAllOwned = (ability: AppAbility | undefined) => !!ability?.can('manage', 'all');

/**
 * "Own records only" (the permissions screen's condition, issue 14): every rule that lets the user
 * read `subject` carries a condition, so whatever its flags the user sees its own records (a
 * supervisor its team's).
 */
export function ownRecordsOnly(ability: AppAbility | undefined, subject: Subject): boolean {
  const rules = ability?.rulesFor('read', subject).filter((r) => !r.inverted) ?? [];
  return rules.length > 0 && rules.every((r) => !!r.conditions);
}

/**
 * Whether the user sees the whole company under `rule`: an allowed branch where the rule needs one,
 * its profile not limiting it to its own records, and either seeing all whatever its flags
 * (`seesAll`) or being neither salesman nor supervisor where staff see all. Everyone else sees its
 * team (a supervisor) or itself.
 */
export function seesWholeCompany(user: { hasBranch: boolean; salesman: boolean; supervisor: boolean; ownOnly: boolean; seesAll: boolean }, rule: ScopeRuleShape): boolean {
  if (rule.needsBranch && !user.hasBranch) return false;
  if (user.ownOnly) return false;
  return user.seesAll || (!user.supervisor && !user.salesman && rule.staff === 'all');
}
