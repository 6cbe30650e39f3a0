import { api } from './api';
import { LANGUAGES, resolveLanguage, setLanguage, type Language } from './i18n';
import i18n from 'i18next';
import { session } from './session';

/**
 * The user's language (docs/decisions.md "Auth"): chosen on the account settings or the user menu,
 * kept with the user by the API (`PUT /auth/me/language`), so every device it signs in on shows it;
 * before sign-in (the login page) it is the browser's choice alone.
 *
 * A choice not yet kept by the API (the page left or reloaded while it was being sent, the network
 * down) is remembered in the browser for that user (`PENDING`) and sent again at the next read of
 * the session: the choice is never lost, and the API's older answer never takes the screens back.
 */

const PENDING = 'ev.language.pending';

function pendingChoice(): { userId: string; language: Language } | null {
  try {
    const kept = JSON.parse(localStorage.getItem(PENDING) ?? 'null') as { userId?: unknown; language?: unknown } | null;
    return kept && typeof kept.userId === 'string' && LANGUAGES.includes(kept.language as Language) ? { userId: kept.userId, language: kept.language as Language } : null;
  } catch {
    return null;
  }
}

function remember(choice: { userId: string; language: Language } | null): void {
  try {
    if (choice) localStorage.setItem(PENDING, JSON.stringify(choice));
    else localStorage.removeItem(PENDING);
  } catch {
    // Storage refused (a private window): the choice is sent this once.
  }
}

/** The choice sent to the API; kept pending until the API answers that it is kept. */
let sending = false;
async function send(userId: string, language: Language): Promise<void> {
  sending = true;
  try {
    await session.ownWrite(async () => {
      const { data } = session.get();
      // The session says the new choice first, so following it (below) never takes the screens back.
      if (data && data.user.id === userId && data.user.idioma !== language) session.setBody({ ...data, user: { ...data.user, idioma: language } });
      await api('/auth/me/language', { method: 'PUT', body: { language } })
        .then(() => {
          const now = pendingChoice();
          if (now?.userId === userId && now.language === language) remember(null);
        })
        .catch(() => undefined);
    });
  } finally {
    sending = false;
  }
}

/** The screens switch at once; a signed-in user's choice is kept with its account too. */
export async function chooseLanguage(language: Language): Promise<void> {
  const userId = session.get().data?.user.id;
  if (!session.isLoggedIn() || !userId) return setLanguage(language);
  remember({ userId, language });
  await setLanguage(language);
  await send(userId, language);
}

/** At sign-in and at each read of the session: the language kept with the user, when it has one, takes over the screens; a choice still pending is sent again. */
export function followUserLanguage(): () => void {
  const follow = () => {
    if (!session.isLoggedIn()) return;
    const user = session.get().data?.user;
    const pending = pendingChoice();
    if (user && pending && pending.userId === user.id) {
      if (user.idioma !== pending.language && !sending) void send(user.id, pending.language);
      if (pending.language !== resolveLanguage(i18n.language)) void setLanguage(pending.language);
      return;
    }
    const chosen = user?.idioma;
    if (chosen && chosen !== resolveLanguage(i18n.language)) void setLanguage(chosen);
  };
  follow();
  return session.subscribe(follow);
}
