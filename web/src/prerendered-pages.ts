/**
 * The pages whose HTML is made when the app is built (web/scripts/prerender.ts), by path: a first
 * visit paints them before any script arrives. docs/web-session.md, "The page painted before the app".
 *
 * - `public`: the page as a visitor without a session sees it (the login), shown only to one.
 * - `signed-in`: the frame of the signed-in screens on a phone (the navbar) around what the page
 *   shows before its answers arrive (its loading state), shown only to a stored session whose
 *   abilities include `needs` (each `action:subject`: what the markup assumes the user may do),
 *   below the large breakpoint (the layout of the markup).
 */
export interface PrerenderedPage {
  file: string;
  kind: 'public' | 'signed-in';
  needs?: readonly `${string}:${string}`[];
}

export const PRERENDERED: Readonly<Record<string, PrerenderedPage>> = {
  '/login': { file: 'login.html', kind: 'public' },
  '/home': { file: 'home.html', kind: 'signed-in', needs: ['create:vendas', 'read:vendas', 'read:agendamentos'] },
  '/sales/create': { file: 'sales-create.html', kind: 'signed-in', needs: ['create:vendas'] },
};

/** The file of each prerendered page, by path: what both servers send for the path, `npm start` (functions/src/local/server.ts) and CloudFront's SPA fallback (infra/web-fallback.ts). */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(PRERENDERED).map(([page, { file }]) => [page, file]));

/**
 * Stands in the markup for the user's first name (the home's greeting); the build replaces it with
 * an element the shell's head script fills from the stored session (web/index.html).
 */
export const FIRST_NAME_SLOT = '%%first-name%%';
