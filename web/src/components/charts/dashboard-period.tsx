import { addDays, addMonths, businessDate, DEFAULT_TIME_ZONE, monthRange } from '@ev/shared/calendar';
import type { SeriesUnit } from '@ev/shared/schemas/sales';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { CsvExportButton } from '@/components/jobs';
import { LoadingBlocks, type LoadingRow } from '@/components/loading-blocks';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Segmented } from '@/components/ui/segmented';
import { ApiError } from '@/lib/api';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';

const QUICK = ['currentMonth', 'previousMonth', 'last90Days', 'custom'] as const;
type Quick = (typeof QUICK)[number];

/** The period a dashboard asks for: both dates, or none (the API's default, the current month up to today). */
export interface DashboardPeriod {
  from?: string;
  until?: string;
}

/** The dates of a quick choice, from today in the user's time zone (none: the API's default, the current month). */
function quickPeriod(choice: Quick, today: string): DashboardPeriod {
  if (choice === 'previousMonth') {
    const { first, last } = monthRange(addMonths(today.slice(0, 7), -1));
    return { from: first, until: last };
  }
  if (choice === 'last90Days') return { from: addDays(today, -89), until: today };
  return {};
}

/**
 * A dashboard's period (the sales and the management dashboards): the current month (default), the
 * previous month, the last 90 days or chosen dates, today taken in the user's time zone. `period`
 * is what the API is asked (a custom choice with a date missing asks the default).
 */
export function useDashboardPeriod() {
  const format = useFormat();
  const [today] = useState(() => businessDate(format.ctx.timeZone || DEFAULT_TIME_ZONE, Date.now()));
  const [quick, setQuick] = useState<Quick>('currentMonth');
  const [custom, setCustom] = useState<DashboardPeriod>({ from: `${today.slice(0, 7)}-01`, until: today });
  const period = quick === 'custom' ? (custom.from && custom.until ? custom : {}) : quickPeriod(quick, today);
  return { quick, setQuick, custom, setCustom, period };
}

/** The period's choice (a radio group of the quick periods) and, for chosen dates, the two date fields; `invalid` marks the end date refused. */
export function DashboardPeriodFilter({ state, invalid }: { state: ReturnType<typeof useDashboardPeriod>; invalid: boolean }) {
  const { t } = useTranslation('common');
  const fromId = useId();
  const untilId = useId();
  const { quick, setQuick, custom, setCustom } = state;
  return (
    <>
      <Segmented<Quick> label={t('dashboardPeriod.label')} value={quick} options={QUICK.map((q) => ({ value: q, label: t(`dashboardPeriod.${q}`) }))} onChange={setQuick} />
      {quick === 'custom' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={fromId} className="text-sm font-medium">
              {t('dashboardPeriod.from')}
            </label>
            <Input id={fromId} type="date" value={custom.from ?? ''} onChange={(e) => setCustom({ ...custom, from: e.target.value || undefined })} />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={untilId} className="text-sm font-medium">
              {t('dashboardPeriod.until')}
            </label>
            <Input id={untilId} type="date" value={custom.until ?? ''} aria-invalid={invalid ? true : undefined} onChange={(e) => setCustom({ ...custom, until: e.target.value || undefined })} />
          </div>
        </div>
      )}
    </>
  );
}

export type { SeriesUnit } from '@ev/shared/schemas/sales';
const UNITS: readonly SeriesUnit[] = ['day', 'week', 'month'];

/** A dashboard series' grouping: by day, week (Monday to Sunday) or month; `value` is the unit the figures came in. */
export function SeriesUnitChoice({ value, onChange }: { value: SeriesUnit; onChange(unit: SeriesUnit): void }) {
  const { t } = useTranslation('common');
  return <Segmented<SeriesUnit> label={t('dashboardPeriod.unit')} value={value} options={UNITS.map((u) => ({ value: u, label: t(`dashboardPeriod.units.${u}`) }))} onChange={onChange} />;
}

/** A dashboard's figures as a CSV file (the export engine: `name`'s export with the page's query). */
export function DashboardExport({ name, query }: { name: string; query: Record<string, unknown> }) {
  const { t } = useTranslation('common');
  return <CsvExportButton name={name} query={query} texts={{ label: t('dashboardPeriod.export.csv'), started: t('dashboardPeriod.export.started'), failed: t('dashboardPeriod.export.failed') }} testId={`${name}-export`} />;
}

/**
 * A series point's dates, for its row's drill-down: a day is itself; a week or a month runs from its
 * start (the period's start for the first) to the day before the next point (the period's end for
 * the last).
 */
export function pointRange(points: readonly { key: string }[], n: number, unit: SeriesUnit, period: { from: string; until: string }): { from: string; until: string } {
  const start = (key: string) => (unit === 'month' ? `${key}-01` : key);
  if (unit === 'day') return { from: points[n]!.key, until: points[n]!.key };
  const next = points[n + 1];
  return { from: n === 0 ? period.from : start(points[n]!.key), until: next ? addDays(start(next.key), -1) : period.until };
}

/** A series point's name on the chart's axis: a day's or a week's first day of the month ('3', or '02/03' for a week), a month's name. */
export function pointName(unit: SeriesUnit, key: string, format: ReturnType<typeof useFormat>): string {
  if (unit === 'month') return format.month(key);
  return unit === 'day' ? String(Number(key.slice(8))) : `${key.slice(8)}/${key.slice(5, 7)}`;
}

/** The API's refusal of a dashboard's filters (a period too long): shown under them, not in place of the figures. */
const refusalOf = (error: unknown) => (error instanceof ApiError && error.status === 400 ? error : null);


/**
 * A dashboard page (the sales and the management dashboards): its title with the scope's words and
 * the export, the filters (the period, the page's own, the API's refusal of them), then the body as
 * the query stands: a failure with its retry, the loading blocks (none while the filters are refused:
 * the refusal says why), or the figures.
 */
export function DashboardFrame<T>(props: {
  title: string;
  description?: string;
  exportAs: { name: string; query: Record<string, unknown> };
  period: ReturnType<typeof useDashboardPeriod>;
  filters?: ReactNode;
  query: UseQueryResult<T>;
  texts: { error: string; retry: string; loading: string };
  loading: LoadingRow[];
  children(data: T): ReactNode;
}) {
  const { query, texts } = props;
  const refused = refusalOf(query.error);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader title={props.title} description={props.description} />
        <DashboardExport name={props.exportAs.name} query={props.exportAs.query} />
      </div>
      <Card>
        <CardContent className="flex flex-col gap-3 p-4">
          <DashboardPeriodFilter state={props.period} invalid={Boolean(refused)} />
          {props.filters}
          {refused && <Alert variant="warning">{apiFieldErrors(refused)[0]?.message ?? apiErrorText(refused, texts.error)}</Alert>}
        </CardContent>
      </Card>
      {query.isError && !query.data && !refused ? (
        <FetchFailed error={query.error} fallback={texts.error} retryLabel={texts.retry} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        refused ? null : <LoadingBlocks label={texts.loading} rows={props.loading} />
      ) : (
        props.children(query.data)
      )}
    </div>
  );
}
