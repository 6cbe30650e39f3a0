import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { barsOption, columnsOption, summaryText, type Datum } from '@/components/charts/options';
import { DashboardFrame, pointName, pointRange, SeriesUnitChoice, useDashboardPeriod, type SeriesUnit } from '@/components/charts/dashboard-period';
import { ChartCard, Statistic, type ChartTable } from '@/components/charts/figure-cards';
import { Link } from '@tanstack/react-router';
import { Card, CardContent } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import { usePreferences } from '@/lib/preferences';
import { useSalesDashboard, type SalesDashboard } from './api/sales-dashboard-api';

/** The sales list's filters a row of the dashboard opens it with (`/sales`' search params). */
type ListFilter = Partial<Record<'salesmanId' | 'clientId' | 'natureId' | 'branchId' | 'productCompanyId' | 'paymentConditionId' | 'from' | 'until', string>> & { status?: SalesDashboard['byStatus'][number]['status'] };

/**
 * /sales/dashboard (spec section 2, `dashboard vendas`; docs/sales.md "Sales dashboard"): the sales of
 * the user's scope over a period (the current month by default, the previous month, the last 90 days
 * or chosen dates) against the period before, by day or month, status, sale type, salesman, branch,
 * product company and payment condition.
 */
export function SalesDashboardPage() {
  const { t } = useTranslation('sales-dashboard');
  const periodState = useDashboardPeriod();
  // The series' grouping: none chosen, the API's (by day up to 62 days, else by month).
  const [unit, setUnit] = useState<SeriesUnit | undefined>();
  const query = useSalesDashboard(periodState.period, unit);

  return (
    <DashboardFrame
      title={t('title')}
      description={query.data ? t(`scope.${query.data.scope}`) : undefined}
      exportAs={{ name: 'sales-dashboard', query: { ...periodState.period, unit } }}
      period={periodState}
      query={query}
      texts={{ error: t('error'), retry: t('retry'), loading: t('loading') }}
      loading={[{ count: 4, columns: 'sm:grid-cols-2 xl:grid-cols-4', height: 'h-28' }, { count: 4, columns: 'lg:grid-cols-2', height: 'h-80' }]}
    >
      {(data) => <Dashboard data={data} refreshing={query.isFetching} onUnit={setUnit} />}
    </DashboardFrame>
  );
}

