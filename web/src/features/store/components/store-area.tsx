import { IconBuildingStore, IconLogout } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { AreaFrame } from '@/components/layout/area-frame';
import { Card } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { apiErrorText, textOf } from '@/lib/api-error-text';
import { StoreTexts } from '@ev/shared/store-texts';
import { storeKeys, storePublicOptions, useStoreLogout } from '../api/store-api';
import { useStoreSession } from '../store-session';
import { useStoreApp } from '../use-store-app';

/**
 * A store's frame (/vendas/<slug>, docs/store.md): the store's name, and, signed in, the client's
 * name and "Sair"; nothing of the company app (no menu, no staff session). An address that opens no
 * store (unknown, turned off, a company suspended) is a plain page that says so. While the store's
 * name is asked, the frame and the page are drawn with the name's place empty (its line's height
 * kept by the icon): the page prerendered when the app is built is that state (src/prerender.tsx),
 * and nothing moves when the name arrives.
 */
export function StoreArea({ slug, children }: { slug: string; children: ReactNode }) {
  const { t } = useTranslation('store');
  const store = useQuery(storePublicOptions(slug));
  const session = useStoreSession(slug);
  const logout = useStoreLogout(slug);
  const qc = useQueryClient();
  useStoreApp(slug, store.data?.name);

  // Signed out: nothing the session read stays (another client may sign in on this phone).
  useEffect(() => {
    if (!session) qc.removeQueries({ queryKey: storeKeys.sales(slug) });
  }, [session, slug, qc]);

  if (store.isError) {
    const gone = store.error instanceof ApiError && store.error.status === 404;
    return (
      <main className="mx-auto flex min-h-screen w-full max-w-md flex-col justify-center gap-4 p-4">
        <Card className="flex flex-col gap-3 p-6" data-testid="store-not-found">
          <h1 className="text-xl font-semibold">{gone ? t('notFound.title') : t('unreachable.title')}</h1>
          <p className="text-muted-foreground">{gone ? apiErrorText(store.error, t('notFound.text')) : t('unreachable.text')}</p>
        </Card>
      </main>
    );
  }
  return (
    <AreaFrame
      mainId="store-main"
      skipLabel={t('skipToContent')}
      width="narrow"
      brand={
        // Its own row's rest, the name cut short there: a long name never pushes the actions to a
        // row of their own when it arrives.
        <Link to="/vendas/$store" params={{ store: slug }} className="flex min-w-0 flex-1 basis-0 items-center gap-2 font-semibold" data-testid="store-name">
          <IconBuildingStore aria-hidden className="size-6 shrink-0 text-primary" />
          {store.data ? <span className="truncate">{store.data.name}</span> : <span className="sr-only">{t('home')}</span>}
        </Link>
      }
      actions={
        <>
          {session && (
            <span className="text-sm" data-testid="store-client">
              <span className="sr-only">{t('signedInAs')} </span>
              {session.client.nickname || session.client.name}
            </span>
          )}
          <LanguageSwitch />
          <ThemeToggle />
          {session && (
            // Pressed on the prerendered page before the app starts: held, then pressed here (lib/prerendered.ts).
            <Button variant="outline" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending} data-shell-action="store-logout">
              <IconLogout aria-hidden />
              {t('logout')}
            </Button>
          )}
        </>
      }
    >
      {session && (
        <nav aria-label={t('nav.label')} className="flex gap-1 overflow-x-auto border-b border-border">
          {(
            [
              { to: '/vendas/$store/sales/create', search: {}, label: t('nav.purchase'), key: 'create' },
              { to: '/vendas/$store/sales', search: {}, label: t('nav.orders'), key: 'orders' },
              { to: '/vendas/$store/sales', search: { tab: 'dados' as const }, label: t('nav.profile'), key: 'profile' },
            ] as const
          ).map((tab) => (
            <Link
              key={tab.key}
              to={tab.to}
              params={{ store: slug }}
              search={tab.search}
              activeOptions={{ exact: true, includeSearch: true }}
              className="-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground data-[status=active]:border-primary data-[status=active]:text-foreground"
            >
              {tab.label}
            </Link>
          ))}
        </nav>
      )}
      {session && !session.client.canBuy && <Alert variant="warning">{textOf(StoreTexts.cannotBuy())}</Alert>}
      {children}
    </AreaFrame>
  );
}
