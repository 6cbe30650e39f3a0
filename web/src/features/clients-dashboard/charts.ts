import type { EChartsCoreOption } from '@/components/charts/echart';

/** A label and a count: one slice or bar. */
export interface Datum {
  name: string;
  value: number;
  color?: string;
}

const tooltipItem = { trigger: 'item' as const };
/** Data labels: no outline (the dark theme draws one), and no "0" over empty bars. */
const valueLabel = (position: 'top' | 'right') => ({
  show: true,
  position,
  textBorderWidth: 0,
  formatter: (p: { value?: unknown }) => (Number(p.value) ? String(p.value) : ''),
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

/** Vertical bars (statuses, months). */
export function columnsOption(data: Datum[], seriesName: string, color: string): EChartsCoreOption {
  return {
    tooltip: tooltipAxis,
    grid: { left: 8, right: 8, top: 24, bottom: 8 },
    xAxis: { type: 'category', data: data.map((d) => d.name), axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', minInterval: 1, splitLine },
    series: [
      {
        name: seriesName,
        type: 'bar',
        barMaxWidth: 48,
        label: valueLabel('top'),
        data: data.map((d) => ({ value: d.value, itemStyle: { color: d.color ?? color } })),
      },
    ],
  };
}

/** Horizontal bars, the largest on top (segments, regions: names can be long). */
export function barsOption(data: Datum[], seriesName: string, color: string): EChartsCoreOption {
  const rows = [...data].reverse();
  return {
    tooltip: tooltipAxis,
    grid: { left: 8, right: 32, top: 8, bottom: 8 },
    xAxis: { type: 'value', minInterval: 1, splitLine },
    yAxis: { type: 'category', data: rows.map((d) => d.name), axisLabel: { width: 140, overflow: 'truncate' } },
    series: [
      {
        name: seriesName,
        type: 'bar',
        barMaxWidth: 28,
        label: valueLabel('right'),
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
