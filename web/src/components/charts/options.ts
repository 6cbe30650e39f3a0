import type { EChartsCoreOption } from '@/components/charts/echart';

/** A label and a count: one slice or bar. */
export interface Datum {
  name: string;
  value: number;
  color?: string;
}

const tooltipItem = { trigger: 'item' as const };
/** How a value reads on a bar and in a tooltip: a count as is, money as money (`R$ 1.234,56`). */
export type ValueFormat = (value: number) => string;
const plain: ValueFormat = (v) => String(v);

/** Data labels: no outline (the dark theme draws one), and no "0" over empty bars. */
const valueLabel = (position: 'top' | 'right', format: ValueFormat = plain, show = true) => ({
  show,
  position,
  textBorderWidth: 0,
  formatter: (p: { value?: unknown }) => (Number(p.value) ? format(Number(p.value)) : ''),
});
const splitLine = { lineStyle: { opacity: 0.35 } };
const tooltipAxis = { trigger: 'axis' as const, axisPointer: { type: 'shadow' as const } };

/** A doughnut (situations): legend under it, the slices labelled with their counts. */
export function doughnutOption(data: Datum[], seriesName: string): EChartsCoreOption {
  return {
    tooltip: { ...tooltipItem, valueFormatter: (v: unknown) => String(v) },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        name: seriesName,
        type: 'pie',
        radius: ['45%', '70%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        label: { formatter: '{c}', textBorderWidth: 0 },
        // Empty slices would only stack "0" labels: the legend lists what has clients.
        data: data.filter((d) => d.value > 0).map((d) => ({ name: d.name, value: d.value, itemStyle: d.color ? { color: d.color } : undefined })),
      },
    ],
  };
}

/** Vertical bars (statuses, months, a period's days); more bars than `labelsUpTo` go without labels (the tooltip says each). */
/** A value axis' label in the page's language, compact ('25 mil', '1,2 mi'; '25K' in English): the figure itself is in the tooltip and the table. */
function axisNumber(value: number): string {
  return new Intl.NumberFormat(document.documentElement.lang || 'pt-BR', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

export function columnsOption(data: Datum[], seriesName: string, color: string, format: ValueFormat = plain, labelsUpTo = Infinity): EChartsCoreOption {
  return {
    tooltip: { ...tooltipAxis, valueFormatter: (v: unknown) => format(Number(v)) },
    grid: { left: 8, right: 8, top: 24, bottom: 8 },
    xAxis: { type: 'category', data: data.map((d) => d.name), axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', minInterval: 1, splitLine, axisLabel: { formatter: axisNumber } },
    series: [
      {
        name: seriesName,
        type: 'bar',
        barMaxWidth: 48,
        label: valueLabel('top', format, data.length <= labelsUpTo),
        // On a phone the values over neighbouring bars collide: those that would are not drawn (the tooltip and the table keep them).
        labelLayout: { hideOverlap: true },
        data: data.map((d) => ({ value: d.value, itemStyle: { color: d.color ?? color } })),
      },
    ],
  };
}

/** Horizontal bars, the largest on top (segments, regions: names can be long). */
export function barsOption(data: Datum[], seriesName: string, color: string, format: ValueFormat = plain): EChartsCoreOption {
  const rows = [...data].reverse();
  return {
    tooltip: { ...tooltipAxis, valueFormatter: (v: unknown) => format(Number(v)) },
    grid: { left: 8, right: format === plain ? 32 : 88, top: 8, bottom: 8 },
    // Money bars carry their value at their end: the axis's own figures would only crowd a phone.
    xAxis: { type: 'value', minInterval: 1, splitLine, axisLabel: { show: format === plain } },
    yAxis: { type: 'category', data: rows.map((d) => d.name), axisLabel: { width: 120, overflow: 'truncate' } },
    series: [
      {
        name: seriesName,
        type: 'bar',
        barMaxWidth: 28,
        label: valueLabel('right', format),
        itemStyle: { color },
        data: rows.map((d) => d.value),
      },
    ],
  };
}


/** The text a screen reader gets for a chart: the total, then each item with its count. */
export function summaryText(data: Datum[], parts: { total?: string; item: (d: Datum) => string; none: string }): string {
  const items = data.filter((d) => d.value > 0);
  return [parts.total, items.length ? `${items.map(parts.item).join('; ')}.` : parts.none].filter(Boolean).join(' ');
}
