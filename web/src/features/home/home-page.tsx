import { IconBuildingStore, IconCalendarTime, IconInfoCircle, IconMapPin, IconShoppingCartPlus, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAbility } from '@/lib/ability';
import { formatDateTime } from '@/lib/format';
import { localeOf } from '@/lib/i18n';
import { companyName, displayName } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import { homeTabsOf } from '@ev/shared/sales/home-tabs';
import { HomeFiguresSection } from './home-figures';

/** The user's scheduling under way, as the home links it. */
export interface ActiveSchedulingLink {
  id: string;
  name: string;
}

/**
 * Home: who is logged in, in which company and branch, the user's scheduling under way (`active`,
 * given by the route: features do not import each other) with a link to it, the hint that one
 * scheduling can be active at a time, and, for who reads sales, the sales figures of the user's tabs
 * (home-figures.tsx). Who may take orders finds "Novo pedido" first: an order from home starts with
 * one tap (docs/sales.md).
 */
export function HomePage({ active = null }: { active?: ActiveSchedulingLink | null }) {
  const { t, i18n } = useTranslation('home');
  const { data } = useSession();
  const ability = useAbility();
  const takesOrders = ability.can('create', 'vendas');
  const readsSales = ability.can('read', 'vendas');
  if (!data) return null;
  const ctx = { locale: localeOf(i18n.language), timeZone: data.user.fuso, dateFormat: data.user.formatoData };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('greeting', { name: displayName(data.user) })}</h1>
        {takesOrders && (
          <Button asChild>
            <Link to="/sales/create/{-$id}" params={{ id: undefined }}>
              <IconShoppingCartPlus aria-hidden /> {t('newOrder')}
            </Link>
          </Button>
        )}
      </div>
      {active && (
        <section aria-label={t('activeScheduling.label')} data-testid="active-scheduling" className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-primary/30 bg-primary/10 p-3 text-sm">
          <IconCalendarTime aria-hidden className="size-4 shrink-0" />
          <span className="min-w-0 flex-1 break-words">{t('activeScheduling.text', { name: active.name })}</span>
          <Button asChild size="sm" variant="outline">
            <Link to="/schedulings/$id" params={{ id: active.id }}>
              {t('activeScheduling.open')}
            </Link>
          </Button>
        </section>
      )}
      <div className="grid gap-4 md:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <IconUser aria-hidden /> {t('user')}
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{data.user.nome}</span>
            <span className="text-muted-foreground">{data.user.email}</span>
            <span className="text-muted-foreground">
              {[data.user.supervisor && t('roles.supervisor'), data.user.vendedor && t('roles.salesman'), data.user.funcionario && t('roles.employee')].filter(Boolean).join(' · ')}
            </span>
            {data.user.ultimoAcesso && <span className="text-muted-foreground">{t('lastAccess', { when: formatDateTime(data.user.ultimoAcesso, ctx) })}</span>}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <IconBuildingStore aria-hidden /> {t('company')}
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{companyName(data.company)}</span>
            <span className="text-muted-foreground">{data.company.nome}</span>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <IconMapPin aria-hidden /> {t('branch')}
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-1 text-sm">
            {data.branch ? (
              <>
                <span className="font-medium">{data.branch.apelido || data.branch.nome}</span>
                <span className="text-muted-foreground">{t('branchCount', { count: data.branches.length })}</span>
              </>
            ) : (
              <span className="text-warning">{data.message}</span>
            )}
          </CardContent>
        </Card>
      </div>
      <p className="flex items-center gap-2 rounded-md border border-border bg-card p-3 text-sm text-muted-foreground">
        <IconInfoCircle aria-hidden className="size-4 shrink-0" /> {t('schedulingHint')}
      </p>
      {/* Last: the figures arrive after the page is drawn, and below the cards they move nothing already shown. */}
      {readsSales && data.branch && <HomeFiguresSection tabs={homeTabsOf({ supervisor: data.user.supervisor, employee: data.user.funcionario, salesman: data.user.vendedor })} />}
    </div>
  );
}
