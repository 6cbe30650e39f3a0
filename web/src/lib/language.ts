import { api } from './api';
import { resolveLanguage, setLanguage, type Language } from './i18n';
import i18n from 'i18next';
import { session } from './session';

/**
 * The user's language (docs/decisions.md "Auth"): chosen on the account settings or the user menu,
 * kept with the user by the API (`PUT /auth/me/language`), so every device it signs in on shows it;
 * before sign-in (the login page) it is the browser's choice alone.
 */

/** The screens switch at once; a signed-in user's choice is kept with its account too. */
export async function chooseLanguage(language: Language): Promise<void> {
  if (!session.isLoggedIn()) return setLanguage(language);
  // A read of the session answered before the choice is kept would say the language before it:
  // as the tab's own write, no such read replaces the stored data (session.ownWrite).
  await session.ownWrite(async () => {
    const { data } = session.get();
    // The session says the new choice first, so following it (below) never takes the screens back.
    if (data) session.setBody({ ...data, user: { ...data.user, idioma: language } });
    await setLanguage(language);
    await api('/auth/me/language', { method: 'PUT', body: { language } }).catch(() => undefined);
  });
}

/** At sign-in and at each read of the session: the language kept with the user, when it has one, takes over the screens. */
export function followUserLanguage(): () => void {
  const follow = () => {
    const chosen = session.get().data?.user.idioma;
    if (session.isLoggedIn() && chosen && chosen !== resolveLanguage(i18n.language)) void setLanguage(chosen);
  };
  follow();
  return session.subscribe(follow);
}
