import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { StorageKeys } from './storage-keys';

export const LANGUAGES = ['pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAMESPACES = ['common', 'auth', 'layout', 'home', 'access', 'settings', 'errors', 'customizer', 'search', 'registries', 'clients', 'clients-dashboard', 'sales-dashboard', 'management-dashboard', 'management', 'clients-financial', 'jobs', 'products', 'inventory', 'prices', 'sales', 'sales-delivery', 'schedulings', 'schedulings-many', 'itineraries', 'logs', 'messages', 'whatsapp', 'permissions', 'company', 'users', 'admin', 'store', 'offline', 'ai'] as const;

/** Catalogues load per language and namespace, lazily, so a page pulls only what it shows. */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    // The API's and the schemas' texts: Portuguese is their source (docs/texts.md), made into data
    // when the app is built (vite.config.ts); other languages a file.
    if (namespace === 'messages' && language === 'pt') {
      import('virtual:pt-messages').then(
        (m) => callback(null, m.default),
        (e: Error) => callback(e, false),
      );
      return;
    }
    const load = catalogues[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default),
      (e: Error) => callback(e, false),
    );
  },
};

/** pt is the default and the language for any unknown choice (spec section 9). */
export function resolveLanguage(value: string | null | undefined): Language {
  const v = (value ?? '').toLowerCase();
  if (v.startsWith('en')) return 'en';
  return 'pt';
}

function readCookie(name: string): string | null {
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]!) : null;
}

export function storedLanguage(): Language {
  return resolveLanguage(localStorage.getItem(StorageKeys.language) ?? readCookie(StorageKeys.language));
}

/** Keeps the language in localStorage and in a cookie for 30 days, path '/'. */
export async function setLanguage(language: Language): Promise<void> {
  localStorage.setItem(StorageKeys.language, language);
  localStorage.setItem(StorageKeys.locale, language === 'pt' ? 'pt-BR' : 'en-US');
  document.cookie = `${StorageKeys.language}=${language}; path=/; max-age=${30 * 24 * 60 * 60}; SameSite=Lax`;
  document.documentElement.lang = language === 'pt' ? 'pt-BR' : 'en';
  await i18n.changeLanguage(language);
}

export function localeOf(language: string): string {
  return resolveLanguage(language) === 'pt' ? 'pt-BR' : 'en-US';
}

/** Starts the catalogues in the stored language; the build's prerender (src/prerender.tsx) names its own. */
export async function initI18n(lng: Language = storedLanguage(), pageNamespaces: readonly string[] = []): Promise<typeof i18n> {
  if (typeof document !== 'undefined') document.documentElement.lang = lng === 'pt' ? 'pt-BR' : 'en';
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng,
      supportedLngs: [...LANGUAGES],
      // No fallback language: both languages hold the same keys in every namespace (tests/texts.test.ts
      // fails the build otherwise), and a fallback made every Portuguese page load each of its
      // catalogues twice, in Portuguese and in English.
      fallbackLng: false,
      // auth is loaded up front: the route guard and logout speak its texts outside any component;
      // messages too: the API's refusals and the forms' validation are rendered from its keys.
      // With them, the first page's own (its route's `namespaces`), fetched at the same time.
      ns: ['common', 'auth', 'errors', 'layout', 'messages', ...pageNamespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  return i18n;
}

export { i18n };
