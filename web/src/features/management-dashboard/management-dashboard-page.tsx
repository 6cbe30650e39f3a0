import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardFrame, pointName, pointRange, SeriesUnitChoice, useDashboardPeriod, type SeriesUnit } from '@/components/charts/dashboard-period';
import { ChartCard, Statistic, type ChartTable } from '@/components/charts/figure-cards';
import { barsOption, columnsOption, summaryText, type Datum } from '@/components/charts/options';
import { ReferenceFilter, SelectFilter } from '@/components/list';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import { usePreferences } from '@/lib/preferences';
import { useSession } from '@/lib/use-session';
import { useManagementDashboard, type ManagementDashboard } from './api/management-dashboard-api';

type Row = ManagementDashboard['byBranch'][number];
/** The sales list's filters a row opens it with (`/sales`' search params). */
type ListFilter = Partial<Record<'salesmanId' | 'branchId' | 'productCompanyId' | 'from' | 'until', string>>;

/** How many of a long dimension (the cities) a chart draws; its table lists them all. */
const CHART_ROWS = 12;

/**
 * /management/dashboard (spec section 2, `dashboard gerenciais`; docs/sales.md "Management
 * dashboard"): the sales of the user's scope over a period, within one branch or one salesman when
 * chosen, against the period before; by day or month, salesman, branch, product company and the
 * clients' segment, region and city, with the average ticket and the mix; and the coverage of the
 * period's last month (clients served against each salesman's portfolio, and those without a purchase
 * for the company's inactivity days).
 */
export function ManagementDashboardPage() {
  const { t } = useTranslation('management-dashboard');
  const periodState = useDashboardPeriod();
  const [branchId, setBranchId] = useState<string | undefined>();
  const [salesmanId, setSalesmanId] = useState<string | undefined>();
  // The series' grouping: none chosen, the API's (by day up to 62 days, else by month).
  const [unit, setUnit] = useState<SeriesUnit | undefined>();
  const filter = { ...periodState.period, branchId, salesmanId, unit };
  const query = useManagementDashboard(filter);
  const branches = useSession().data?.branches ?? [];
  const team = query.data ? query.data.scope !== 'own' : false;
  const comboTexts = { search: t('combobox.search'), empty: t('combobox.empty'), loading: t('combobox.loading'), failed: t('combobox.failed'), clear: t('filters.all'), placeholder: t('filters.all') };

  return (
    <DashboardFrame
      title={t('title')}
      description={query.data ? t(`scope.${query.data.scope}`) : undefined}
      exportAs={{ name: 'management-dashboard', query: filter }}
      period={periodState}
      filters={
        (branches.length > 1 || team) && (
          <div className="grid gap-3 sm:grid-cols-2">
            {branches.length > 1 && <SelectFilter id="management-branchId" label={t('filters.branch')} value={branchId ?? ''} onChange={(v) => setBranchId(v || undefined)} all={t('filters.all')} options={branches.map((b) => ({ value: b.id, label: b.apelido || b.nome }))} />}
            {team && <ReferenceFilter id="management-salesmanId" source={{ path: 'users', query: { sells: 'true' } }} label={t('filters.salesman')} value={salesmanId} onChange={setSalesmanId} texts={comboTexts} />}
          </div>
        )
      }
      query={query}
      texts={{ error: t('error'), retry: t('retry'), loading: t('loading') }}
      loading={[{ count: 5, columns: 'sm:grid-cols-2 xl:grid-cols-5', height: 'h-28' }, { count: 4, columns: 'lg:grid-cols-2', height: 'h-80' }]}
    >
      {(data) => <Dashboard data={data} refreshing={query.isFetching} onUnit={setUnit} />}
    </DashboardFrame>
  );
}

