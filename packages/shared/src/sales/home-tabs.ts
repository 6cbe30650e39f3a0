/**
 * The home's tabs (spec section 2; docs/sales.md "Home figures"), apart from the schemas so the
 * home page reads them without loading the sales' validation.
 */
export const HOME_TABS = ['supervisor', 'employee', 'salesman'] as const;
export type HomeTab = (typeof HOME_TABS)[number];

/** The home's tabs a user has: one per flag it holds, in the spec's order; a user with none (an administrator, a manager) has the employee's. */
export function homeTabsOf(flags: { supervisor?: boolean | null; employee?: boolean | null; salesman?: boolean | null }): HomeTab[] {
  const tabs = HOME_TABS.filter((t) => flags[t]);
  return tabs.length ? tabs : ['employee'];
}
