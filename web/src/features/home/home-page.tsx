import { IconBuildingStore, IconMapPin, IconUser } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAbility } from '@/lib/ability';
import { formatDateTime, type FormatContext } from '@/lib/format';
import { localeOf } from '@/lib/i18n';
import { companyName, displayName } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import { homeTabsOf } from '@ev/shared/sales/home-tabs';
import { HomeFiguresSection } from './home-figures';
import { HomeShortcuts, type HomeShortcutsProps } from './home-shortcuts';

/**
 * The top of the home: the greeting and the shortcuts, all a phone shows at first. Also the markup
 * made when the app is built (web/src/prerender.tsx), with the answers not yet there and a slot for
 * the name.
 */
export function HomeTop({ name, active, drafts }: HomeShortcutsProps & { name: string }) {
  const { t } = useTranslation('home');
  return (
    <>
      <h1 className="text-xl font-semibold sm:text-2xl">{t('greeting', { name })}</h1>
      <HomeShortcuts active={active} drafts={drafts} />
    </>
  );
}

/**
 * The last access, written a render after the card: a page's first date in a time zone costs the
 * phone's main thread a task of its own (the browser loads its calendar data), which then does not
 * lengthen the page's first render (docs/web-session.md, "The start's tasks"). Its line keeps its
 * height meanwhile.
 */
function LastAccess({ value, ctx }: { value: string; ctx: FormatContext }) {
  const { t } = useTranslation('home');
  const shown = useDeferredValue<string | null>(value, null);
  return <span className="text-muted-foreground">{shown ? t('lastAccess', { when: formatDateTime(shown, ctx) }) : '\u00a0'}</span>;
}

/**
 * Home: the shortcuts first (home-shortcuts.tsx: a new order, today's itinerary, the drafts and
 * their count, the scheduling under way or the hint that one can be active at a time; their answers
 * given by the route, since features do not import each other), then who is logged in, in which
 * company and branch, and, for who reads sales, the sales figures of the user's tabs
 * (home-figures.tsx). Who may take orders finds "Novo pedido" first: an order from home starts with
 * one tap (docs/sales.md "Home shortcuts").
 */
export function HomePage({ active, drafts }: HomeShortcutsProps) {
  const { t, i18n } = useTranslation('home');
  const { data } = useSession();
  const ability = useAbility();
  const readsSales = ability.can('read', 'vendas');
  if (!data) return null;
  const ctx = { locale: localeOf(i18n.language), timeZone: data.user.fuso, dateFormat: data.user.formatoData };
  return (
    <div className="flex flex-col gap-4">
      <HomeTop name={displayName(data.user)} active={active} drafts={drafts} />
      <div className="grid gap-4 md:grid-cols-3" data-testid="home-cards">
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
            {data.user.ultimoAcesso && <LastAccess value={data.user.ultimoAcesso} ctx={ctx} />}
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
      {/* Last: the figures arrive after the page is drawn, and below the cards they move nothing already shown. */}
      {readsSales && data.branch && <HomeFiguresSection tabs={homeTabsOf({ supervisor: data.user.supervisor, employee: data.user.funcionario, salesman: data.user.vendedor })} />}
    </div>
  );
}