function Dashboard({ data, refreshing, onUnit }: { data: ManagementDashboard; refreshing: boolean; onUnit(unit: SeriesUnit): void }) {
  const { t } = useTranslation('management-dashboard');
  const format = useFormat();
  const { primaryColor } = usePreferences();
  const compare = { change: (change: string) => t('change', { change }), noPrevious: t('noPrevious') };
  const range = t('range', { from: format.date(data.from), until: format.date(data.until) });
  const before = t('before', { from: format.date(data.previous.from), until: format.date(data.previous.until) });
  // Each row opens the sales list filtered to what it counts, in the same period and branch (the drill-down).
  const scoped: ListFilter = { from: data.from, until: data.until, ...(data.branchId ? { branchId: data.branchId } : {}) };
  const list = (name: string, search: ListFilter) => (
    <Link to="/sales" search={{ ...scoped, ...search }} className="text-primary underline-offset-2 hover:underline">
      {name}
    </Link>
  );
  const orders = (count: number) => t('table.orders', { count });
  const tableOf = (first: string, rows: { key: string; name: ReactNode; value: string }[]): ChartTable => ({ label: t('table.label'), columns: [first, t('table.value')], rows });
  const rowsOf = (rows: Row[], fallback: string, filter?: (id: string) => ListFilter) =>
    rows.map((r) => ({ key: r.id ?? '-', name: r.id && filter ? list(r.name ?? fallback, filter(r.id)) : (r.name ?? fallback), value: `${format.money(r.total)} · ${orders(r.count)}` }));

  const money = (v: number) => format.money(v);
  const item = (d: Datum) => `${d.name}: ${money(d.value)}`;
  const none = t('none');
  const series = t('series');
  const bars = (rows: Row[], fallback: string) => {
    const shown: Datum[] = rows.slice(0, CHART_ROWS).map((r) => ({ name: r.name ?? fallback, value: Number(r.total) }));
    return { option: barsOption(shown, series, primaryColor, money), summary: summaryText(shown, { item, none }), empty: shown.length === 0 };
  };
  const points: Datum[] = data.series.points.map((p) => ({ name: pointName(data.series.unit, p.key, format), value: Number(p.total) }));
  const dims = [
    { key: 'salesman', rows: data.bySalesman, fallback: t('noSalesman'), filter: (id: string) => ({ salesmanId: id }) },
    { key: 'branch', rows: data.byBranch, fallback: t('noBranch'), filter: (id: string) => ({ branchId: id }) },
    { key: 'company', rows: data.byProductCompany, fallback: t('noCompany'), filter: (id: string) => ({ productCompanyId: id }) },
    { key: 'segment', rows: data.bySegment, fallback: t('noSegment') },
    { key: 'region', rows: data.byRegion, fallback: t('noRegion') },
    { key: 'city', rows: data.byCity, fallback: t('noCity') },
  ] as const;
  const seriesTable = tableOf(
    t(`table.${data.series.unit}`),
    data.series.points.map((p, n) => ({ key: p.key, name: list(data.series.unit === 'month' ? format.month(p.key) : format.date(p.key), pointRange(data.series.points, n, data.series.unit, data)), value: `${format.money(p.total)} · ${orders(p.count)}` })),
  );
  const cancelled = (f: ManagementDashboard['current']) => f.cancelled + f.refunded;

  return (
    <div className="flex flex-col gap-4" aria-busy={refreshing}>
      <Card data-testid="management-figures">
        <CardContent className="grid grid-cols-2 gap-4 p-5 xl:grid-cols-5">
          <Statistic label={t('cards.count')} value={format.number(data.current.count, 0)} now={data.current.count} before={data.before.count} {...compare} />
          <Statistic label={t('cards.total')} value={format.money(data.current.total)} now={data.current.total} before={data.before.total} {...compare} />
          <Statistic label={t('cards.ticket')} value={format.money(data.current.averageTicket)} now={data.current.averageTicket} before={data.before.averageTicket} {...compare} />
          <Statistic testId="statistic-mix" label={t('cards.mix')} value={format.number(data.current.mix, 1)} now={data.current.mix} before={data.before.mix} {...compare} />
          <Statistic label={t('cards.cancelled')} value={format.number(cancelled(data.current), 0)} now={cancelled(data.current)} before={cancelled(data.before)} {...compare} />
        </CardContent>
      </Card>
      <p className="text-sm text-muted-foreground">
        {range} · {before}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title={t(`charts.by.${data.series.unit}`)}
          description={range}
          chart={{ option: columnsOption(points, series, primaryColor, money, 12), summary: summaryText(points, { item, none }), empty: data.current.count === 0 }}
          table={seriesTable}
          emptyText={none}
          testId="chart-series"
          className="lg:col-span-2"
          actions={<SeriesUnitChoice value={data.series.unit} onChange={onUnit} />}
        />
        {dims.map((d) => (
          <ChartCard
            key={d.key}
            title={t(`charts.${d.key}`)}
            description={d.rows.length > CHART_ROWS ? t('charts.top', { count: CHART_ROWS }) : undefined}
            chart={bars(d.rows, d.fallback)}
            table={tableOf(t(`table.${d.key}`), rowsOf(d.rows, d.fallback, 'filter' in d ? d.filter : undefined))}
            emptyText={none}
            testId={`chart-${d.key}`}
            rows={Math.min(d.rows.length, CHART_ROWS)}
          />
        ))}
      </div>
      <Coverage data={data} />
    </div>
  );
}

/** The coverage (positivação) of the period's last month: per salesman, its clients served against its active portfolio, and its clients without a purchase for the inactivity days. */
function Coverage({ data }: { data: ManagementDashboard }) {
  const { t } = useTranslation('management-dashboard');
  const format = useFormat();
  const { coverage } = data;
  const rate = (served: number, active: number) => (active ? `${format.number((served / active) * 100, 1)}%` : '–');
  const rows = [...coverage.rows.map((r) => ({ ...r, key: r.salesmanId, name: r.name ?? t('noSalesman') })), { ...coverage.total, key: 'total', name: t('coverage.total') }];
  return (
    <Card data-testid="coverage">
      <CardHeader>
        <CardTitle className="text-base">{t('coverage.title')}</CardTitle>
        <CardDescription>{t('coverage.hint', { month: format.month(coverage.month), days: coverage.inactivityDays, since: format.date(coverage.since) })}</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {coverage.total.clients === 0 && coverage.total.served === 0 ? (
          <p className="text-sm text-muted-foreground">{t('coverage.none')}</p>
        ) : (
          <table className="w-full min-w-[32rem] text-sm">
            <caption className="sr-only">{t('coverage.title')}</caption>
            <thead>
              <tr className="border-b border-border text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('coverage.salesman')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t('coverage.active')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t('coverage.served')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t('coverage.rate')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('coverage.without', { days: coverage.inactivityDays })}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className={r.key === 'total' ? 'font-semibold' : 'border-b border-border'}>
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {r.name}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">{format.number(r.active, 0)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{format.number(r.served, 0)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{rate(r.served, r.active)}</td>
                  <td className="py-2 text-right tabular-nums">{format.number(r.withoutPurchase, 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
