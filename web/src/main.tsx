// First: the schemas made by the modules below are made without compiled code (lib/zod-jitless.ts).
import './lib/zod-jitless';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { RouteError } from './components/pages/route-error';
import { startTransition, StrictMode, Suspense, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { setSessionFailureHandler, REFRESH_MESSAGES, TOKEN_REVOKED } from './lib/api';
import { cn } from './lib/cn';
import { i18n, initI18n } from './lib/i18n';
import { followUserLanguage } from './lib/language';
import { deleteOfflineDb } from './lib/offline-db';
import { followPrerenderedForm, prerenderDone, prerenderedForm, prerenderShown } from './lib/prerendered';
import { session } from './lib/session';
import { refreshSessionData } from './lib/session-data';
import { routeTree } from './route-tree.gen';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

const makeRouter = () =>
  createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // A page that fails shows the product's error screen in its place, inside the signed-in shell
    // (the root and the shell itself have their own, in the blank layout: docs/web-layout.md).
    defaultErrorComponent: RouteError,
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}

let made: ReturnType<typeof makeRouter> | undefined;
/** The router, made on first use: in a task of the start's own, not in the modules' evaluation (its route tree's set-up, about 10 ms at 1×). */
const router = () => (made ??= makeRouter());

/** A failed refresh (spec section 8): 'Token revogado.' → expired=1; the five texts → message; else plain login. */
setSessionFailureHandler((status) => {
  // Clearing the session deletes the offline database as logout does (spec section 4).
  void deleteOfflineDb().catch(() => undefined);
  session.clear();
  queryClient.clear();
  if (status === TOKEN_REVOKED) void router().navigate({ to: '/login', search: { expired: 1 } });
  else if (status && REFRESH_MESSAGES.includes(status)) void router().navigate({ to: '/login', search: { message: status } });
  else void router().navigate({ to: '/login' });
});

// A page chunk that no longer exists (a new version was deployed): reload once.
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem('escritorio-virtual-preload-reloaded')) return;
  sessionStorage.setItem('escritorio-virtual-preload-reloaded', '1');
  event.preventDefault();
  window.location.reload();
});

/** The app's first commit has replaced a page prerendered at build time (lib/prerendered.ts); its form has read it. */
function PrerenderDone() {
  useLayoutEffect(prerenderDone, []);
  return null;
}

/**
 * Goes on in a new task: the start's steps each in their own, after the modules' evaluation, so a
 * phone's main thread is never held long at once (docs/web-session.md, "The start's tasks").
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

async function start() {
  // Three things the first page waits for, asked at once rather than one after another (each in
  // its own task): with stored tokens, who the user is as the server has them now (abilities
  // changed there apply on this load), its route's code (the layout and the page) and its catalogues
  // (the common ones and the page's own, its route's `namespaces`).
  // A failed session has already been cleared and sent to login by the handler above.
  const me = session.isLoggedIn() ? refreshSessionData().catch(() => undefined) : undefined;
  await nextTask();
  router();
  await nextTask();
  const matched = router().getMatchedRoutes(window.location.pathname)[0];
  const chunks = matched.map((route) => Promise.resolve(router().loadRouteChunk(route)).catch(() => undefined));
  const namespaces = matched.flatMap((route) => route.options.staticData?.namespaces ?? []);
  await nextTask();
  const catalogues = initI18n(undefined, namespaces);
  await nextTask();
  // The first merge of classes and the first translation each set themselves up once (tailwind-merge
  // its tables, 4 to 15 ms at 1× here; i18next a few): done here, each in a task of its own while
  // the answers are awaited, not in the first render's (docs/web-session.md, "The start's tasks").
  cn('p-0', 'p-1');
  await Promise.all([catalogues.then(nextTask).then(() => void i18n.t('layout:skipToContent')), ...chunks, me]);
  // Over a prerendered page the route is resolved first, so the first commit draws the page itself
  // (its form reading what was typed) rather than an empty frame (lib/prerendered.ts).
  // The language kept with the user wins over this browser's once the session says it (and at each sign-in).
  followUserLanguage();
  if (prerenderShown()) await router().load();
  const root = createRoot(document.getElementById('root')!);
  const render = () =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>
            <RouterProvider router={router()} />
            <PrerenderDone />
          </Suspense>
        </QueryClientProvider>
      </StrictMode>,
    );
  // As a transition: React renders the first page in slices of a few milliseconds, yielding between
  // them, instead of one task as long as the whole page (about half a second on a slow phone's
  // order entry: docs/benchmarks.md, "lighthouse"); the prerendered markup stays until it commits.
  // Not over a prerendered form (the login): its first render reads what was typed and whether it
  // was sent, and typing or a press landing between two slices would be lost at the commit.
  // What is typed in the markup's form is followed until its page takes it over (lib/prerendered.ts).
  followPrerenderedForm();
  if (prerenderedForm()) render();
  else startTransition(render);
  sessionStorage.removeItem('escritorio-virtual-preload-reloaded');
}

void start();
