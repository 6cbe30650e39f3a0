import { useAbility as useCaslAbility } from '@casl/react';
import { buildAbility, LOGGED_OUT_RULES, type AbilityRule, type AppAbility } from '@ev/shared/permissions';

export { AbilityProvider, Can } from '@casl/react';

/** The same CASL rules as the server; logged out means read on auth only (spec section 6). */
export function abilityFrom(rules: AbilityRule[] | null | undefined): AppAbility {
  return buildAbility(rules?.length ? rules : LOGGED_OUT_RULES);
}

export const useAbility = () => useCaslAbility<AppAbility>();
