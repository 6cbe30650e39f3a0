import { useMemo, type ReactNode } from 'react';
import { AbilityProvider, abilityFrom } from '@/lib/ability';
import { useSession } from '@/lib/use-session';

/**
 * The session's CASL ability for the pages inside the default layout. Blank pages (login, 403)
 * need none, so CASL stays out of the login page's JavaScript.
 */
export function SessionAbility({ children }: { children: ReactNode }) {
  const { data } = useSession();
  const ability = useMemo(() => abilityFrom(data?.abilities), [data?.abilities]);
  return <AbilityProvider value={ability}>{children}</AbilityProvider>;
}
