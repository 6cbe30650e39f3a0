import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { initI18n } from './lib/i18n';
import { routeTree } from './route-tree.gen';

/**
 * A public page's markup as a first visit sees it, made when the app is built (scripts/prerender.ts)
 * so the browser paints it before any script arrives: the real route tree, in Portuguese, for a
 * visitor with no session. The app then starts over it (main.tsx), keeping what was typed.
 */
export async function renderPage(path: string): Promise<string> {
  await initI18n('pt');
  const queryClient = new QueryClient();
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
