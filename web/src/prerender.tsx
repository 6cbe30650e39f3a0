import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { SignedInShell } from './components/layout/app-layout';
import { HomeTop } from './features/home/home-page';
import { SaleEntryLoading } from './features/sales/entry/entry-page';
import { storeSession } from './features/store/store-session';
import { AbilityProvider, abilityFrom } from './lib/ability';
import { initI18n } from './lib/i18n';
import { CLIENT_NAME_SLOT, FIRST_NAME_SLOT, PRERENDERED, STORE_SLOT } from './prerendered-pages';
import { routeTree } from './route-tree.gen';
import type { AbilityRule } from '@ev/shared/permissions';

/**
 * What each signed-in page shows before its answers arrive, inside the phone's layout: the markup
 * the app's own components draw in that state. Only what every user the page is shown to sees
 * (web/src/prerendered-pages.ts, `needs`): no name but the slot, no answer.
 */
const SIGNED_IN: Record<string, (t: (key: string) => string) => ReactNode> = {
  '/home': () => (
    <div className="flex flex-col gap-4">
      <HomeTop name={FIRST_NAME_SLOT} active={undefined} drafts={undefined} />
    </div>
  ),
  '/sales/create': (t) => <SaleEntryLoading title={t('entry.titleNew')} status={t('entry.notStarted')} />,
};

/**
 * A page's markup as a first visit sees it, made when the app is built (scripts/prerender.ts) so
 * the browser paints it before any script arrives, in Portuguese. A public page: the real route
 * tree for a visitor with no session. A store's page: the real route tree at the address
 * `STORE_SLOT`, before the store's answers (its name, its catalogue) arrive: signed out, its login;
 * signed in (a session stored for the render, the client's name a slot), the catalogue loading. A signed-in page: the layout's frame around the page's
 * first state, drawn with the abilities the page is shown for. The app then starts over it
 * (main.tsx), keeping what was typed.
 */
export async function renderPage(path: string): Promise<string> {
  const i18n = await initI18n('pt');
  const page = PRERENDERED[path];
  if (page?.kind === 'signed-in') {
    const body = SIGNED_IN[path];
    if (!body) throw new Error(`No signed-in markup for ${path}`);
    await i18n.loadNamespaces(['layout', 'home', 'sales']);
    const rules: AbilityRule[] = (page.needs ?? []).map((need) => {
      const [action, subject] = need.split(':');
      return { action, subject } as AbilityRule;
    });
    const markup = body((key) => i18n.t(key, { ns: 'sales' }));
    // The page's links are built by the router: one route at the path, drawing the markup.
    const shell = createRouter({
      routeTree: createRootRoute({
        component: () => (
          <AbilityProvider value={abilityFrom(rules)}>
            <SignedInShell>{markup}</SignedInShell>
          </AbilityProvider>
        ),
      }),
      history: createMemoryHistory({ initialEntries: [path] }),
    });
    await shell.load();
    return renderToString(
      <StrictMode>
        <RouterProvider router={shell} />
      </StrictMode>,
    );
  }
  // A store's page: its address is the slot (the head script puts the visit's into the links);
  // signed in, a session of the store stored as its login stores it, the client's name its slot.
  const at = path.replaceAll('$store', STORE_SLOT);
  if (page?.kind === 'store-public' || page?.kind === 'store-signed-in') await i18n.loadNamespaces(['store']);
  if (page?.kind === 'store-signed-in') storeSession.start(STORE_SLOT, { token: 'prerender', expiresAt: '9999-12-31 00:00:00', client: { id: 'prerender', name: CLIENT_NAME_SLOT, nickname: null, email: '', canBuy: true } });
  try {
    const queryClient = new QueryClient();
    const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [at] }) });
    await router.load();
    return renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  } finally {
    storeSession.end(STORE_SLOT);
  }
}
