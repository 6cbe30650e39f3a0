import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { Decimal } from '@ev/shared/money';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { EChart, type EChartsCoreOption } from './echart';

/**
 * A figure with its change against a period before (the home's month, the sales dashboard's
 * period): the change in percent with an arrow, or `noPrevious` when the figure before was zero.
 */
export function Statistic({ label, value, now, before, change, noPrevious, testId }: { label: string; value: string; now: Decimal.Value; before: Decimal.Value; change: (percent: string) => string; noPrevious: string; testId?: string }) {
  const format = useFormat();
  const was = new Decimal(before);
  const percent = was.isZero() ? null : new Decimal(now).minus(was).div(was).times(100);
  const up = percent !== null && percent.gte(0);
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className="text-2xl font-semibold tabular-nums">{value}</span>
      <span className="flex items-center gap-1 text-xs text-muted-foreground">
        {percent !== null && (up ? <IconArrowUpRight aria-hidden className="size-3.5 text-primary" /> : <IconArrowDownRight aria-hidden className="size-3.5 text-destructive" />)}
        {percent === null ? noPrevious : change(`${up ? '+' : ''}${format.number(percent, 1)}`)}
      </span>
    </div>
  );
}

/**
 * The figures behind a chart as a table, folded under the chart (opened by its summary line): each
 * row's name (a link to the records it counts, where the page has one) and value.
 */
export interface ChartTable {
  /** The summary line that opens it ("Ver tabela"). */
  label: string;
  columns: [string, string];
  rows: { key: string; name: ReactNode; value: string }[];
}

/** A chart in its card: the title, a line saying what it covers, the chart with its text for screen readers and its table, or `emptyText`. */
export function ChartCard({ title, description, chart, empty, emptyText, table, testId, className, actions, rows, children }: { title: string; description?: string; chart: { option: EChartsCoreOption; summary: string; empty?: boolean }; empty?: boolean; emptyText: string; table?: ChartTable; testId: string; className?: string; actions?: ReactNode; rows?: number; children?: ReactNode }) {
  // A ranking of many rows (bars) gets the height to read them: 16 rem up to 8 rows, 1.5 rem a row past them.
  const height = rows && rows > 8 ? { height: `${rows * 1.5 + 4}rem` } : undefined;
  const none = empty ?? chart.empty ?? false;
  return (
    <Card className={cn('min-w-0', className)} data-testid={testId}>
      <CardHeader className={actions ? 'flex flex-row flex-wrap items-start justify-between gap-3' : undefined}>
        <div className="flex flex-col gap-1.5">
          <CardTitle className="text-base">{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {actions}
      </CardHeader>
      <CardContent>
        {none ? <p className="flex h-64 items-center justify-center text-sm text-muted-foreground">{emptyText}</p> : <EChart option={chart.option} aria-label={title} summary={chart.summary} className="h-64" style={height} />}
        {!none && table && table.rows.length > 0 && (
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-muted-foreground hover:text-foreground">{table.label}</summary>
            <table className="mt-2 w-full text-left">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-border text-muted-foreground">
                  <th scope="col" className="py-1.5 pe-2 font-medium">
                    {table.columns[0]}
                  </th>
                  <th scope="col" className="py-1.5 text-end font-medium">
                    {table.columns[1]}
                  </th>
                </tr>
              </thead>
              <tbody>
                {table.rows.map((r) => (
                  <tr key={r.key} className="border-b border-border/60 last:border-0">
                    <th scope="row" className="py-1.5 pe-2 font-normal">
                      {r.name}
                    </th>
                    <td className="py-1.5 text-end tabular-nums">{r.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
