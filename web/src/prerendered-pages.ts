/**
 * The pages whose HTML is made when the app is built (web/scripts/prerender.ts), by path: a first
 * visit paints them before any script arrives. docs/web-session.md, "The page painted before the app".
 *
 * - `public`: the page as a visitor without a session sees it (the login), shown only to one.
 * - `signed-in`: the frame of the signed-in screens on a phone (the navbar) around what the page
 *   shows before its answers arrive (its loading state), shown only to a stored session whose
 *   abilities include `needs` (each `action:subject`: what the markup assumes the user may do),
 *   below the large breakpoint (the layout of the markup).
 * - `store-public`: a store's page (/vendas/<slug>, docs/store.md) as a visitor without that store's
 *   session sees it (its login), shown only to one.
 * - `store-signed-in`: a store's page as its client signed in sees it before its answers arrive,
 *   shown only to a stored session of that store whose client may buy.
 *
 * A path may hold a parameter (`$store`: one segment, the store's address); the markup is made with
 * `STORE_SLOT` in its place, and the shell's head script puts the address of the visit into the
 * markup's links (web/index.html).
 */
export interface PrerenderedPage {
  file: string;
  kind: 'public' | 'signed-in' | 'store-public' | 'store-signed-in';
  needs?: readonly `${string}:${string}`[];
}

export const PRERENDERED: Readonly<Record<string, PrerenderedPage>> = {
  '/login': { file: 'login.html', kind: 'public' },
  '/home': { file: 'home.html', kind: 'signed-in', needs: ['create:vendas', 'read:vendas', 'read:agendamentos'] },
  '/sales/create': { file: 'sales-create.html', kind: 'signed-in', needs: ['create:vendas'] },
  '/vendas/$store': { file: 'store-login.html', kind: 'store-public' },
  '/vendas/$store/sales/create': { file: 'store-purchase.html', kind: 'store-signed-in' },
};

/** The file of each prerendered page, by path (a `$name` segment standing for any one segment): what both servers send for the path, `npm start` (functions/src/local/server.ts) and CloudFront's SPA fallback (infra/web-fallback.ts). */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(PRERENDERED).map(([page, { file }]) => [page, file]));

/**
 * Stands in the markup for the user's first name (the home's greeting); the build replaces it with
 * an element the shell's head script fills from the stored session (web/index.html).
 */
export const FIRST_NAME_SLOT = '%%first-name%%';

/** Stands for the store's address in the markup of a store's page (a valid address, never a store's: the lookup's 404). */
export const STORE_SLOT = 'ev-prerendered-store';

/** Stands in the markup for the store client's name (the store's frame, signed in); the head script fills it. */
export const CLIENT_NAME_SLOT = '%%client-name%%';

/**
 * The prerendered file for a path: an exact page, else a page whose `$name` segments each match one
 * segment without a dot (a file keeps its path). The same rule as CloudFront's (infra/web-fallback.ts).
 */
export function prerenderedFile(path: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(PRERENDERED_PAGES, path)) return PRERENDERED_PAGES[path];
  const parts = path.split('/');
  for (const [page, file] of Object.entries(PRERENDERED_PAGES)) {
    const pattern = page.split('/');
    if (pattern.length === parts.length && pattern.every((p, i) => p === parts[i] || (p.startsWith('$') && parts[i] !== '' && !parts[i]!.includes('.')))) return file;
  }
  return undefined;
}
