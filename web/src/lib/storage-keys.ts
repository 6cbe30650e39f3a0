/**
 * Everything the app keeps in the browser (spec section 3, "Local client data"). The token keys are
 * the spec's names in camelCase; display preferences are prefixed with the app's name.
 * docs/web-session.md explains each.
 */
export const APP_PREFIX = 'escritorio-virtual';

export const StorageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  userData: 'userData',
  language: 'language',
  locale: 'locale',
  pref: (name: string) => `${APP_PREFIX}-${name}`,
  /** An order entry not yet saved on the server (`<prefix><userId>:<draft id or new>`): removed at logout. */
  saleEntryPrefix: `${APP_PREFIX}-sale-entry:`,
  /**
   * The operator's session of the admin area (/admin, docs/admin.md): sessionStorage, this tab
   * only, apart from the company's tokens and abilities.
   */
  operatorSession: `${APP_PREFIX}-operator`,
  /** A store client's session (/vendas/<slug>, docs/store.md), one per store: never the company's tokens. */
  storeSession: (slug: string) => `${APP_PREFIX}-store:${slug}`,
  /** A store client's cart (docs/store.md "The purchase"): kept in this browser per store and client. */
  storeCart: (slug: string, clientId: string) => `${APP_PREFIX}-store-cart:${slug}:${clientId}`,
} as const;

/** The offline database (Dexie), created at login and deleted at logout. */
export const OFFLINE_DB_NAME = APP_PREFIX;
/** What the navbar's offline indicator shows at a page's start (the queue's and review's counts, the last sync), mirrored from the database so the start loads no Dexie; deleted with it. */
export const OFFLINE_STATUS_KEY = `${APP_PREFIX}-offline-status`;
