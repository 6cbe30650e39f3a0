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

/** A chart in its card: the title, a line saying what it covers, the chart with its text for screen readers, or `emptyText`. */
export function ChartCard({ title, description, chart, empty, emptyText, testId, className, children }: { title: string; description?: string; chart: { option: EChartsCoreOption; summary: string; empty?: boolean }; empty?: boolean; emptyText: string; testId: string; className?: string; children?: ReactNode }) {
  const none = empty ?? chart.empty ?? false;
  return (
    <Card className={cn('min-w-0', className)} data-testid={testId}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>
        {none ? <p className="flex h-64 items-center justify-center text-sm text-muted-foreground">{emptyText}</p> : <EChart option={chart.option} aria-label={title} summary={chart.summary} className="h-64" />}
        {children}
      </CardContent>
    </Card>
  );
}