function Dashboard({ data, refreshing, onUnit }: { data: SalesDashboard; refreshing: boolean; onUnit(unit: SeriesUnit): void }) {
  const { t } = useTranslation(['sales-dashboard', 'sales']);
  const format = useFormat();
  const { primaryColor } = usePreferences();
  const compare = { change: (change: string) => t('change', { change }), noPrevious: t('noPrevious') };
  const before = t('before', { from: format.date(data.previous.from), until: format.date(data.previous.until) });

  // Each row opens the sales list filtered to what it counts, in the same period (the drill-down).
  const list = (name: string, search: ListFilter) => (
    <Link to="/sales" search={{ from: data.from, until: data.until, ...search }} className="text-primary underline-offset-2 hover:underline">
      {name}
    </Link>
  );
  // A product as the catalogue shows it: its reference, then its name.
  const productName = (r: SalesDashboard['byProduct'][number]) => [r.ref, r.name ?? t('noProduct')].filter(Boolean).join(' · ');
  // 'other': the groups past the ones a sale is counted in apart.
  const groupRows = data.byGroup.map((r) => (r.id === 'other' ? { ...r, name: t('otherGroups') } : r));
  const tableOf = (first: string, rows: { key: string; name: ReactNode; value: string }[]): ChartTable => ({ label: t('table.label'), columns: [first, t('table.value')], rows });
  const moneyRows = (rows: SalesDashboard['byType'], fallback: string, filter: (id: string) => ListFilter) =>
    rows.map((r) => ({ key: r.id ?? '-', name: r.id ? list(r.name ?? fallback, filter(r.id)) : (r.name ?? fallback), value: `${format.money(r.total)} · ${t('table.orders', { count: r.count })}` }));
  const tables = {
    series: tableOf(
      t(`table.${data.series.unit}`),
      data.series.points.map((p, n) => ({ key: p.key, name: list(data.series.unit === 'month' ? format.month(p.key) : format.date(p.key), pointRange(data.series.points, n, data.series.unit, data)), value: `${format.money(p.total)} · ${t('table.orders', { count: p.count })}` })),
    ),
    status: tableOf(t('table.status'), data.byStatus.map((r) => ({ key: r.status, name: list(t(`sales:status.${r.status}`), { status: r.status }), value: `${t('table.orders', { count: r.count })} · ${format.money(r.total)}` }))),
    salesman: tableOf(t('table.salesman'), moneyRows(data.bySalesman, t('noSalesman'), (id) => ({ salesmanId: id }))),
    // The clients' ranking covers whole months: its rows open the list over those months.
    client: tableOf(t('table.client'), moneyRows(data.byClient, t('noClient'), (id) => ({ clientId: id, ...data.clientsPeriod }))),
    // The sales list has no filter by product (nor by group): these rows open nothing.
    product: tableOf(t('table.product'), data.byProduct.map((r) => ({ key: r.id, name: productName(r), value: `${format.money(r.total)} · ${t('table.orders', { count: r.count })} · ${t('table.quantity', { quantity: format.decimal(r.quantity) })}` }))),
    // The sales list has no filter by product group: the rows open nothing.
    group: tableOf(t('table.group'), groupRows.map((r) => ({ key: r.id ?? '-', name: r.name ?? t('noGroup'), value: `${format.money(r.total)} · ${t('table.orders', { count: r.count })}` }))),
    type: tableOf(t('table.type'), moneyRows(data.byType, t('noType'), (id) => ({ natureId: id }))),
    branch: tableOf(t('table.branch'), moneyRows(data.byBranch, t('noBranch'), (id) => ({ branchId: id }))),
    company: tableOf(t('table.company'), moneyRows(data.byProductCompany, t('noCompany'), (id) => ({ productCompanyId: id }))),
    condition: tableOf(t('table.condition'), moneyRows(data.byPaymentCondition, t('noCondition'), (id) => ({ paymentConditionId: id }))),
  };

  const charts = (() => {
    const money = (v: number) => format.money(v);
    const series = t('series');
    const item = (d: Datum) => `${d.name}: ${money(d.value)}`;
    const none = t('none');
    const named = (list: SalesDashboard['byType'], fallback: string): Datum[] => list.map((r) => ({ name: r.name ?? fallback, value: Number(r.total) }));
    const bars = (data: Datum[]) => ({ option: barsOption(data, series, primaryColor, money), summary: summaryText(data, { item, none }), empty: data.length === 0 });
    const points: Datum[] = data.series.points.map((p) => ({ name: pointName(data.series.unit, p.key, format), value: Number(p.total) }));
    const statuses: Datum[] = data.byStatus.map((s) => ({ name: t(`sales:status.${s.status}`), value: s.count }));
    return {
      series: { option: columnsOption(points, series, primaryColor, money, 12), summary: summaryText(points, { item, none }), empty: data.current.count === 0 },
      status: { option: columnsOption(statuses, t('orders'), primaryColor), summary: summaryText(statuses, { item: (d) => `${d.name}: ${d.value}`, none }), empty: statuses.length === 0 },
      salesman: bars(named(data.bySalesman, t('noSalesman'))),
      client: bars(named(data.byClient, t('noClient'))),
      group: bars(named(groupRows, t('noGroup'))),
      product: bars(data.byProduct.map((r) => ({ name: productName(r), value: Number(r.total) }))),
      type: bars(named(data.byType, t('noType'))),
      branch: bars(named(data.byBranch, t('noBranch'))),
      company: bars(named(data.byProductCompany, t('noCompany'))),
      condition: bars(named(data.byPaymentCondition, t('noCondition'))),
    };
  })();

  const range = t('range', { from: format.date(data.from), until: format.date(data.until) });
  return (
    <div className="flex flex-col gap-4" aria-busy={refreshing}>
      <Card data-testid="sales-dashboard-figures">
        <CardContent className="grid gap-4 p-5 sm:grid-cols-2 xl:grid-cols-4">
          <Statistic label={t('cards.count')} value={format.number(data.current.count, 0)} now={data.current.count} before={data.before.count} {...compare} />
          <Statistic label={t('cards.total')} value={format.money(data.current.total)} now={data.current.total} before={data.before.total} {...compare} />
          <Statistic label={t('cards.ticket')} value={format.money(data.current.averageTicket)} now={data.current.averageTicket} before={data.before.averageTicket} {...compare} />
          <Statistic label={t('cards.cancelled')} value={format.number(data.current.cancelled + data.current.refunded, 0)} now={data.current.cancelled + data.current.refunded} before={data.before.cancelled + data.before.refunded} {...compare} />
        </CardContent>
      </Card>
      <p className="text-sm text-muted-foreground">
        {range} · {before}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title={t(`charts.by.${data.series.unit}`)}
          description={range}
          chart={charts.series}
          table={tables.series}
          emptyText={t('none')}
          testId="chart-series"
          className="lg:col-span-2"
          actions={<SeriesUnitChoice value={data.series.unit} onChange={onUnit} />}
        />
        <ChartCard title={t('charts.status')} description={t('charts.statusHint')} chart={charts.status} table={tables.status} emptyText={t('none')} testId="chart-status" />
        <ChartCard title={t('charts.salesman')} chart={charts.salesman} table={tables.salesman} emptyText={t('none')} testId="chart-salesman" rows={data.bySalesman.length} />
        <ChartCard title={t('charts.client')} description={t('charts.clientHint', { from: format.date(data.clientsPeriod.from), until: format.date(data.clientsPeriod.until) })} chart={charts.client} table={tables.client} emptyText={t('none')} testId="chart-client" rows={data.byClient.length} />
        <ChartCard title={t('charts.product')} description={t('charts.productHint', { from: format.date(data.clientsPeriod.from), until: format.date(data.clientsPeriod.until) })} chart={charts.product} table={tables.product} emptyText={t('none')} testId="chart-product" rows={data.byProduct.length} />
        <ChartCard title={t('charts.group')} description={t('charts.groupHint')} chart={charts.group} table={tables.group} emptyText={t('none')} testId="chart-group" rows={groupRows.length} />
        <ChartCard title={t('charts.type')} chart={charts.type} table={tables.type} emptyText={t('none')} testId="chart-type" />
        <ChartCard title={t('charts.branch')} chart={charts.branch} table={tables.branch} emptyText={t('none')} testId="chart-branch" />
        <ChartCard title={t('charts.company')} chart={charts.company} table={tables.company} emptyText={t('none')} testId="chart-company" />
        <ChartCard title={t('charts.condition')} chart={charts.condition} table={tables.condition} emptyText={t('none')} testId="chart-condition" />
      </div>
    </div>
  );
}
