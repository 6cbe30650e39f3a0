import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type * as EChartsCoreModule from 'echarts/core';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { cn } from '@/lib/cn';
import { useResolvedScheme } from '@/lib/preferences';

export type { EChartsCoreOption };

type EChartsCore = typeof EChartsCoreModule;

let loader: Promise<EChartsCore> | null = null;

/**
 * ECharts is loaded on demand, the first time a chart mounts, so it stays out of the entry bundle.
 * Only the pieces the app draws are registered (tree-shaken build): bar, line and pie series; grid,
 * tooltip, legend, title and dataset components; the canvas renderer; the labels' layout. A chart that needs another
 * piece adds it here. The destructured `.then(({ … }) => …)` form lets the bundler drop the rest.
 */
export function loadECharts(): Promise<EChartsCore> {
  loader ??= Promise.all([
    import('echarts/core'),
    import('echarts/charts').then(({ BarChart, LineChart, PieChart }) => [BarChart, LineChart, PieChart]),
    import('echarts/components').then(({ GridComponent, TooltipComponent, LegendComponent, TitleComponent, DatasetComponent }) => [
      GridComponent,
      TooltipComponent,
      LegendComponent,
      TitleComponent,
      DatasetComponent,
    ]),
    import('echarts/renderers').then(({ CanvasRenderer }) => [CanvasRenderer]),
    // The labels' layout: values that would collide over narrow bars are hidden (`labelLayout.hideOverlap`).
    import('echarts/features').then(({ LabelLayout }) => [LabelLayout]),
  ]).then(([core, charts, components, renderers, features]) => {
    core.use([...charts, ...components, ...renderers, ...features]);
    return core;
  });
  // A failed download (offline, new deploy) may be retried by the next chart.
  loader.catch(() => {
    loader = null;
  });
  return loader;
}

export interface EChartProps {
  /** The chart's option (series, axes, dataset…). Applied with `notMerge`: each option is the whole chart. */
  option: EChartsCoreOption;
  /** The accessible name of the chart (the canvas itself is hidden from assistive technology). */
  'aria-label': string;
  /** Optional tooltip on the chart's box. */
  title?: string;
  /** A text summary of what the chart shows, visually hidden, read by screen readers (and shown if ECharts fails to load). */
  summary: ReactNode;
  /** Size and layout of the box; give it a height (default `h-72`). */
  className?: string;
  /** A height computed by the caller (a ranking's rows), over the class's. */
  style?: CSSProperties;
  /** Test hook / extra marker on the box. */
  'data-testid'?: string;
}

/**
 * A lazily-loaded ECharts chart: skeleton while the library downloads, resizes with its box
 * (ResizeObserver), follows the app's light/dark scheme (`useResolvedScheme`, ECharts' built-in
 * `dark` theme with a transparent background so the card colour shows), disposed on unmount.
 */
export function EChart({ option, 'aria-label': label, title, summary, className, style, 'data-testid': testId }: EChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const appliedScheme = useRef<'light' | 'dark' | null>(null);
  const scheme = useResolvedScheme();
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const summaryId = useId();

  // Load the library, create the chart, observe the box; dispose on unmount.
  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    loadECharts().then(
      (echarts) => {
        const el = boxRef.current;
        if (cancelled || !el) return;
        const chart = echarts.init(el, undefined, { renderer: 'canvas' });
        chartRef.current = chart;
        observer = new ResizeObserver(() => {
          if (!chart.isDisposed()) chart.resize();
        });
        observer.observe(el);
        setState('ready');
      },
      () => {
        if (!cancelled) setState('error');
      },
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      chartRef.current?.dispose();
      chartRef.current = null;
      appliedScheme.current = null;
    };
  }, []);

  // Once ready, and on every new option or light/dark switch: (re)draw. ECharts 6 changes the theme in place.
  useEffect(() => {
    const chart = chartRef.current;
    if (state !== 'ready' || !chart || chart.isDisposed()) return;
    if (appliedScheme.current !== scheme) {
      appliedScheme.current = scheme;
      chart.setTheme(scheme === 'dark' ? 'dark' : 'default');
    }
    chart.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [option, scheme, state]);

  return (
    <div className={cn('relative h-72 w-full', className)} style={style} title={title} data-testid={testId} data-state={state}>
      <div ref={boxRef} role="img" aria-label={label} aria-describedby={summaryId} aria-busy={state === 'loading'} className="absolute inset-0" />
      {state === 'loading' && <div aria-hidden className="absolute inset-0 animate-pulse rounded-md bg-muted" />}
      <div id={summaryId} className={state === 'error' ? 'absolute inset-0 overflow-auto p-2 text-sm text-muted-foreground' : 'sr-only'}>
        {summary}
      </div>
    </div>
  );
}
