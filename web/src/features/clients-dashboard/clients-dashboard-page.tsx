import { IconCalendarPlus, IconShoppingCartOff, IconUserCheck, IconUsers, type Icon } from '@tabler/icons-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { FetchFailed } from '@/components/fetch-failed';
import { LoadingBlocks } from '@/components/loading-blocks';
import { Card, CardContent } from '@/components/ui/card';
import { ChartCard } from '@/components/charts/figure-cards';
import { formatMonth, useFormat } from '@/lib/format';
import { localeOf } from '@/lib/i18n';
import { usePreferences } from '@/lib/preferences';
import { DAYS_CHOICES, DEFAULT_DAYS, useClientsDashboard, type ClientsDashboard } from './api/clients-dashboard-api';
import { barsOption, columnsOption, doughnutOption, summaryText, type Datum } from '@/components/charts/options';

const SITUATION_COLORS: Record<string, string | undefined> = { analysis: '#d97706', problem: '#dc2626', closed: '#6b7280' };
const INACTIVE_COLOR = '#6b7280';

const selectClass = 'h-9 rounded-md border border-input bg-card px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring';

/**
 * /clients/dashboard (spec section 2, `dashboard clientes`): the clients of the user's scope by
 * situation, status, segment and region, new clients per month, and those without a purchase for
 * N days. The figures come from counters the API keeps on every client write.
 */
export function ClientsDashboardPage() {
  const { t } = useTranslation('clients-dashboard');
  const [days, setDays] = useState<number>(DEFAULT_DAYS);
  const query = useClientsDashboard(days);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={query.data ? t(`scope.${query.data.scope}`) : undefined} />
      {query.isError && !query.data ? (
        <FetchFailed error={query.error} fallback={t('error')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <LoadingDashboard />
      ) : (
        <Dashboard data={query.data} days={days} onDays={setDays} refreshing={query.isFetching} />
      )}
    </div>
  );
}

function LoadingDashboard() {
  const { t } = useTranslation('clients-dashboard');
  return (
    <LoadingBlocks
      label={t('loading')}
      testId="clients-dashboard-loading"
      rows={[
        { count: 4, columns: 'sm:grid-cols-2 xl:grid-cols-4', height: 'h-28' },
        { count: 4, columns: 'lg:grid-cols-2', height: 'h-80' },
      ]}
    />
  );
}

function Dashboard({ data, days, onDays, refreshing }: { data: ClientsDashboard; days: number; onDays: (days: number) => void; refreshing: boolean }) {
  const { t, i18n } = useTranslation('clients-dashboard');
  const format = useFormat();
  const { primaryColor } = usePreferences();
  const locale = localeOf(i18n.language);
  const number = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const selectId = useId();
  const active = data.byStatus.find((s) => s.status === 'active')?.count ?? 0;
  const thisMonth = data.newPerMonth.at(-1)?.count ?? 0;

  const charts = useMemo(() => {
    const series = t('series.clients');
    const item = (d: Datum) => t('summary.item', { name: d.name, value: number.format(d.value) });
    const parts = (total?: number) => ({ total: total === undefined ? undefined : t('summary.total', { count: total, total: number.format(total) }), item, none: t('summary.none') });
    const situation: Datum[] = data.bySituation.map((s) => ({ name: t(`situation.${s.situation}`), value: s.count, color: s.situation === 'normal' ? primaryColor : SITUATION_COLORS[s.situation] }));
    const status: Datum[] = data.byStatus.map((s) => ({ name: t(`status.${s.status}`), value: s.count, color: s.status === 'active' ? primaryColor : INACTIVE_COLOR }));
    const segment: Datum[] = data.bySegment.map((s) => ({ name: s.id === null ? t('noSegment') : s.name, value: s.count }));
    const region: Datum[] = data.byRegion.map((s) => ({ name: s.id === null ? t('noRegion') : s.name, value: s.count }));
    const months: Datum[] = data.newPerMonth.map((m) => ({ name: formatMonth(m.month, { locale }), value: m.count }));
    return {
      situation: { option: doughnutOption(situation, series), summary: summaryText(situation, parts(data.total)), empty: data.total === 0 },
      status: { option: columnsOption(status, series, primaryColor), summary: summaryText(status, parts(data.total)), empty: data.total === 0 },
      segment: { option: barsOption(segment, series, primaryColor), summary: summaryText(segment, parts()), empty: segment.length === 0 },
      region: { option: barsOption(region, series, primaryColor), summary: summaryText(region, parts()), empty: region.length === 0 },
      months: { option: columnsOption(months, series, primaryColor), summary: summaryText(months, parts(data.newPerMonth.reduce((a, m) => a + m.count, 0))), empty: false },
    };
  }, [data, locale, number, primaryColor, t]);

  const since = format.date(data.withoutPurchase.since);

  return (
    <div className="flex flex-col gap-4" aria-busy={refreshing}>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure icon={IconUsers} label={t('cards.total')} value={number.format(data.total)} testId="clients-total" />
        <Figure icon={IconUserCheck} label={t('cards.active')} value={number.format(active)} testId="clients-active" />
        <Figure icon={IconCalendarPlus} label={t('cards.newThisMonth')} value={number.format(thisMonth)} testId="clients-new-this-month" />
        <Figure
          icon={IconShoppingCartOff}
          label={t('cards.withoutPurchase', { days: data.withoutPurchase.days })}
          value={number.format(data.withoutPurchase.count)}
          hint={t('cards.withoutPurchaseHint', { date: since })}
          testId="clients-without-purchase"
        >
          <label htmlFor={selectId} className="sr-only">
            {t('cards.days')}
          </label>
          <select id={selectId} className={selectClass} value={days} onChange={(e) => onDays(Number(e.target.value))}>
            {DAYS_CHOICES.map((n) => (
              <option key={n} value={n}>
                {t('cards.daysOption', { count: n })}
              </option>
            ))}
          </select>
        </Figure>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard title={t('charts.situation')} chart={charts.situation} testId="chart-situation" emptyText={t('empty')} />
        <ChartCard title={t('charts.status')} chart={charts.status} testId="chart-status" emptyText={t('empty')} />
        <ChartCard title={t('charts.segment')} chart={charts.segment} testId="chart-segment" emptyText={t('empty')} />
        <ChartCard title={t('charts.region')} chart={charts.region} testId="chart-region" emptyText={t('empty')} />
        <ChartCard title={t('charts.newPerMonth')} description={t('charts.newPerMonthHint')} chart={charts.months} testId="chart-new-per-month" className="lg:col-span-2" emptyText={t('empty')} />
      </div>
    </div>
  );
}

function Figure({ icon: FigureIcon, label, value, hint, testId, children }: { icon: Icon; label: string; value: string; hint?: string; testId: string; children?: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex flex-col gap-2 p-5">
        <div className="flex items-start justify-between gap-2">
          <span className="flex items-center gap-2 text-sm text-muted-foreground">
            <FigureIcon aria-hidden className="size-4 shrink-0" />
            <span>{label}</span>
          </span>
          {children}
        </div>
        <span className="text-3xl font-semibold tabular-nums" data-testid={`${testId}-value`}>
          {value}
        </span>
        {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
      </CardContent>
    </Card>
  );
}
