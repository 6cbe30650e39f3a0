import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { Button } from '@/components/ui/button';
import { AreaFrame } from '@/components/layout/area-frame';
import { adminKeys, useOperatorLogout, useOperatorMe } from '../api/admin-api';
import { useOperatorSession } from '../operator-session';
import { OperatorLoginDialog, OperatorLoginPage } from './operator-login';

/**
 * The admin area's frame (/admin, docs/admin.md): its own, outside the company app (no company
 * menu, no company session needed). Without an operator's session every admin page shows the
 * operator's sign-in, with why the last session ended; signed in, a header with the operator's
 * name and "Sair", and the page. A session that ends under a page (an admin call's 401) shows the
 * sign-in over it: the page and what was typed in it stay, and go on once signed in again.
 */
export function AdminArea({ children }: { children: ReactNode }) {
  const { t } = useTranslation('admin');
  const { session, ended } = useOperatorSession();
  const qc = useQueryClient();
  const me = useOperatorMe(!!session);
  const logout = useOperatorLogout();

  // Signed out ("Sair"): nothing of what the session read stays.
  useEffect(() => {
    if (!session && !ended) qc.removeQueries({ queryKey: adminKeys.all });
  }, [session, ended, qc]);

  if (!session && !ended) return <OperatorLoginPage />;

  const name = session ? (me.data?.name ?? session.operator.name) : ended!.operator.name;
  return (
    <AreaFrame
      mainId="admin-main"
      skipLabel={t('skipToContent')}
      width="wide"
      brand={
        <Link to="/admin" className="flex items-center gap-2.5 font-semibold">
          <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
          <span className="flex flex-col leading-tight">
            <span>{t('common:appName')}</span>
            <span className="text-xs font-normal text-muted-foreground">{t('area')}</span>
          </span>
        </Link>
      }
      actions={
        <>
          <span className="text-sm" data-testid="operator-name">
            <span className="sr-only">{t('signedInAs')} </span>
            {name}
          </span>
          <LanguageSwitch />
          <ThemeToggle />
          <Button variant="outline" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending || !session}>
            <IconLogout aria-hidden />
            {t('logout')}
          </Button>
        </>
      }
      after={!session && ended && <OperatorLoginDialog ended={ended.error} email={ended.operator.email} />}
    >
      {children}
    </AreaFrame>
  );
}
