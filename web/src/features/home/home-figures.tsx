import { IconChartBar, IconInfoCircle } from '@tabler/icons-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard, Statistic } from '@/components/charts/figure-cards';
import { barsOption, columnsOption, summaryText, type Datum } from '@/components/charts/options';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Segmented } from '@/components/ui/segmented';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { apiErrorText } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { usePreferences } from '@/lib/preferences';
import { useHomeFigures, type HomeDate, type HomeFigures, type HomePeriodFigures, type HomeTab } from './api/home-api';

const PERIODS = ['last7Days', 'currentMonth', 'previousMonth'] as const;
const DATES = ['closing', 'emission'] as const satisfies readonly HomeDate[];
type PeriodName = (typeof PERIODS)[number];

/**
 * The home's sales figures (docs/sales.md "Home figures"): the user's tabs (its flags: supervisor,
 * employee, salesman), the month's statistics against the previous month, and a period (the last 7
 * days, the current month, the previous month) by day and by sale type, by the closing or the
 * emission date; "only financial movement" keeps the sales that wrote installments.
 */
export function HomeFiguresSection({ tabs }: { tabs: readonly HomeTab[] }) {
  const { t } = useTranslation('home');
  const [tab, setTab] = useState<HomeTab>(tabs[0]!);
  const [financialOnly, setFinancialOnly] = useState(false);
  const [period, setPeriod] = useState<PeriodName>('last7Days');
  const [date, setDate] = useState<HomeDate>('closing');
  const query = useHomeFigures(tab, financialOnly, date);
  // The figures drawn at a transition's low priority once their answer arrives: React renders them
  // in slices after the answer's own task, not inside it (on a slow phone that task was the
  // longest after the first paint: docs/benchmarks.md, "lighthouse").
  const data = useDeferredValue(query.data);
  const switchId = useId();
  const headingId = useId();
  const body = query.isError ? (
    <Alert variant="error">{apiErrorText(query.error, t('figures.failed'))}</Alert>
  ) : !data ? (
    <p className="rounded-md border border-border bg-card p-6 text-sm text-muted-foreground">{t('figures.loading')}</p>
  ) : (
    <Figures data={data} period={period} onPeriod={setPeriod} />
  );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" aria-busy={query.isFetching}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <IconChartBar aria-hidden className="size-5 text-primary" /> {t('figures.title')}
        </h2>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="text-muted-foreground" aria-hidden>
            {t('figures.date')}
          </span>
          <Segmented<HomeDate> label={t('figures.date')} value={date} options={DATES.map((d) => ({ value: d, label: t(`figures.dates.${d}`) }))} onChange={setDate} />
          <div className="flex items-center gap-2">
            <Switch id={switchId} checked={financialOnly} onCheckedChange={setFinancialOnly} />
            <label htmlFor={switchId}>{t('figures.financialOnly')}</label>
          </div>
        </div>
      </div>
      {tabs.length > 1 ? (
        <Tabs value={tab} onValueChange={(v) => setTab(v as HomeTab)}>
          <TabsList aria-label={t('figures.tabs')}>
            {tabs.map((x) => (
              <TabsTrigger key={x} value={x}>
                {t(`roles.${x}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map((x) => (
            <TabsContent key={x} value={x}>
              {body}
            </TabsContent>
          ))}
        </Tabs>
      ) : (
        body
      )}
    </section>
  );
}

function Figures({ data, period, onPeriod }: { data: HomeFigures; period: PeriodName; onPeriod: (p: PeriodName) => void }) {
  const { t } = useTranslation('home');
  const format = useFormat();
  const { primaryColor } = usePreferences();
  const current = data.periods.currentMonth;
  const previous = data.periods.previousMonth;
  const shown = data.periods[period];
  const compare = { change: (change: string) => t('figures.change', { change }), noPrevious: t('figures.noPrevious') };

  const charts = useMemo(() => {
    const money = (v: number) => format.money(v);
    // Each bar named by its day of the month (the description says the period's dates).
    const days: Datum[] = shown.days.map((d) => ({ name: String(Number(d.date.slice(8))), value: Number(d.total) }));
    const types: Datum[] = shown.types.map((x) => ({ name: x.name ?? t('figures.noType'), value: Number(x.total) }));
    const item = (d: Datum) => `${d.name}: ${money(d.value)}`;
    const orders = (count: number) => t('figures.orders', { count });
    const table = (first: string, rows: { key: string; name: string; value: string }[]) => ({ label: t('figures.table'), columns: [first, t('figures.value')] as [string, string], rows });
    return {
      dayTable: table(t('figures.day'), shown.days.map((d) => ({ key: d.date, name: format.date(d.date), value: `${format.money(d.total)} · ${orders(d.count)}` }))),
      typeTable: table(t('figures.type'), shown.types.map((x) => ({ key: x.natureId ?? '-', name: x.name ?? t('figures.noType'), value: `${format.money(x.total)} · ${orders(x.count)}` }))),
      days: { option: columnsOption(days, t('figures.series'), primaryColor, money, 10), summary: summaryText(days, { total: t('figures.summaryTotal', { count: shown.count, total: format.money(shown.total) }), item, none: t('figures.none') }) },
      types: { option: barsOption(types, t('figures.series'), primaryColor, money), summary: summaryText(types, { item, none: t('figures.none') }) },
    };
  }, [format, primaryColor, shown, t]);

  return (
    <div className="flex flex-col gap-4">
      {data.noSubordinates && (
        <p className="flex items-center gap-2 rounded-md border border-border bg-card p-3 text-sm text-muted-foreground" data-testid="no-subordinates">
          <IconInfoCircle aria-hidden className="size-4 shrink-0" /> {t('figures.noSubordinates')}
        </p>
      )}
      <Card data-testid="month-statistics">
        <CardHeader>
          <CardTitle className="text-base">{t('figures.month')}</CardTitle>
          <CardDescription>{t('figures.monthHint', { from: format.date(current.from), until: format.date(current.until) })}</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-5">
          <Statistic label={t('figures.count')} value={format.number(current.count, 0)} now={current.count} before={previous.count} {...compare} />
          <Statistic label={t('figures.total')} value={format.money(current.total)} now={current.total} before={previous.total} {...compare} />
          <Statistic label={t('figures.ticket')} value={format.money(current.averageTicket)} now={current.averageTicket} before={previous.averageTicket} {...compare} />
          <Statistic testId="statistic-clients-served" label={t('figures.clientsServed')} value={format.number(data.clientsServed.currentMonth, 0)} now={data.clientsServed.currentMonth} before={data.clientsServed.previousMonth} {...compare} />
          <Statistic testId="statistic-visits-done" label={t('figures.visitsDone')} value={format.number(data.visitsDone.currentMonth, 0)} now={data.visitsDone.currentMonth} before={data.visitsDone.previousMonth} {...compare} noPrevious={t('figures.noPreviousVisits')} />
        </CardContent>
      </Card>
      <Segmented label={t('figures.period')} value={period} options={PERIODS.map((p) => ({ value: p, label: t(`figures.periods.${p}`) }))} onChange={onPeriod} />
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard title={t('figures.byDay')} description={periodText(shown, format.date, t)} chart={charts.days} table={charts.dayTable} empty={shown.count === 0} emptyText={t('figures.none')} testId="chart-by-day" />
        <ChartCard title={t('figures.byType')} description={periodText(shown, format.date, t)} chart={charts.types} table={charts.typeTable} empty={shown.types.length === 0} emptyText={t('figures.none')} testId="chart-by-type" />
      </div>
    </div>
  );
}

const periodText = (p: HomePeriodFigures, date: (d: string) => string, t: (key: string, params: Record<string, unknown>) => string) =>
  t('figures.periodText', { from: date(p.from), until: date(p.until), count: p.count });
