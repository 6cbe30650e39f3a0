import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EChart, type EChartsCoreOption } from '@/components/charts/echart';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { FetchFailed } from '@/components/fetch-failed';
import { LoadingBlocks } from '@/components/loading-blocks';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Decimal, placesIn } from '@ev/shared/money';
import { useFormat, type Formatter } from '@/lib/format';
import { usePreferences } from '@/lib/preferences';
import { useClient } from '../api/clients-api';
import { punctualityOptions } from '../api/clients-financial-api';
import { Figure, type Punctuality } from './financial-tab';

const OVERDUE = '#dc2626';
const LATE = '#d97706';

/** The two charts' options: open/overdue values and paid on time/late counts per due month. */
function chartOptions(data: Punctuality, format: Formatter, primaryColor: string, t: TFunction) {
  const { locale } = format.ctx;
  const months = data.months;
  const labels = months.map((m) => format.month(m.month));
  // The charts plot numbers; the amounts are subtracted as decimals first and shown back through the formatter.
  const currency = (v: unknown) => format.money(String(v));
  const values: EChartsCoreOption = {
    tooltip: { trigger: 'axis', valueFormatter: currency },
    legend: { bottom: 0 },
    grid: { left: 8, right: 8, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value', axisLabel: { formatter: (v: number) => new Intl.NumberFormat(locale, { notation: 'compact' }).format(v) } },
    series: [
      { name: t('dashboard.toExpire'), type: 'bar', stack: 'open', itemStyle: { color: primaryColor }, data: months.map((m) => new Decimal(m.openValue).minus(m.overdueValue).toNumber()) },
      { name: t('dashboard.overdue'), type: 'bar', stack: 'open', itemStyle: { color: OVERDUE }, data: months.map((m) => Number(m.overdueValue)) },
    ],
  };
  const punctual: EChartsCoreOption = {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 8, right: 8, top: 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: t('dashboard.paidOnTime'), type: 'bar', stack: 'paid', itemStyle: { color: primaryColor }, data: months.map((m) => m.paidOnTime.count) },
      { name: t('dashboard.paidLate'), type: 'bar', stack: 'paid', itemStyle: { color: LATE }, data: months.map((m) => m.paidLate.count) },
    ],
  };
  return { values, punctual };
}

/**
 * /clients/dashboard-one/{id}: one client's open and overdue values per due month and its payment
 * punctuality (paid on time and late) over the last 12 months, in the company's time zone.
 */
export function DashboardOnePage({ clientId }: { clientId: string }) {
  const { t } = useTranslation('clients-financial');
  const format = useFormat();
  const client = useClient(clientId);
  const query = useQuery(punctualityOptions(clientId));
  const { primaryColor } = usePreferences();
  const money = (v: string) => format.money(v, placesIn(v));

  // Rebuilt only when its inputs change: the React compiler memoizes this component.
  const charts = query.data ? chartOptions(query.data, format, primaryColor, t) : null;

  const title = client.data ? t('dashboard.titleOf', { name: client.data.nickname || client.data.name }) : t('dashboard.title');

  if (query.isError && !query.data) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={title} />
        <FetchFailed error={query.error} fallback={t('dashboard.error')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      </div>
    );
  }

  if (!query.data || !charts) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={title} />
        <LoadingBlocks
          label={t('loading')}
          rows={[
            { count: 4, columns: 'sm:grid-cols-2 xl:grid-cols-4', height: 'h-24' },
            { count: 2, columns: 'lg:grid-cols-2', height: 'h-80' },
          ]}
        />
      </div>
    );
  }

  const { months, totals } = query.data;
  const onTime = months.reduce((n, m) => n + m.paidOnTime.count, 0);
  const late = months.reduce((n, m) => n + m.paidLate.count, 0);
  const rate = onTime + late ? format.percent(onTime, onTime + late) : '—';
  const empty = months.every((m) => m.openValue === '0.00' && m.paidOnTime.count + m.paidLate.count === 0);

  return (
    <div className="flex flex-col gap-4" data-testid="client-dashboard-one">
      <PageHeader title={title} description={t('dashboard.description')} />
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Figure label={t('totals.open')} value={money(totals.open)} />
        <Figure label={t('totals.expired')} value={money(totals.expired)} tone={totals.expired !== '0.00' ? 'bad' : undefined} />
        <Figure label={t('dashboard.punctuality')} value={rate} hint={t('dashboard.punctualityHint', { onTime, late })} />
        <Figure label={t('totals.paid')} value={money(totals.paid)} />
      </div>
      {empty ? (
        <Alert>{t('dashboard.empty')}</Alert>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>{t('dashboard.valuesTitle')}</CardTitle>
              <CardDescription>{t('dashboard.valuesHint')}</CardDescription>
            </CardHeader>
            <CardContent>
              <EChart
                option={charts.values}
                aria-label={t('dashboard.valuesTitle')}
                summary={
                  <ul>
                    {months.map((m) => (
                      <li key={m.month}>{t('dashboard.valuesSummary', { month: format.month(m.month), open: money(m.openValue), overdue: money(m.overdueValue) })}</li>
                    ))}
                  </ul>
                }
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('dashboard.punctualityTitle')}</CardTitle>
              <CardDescription>{t('dashboard.punctualityChartHint')}</CardDescription>
            </CardHeader>
            <CardContent>
              <EChart
                option={charts.punctual}
                aria-label={t('dashboard.punctualityTitle')}
                summary={
                  <ul>
                    {months.map((m) => (
                      <li key={m.month}>
                        {t('dashboard.punctualitySummary', {
                          month: format.month(m.month),
                          onTime: m.paidOnTime.count,
                          onTimeValue: money(m.paidOnTime.value),
                          late: m.paidLate.count,
                          lateValue: money(m.paidLate.value),
                        })}
                      </li>
                    ))}
                  </ul>
                }
              />
            </CardContent>
          </Card>
        </div>
      )}
    </div>
  );
}
