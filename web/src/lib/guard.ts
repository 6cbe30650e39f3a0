import { redirect } from '@tanstack/react-router';
import { i18n } from './i18n';
import { notify } from './notices';
import { effectiveMeta, type RouteMeta } from './route-meta';
import { session } from './session';

/**
 * The spec's navigation rules (section 2), applied before any route loads:
 * not logged in on a non-public route → /login?redirect=<path> with a warning; logged in on a login
 * page → home; a route whose ability pair the user lacks → /403. CASL loads only when a route
 * needs an ability checked, so public pages do not carry it.
 */
export async function guard({ location, matches: raw }: { location: { href: string; pathname: string }; matches: readonly { staticData?: unknown; routeId?: unknown }[] }): Promise<void> {
  const matches = raw as readonly { staticData?: RouteMeta; routeId: string }[];
  const meta = effectiveMeta([...matches]);
  const loggedIn = session.isLoggedIn();
  const notFound = matches.length <= 1 || matches.at(-1)?.routeId === '__root__';
  if (notFound) return;
  if (meta.guestOnly && loggedIn) {
    notify({ kind: 'info', text: i18n.t('auth:alreadyLoggedIn', 'Você já está autenticado. Redirecionando.') });
    throw redirect({ to: '/home' });
  }
  if (meta.public) return;
  if (!loggedIn) {
    notify({ kind: 'warning', text: i18n.t('auth:notLoggedIn', 'Autentique-se antes de prosseguir.') });
    throw redirect({ to: '/login', search: { redirect: location.href } });
  }
  if (meta.subject) {
    const [{ abilityFrom }, { freshAbilities }] = await Promise.all([import('./ability'), import('./session-data')]);
    await freshAbilities(location.pathname);
    const ability = abilityFrom(session.get().data?.abilities);
    if (!ability.can(meta.action ?? 'read', meta.subject)) throw redirect({ to: '/403' });
  }
}
