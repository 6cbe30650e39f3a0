/**
 * The pages whose HTML is made when the app is built (web/scripts/prerender.ts), by path, with the
 * file each is written to in the build: a first visit paints them before any script arrives. Both
 * servers send that file for the path: `npm start` (functions/src/local/server.ts) and CloudFront's
 * SPA fallback (infra/web-fallback.ts). docs/web-session.md, "The page painted before the app".
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = { '/login': 'login.html' };
