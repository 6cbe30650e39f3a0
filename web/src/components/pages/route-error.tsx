import { IconHome, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BlankLayout } from '@/components/layout/blank-layout';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { StatusPage } from './status-page';

/**
 * What a page that crashed shows instead of the router's built-in screen (docs/web-layout.md,
 * "When a page fails"): a plain text in the user's language, "Tentar novamente" (the page's reads
 * and the route load again), "Ir para o início", and, when the failure was an answer of the API,
 * its request id to quote to support. The router uses it for every route (`defaultErrorComponent`),
 * so a page's failure shows inside the signed-in shell, the navigation still usable.
 */
export function RouteError({ error, reset, standalone = false }: ErrorComponentProps & { standalone?: boolean }) {
  const { t } = useTranslation('common');
  const router = useRouter();
  const queryClient = useQueryClient();
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  const retry = () => {
    // The failed reads start over (the page, drawn again, reads them anew instead of meeting the
    // same error in the cache), then the route loads again.
    void queryClient.resetQueries({ predicate: (q) => q.state.status === 'error' });
    reset();
    void router.invalidate();
  };
  return (
    <StatusPage as={standalone ? 'main' : 'section'} code="!" title={t('routeError.title')} text={t(requestId ? 'routeError.text' : 'routeError.textNoCode')}>
      <div className="flex flex-col items-center gap-4">
        {requestId && (
          <p className="text-sm text-muted-foreground" data-testid="route-error-request">
            {t('routeError.requestId')} <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono text-foreground">{requestId}</code>
          </p>
        )}
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={retry}>
            <IconRefresh aria-hidden />
            {t('routeError.retry')}
          </Button>
          <Button asChild variant="outline">
            <Link to="/home">
              <IconHome aria-hidden />
              {t('backHome')}
            </Link>
          </Button>
        </div>
      </div>
    </StatusPage>
  );
}

/** The same screen where no shell is drawn (the app's root, the signed-in shell itself failing): in the blank layout. */
export function RootRouteError(props: ErrorComponentProps) {
  return (
    <BlankLayout>
      <RouteError {...props} standalone />
    </BlankLayout>
  );
}
