import { useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/lib/cn';
import { useResolvedScheme } from '@/lib/preferences';
import type * as RouteMapModuleType from './route-map';
import type { RouteMap, RouteMapTexts } from './route-map';
import { PLAIN_BACKGROUND, themeColor } from './map-theme';
import { baseStyle, plainStyle, type RoutePlan } from './route-geometry';
import { useCreatedMap } from './use-created-map';

type RouteMapModule = typeof RouteMapModuleType;

let loader: Promise<RouteMapModule> | null = null;

/** MapLibre is downloaded the first time a route map opens; a failed download may be retried by the next. */
function loadRouteMap(): Promise<RouteMapModule> {
  loader ??= import('./route-map');
  loader.catch(() => {
    loader = null;
  });
  return loader;
}

export interface RouteMapViewHandle {
  /** Moves the map to a stop and highlights its marker (no-op while the map is not drawn). */
  focus(stopId: string): void;
}

export interface RouteMapViewProps {
  plan: RoutePlan;
  token: string | null;
  center: { latitude: number; longitude: number };
  zoom: number;
  /** Marker labels: "1. Padaria Norte". */
  stopLabel: RouteMapTexts['stop'];
  /** Shown under the map while it can be drawn (the legend). */
  footer?: ReactNode;
  className?: string;
  ref?: Ref<RouteMapViewHandle>;
}

/**
 * The route map itself: the no-token notice over it, MapLibre loaded on demand, the map created in a
 * box that follows its parent's size (MapLibre observes it), and a clear message instead of the
 * map when WebGL is unavailable or the library cannot be downloaded. `data-state` on the box says
 * where it is: loading, ready (drawn), no-webgl, failed. The parent keys it by token, scheme and
 * language, so another base map starts afresh.
 */
export function RouteMapView({ plan, token, center, zoom, stopLabel, footer, className, ref }: RouteMapViewProps) {
  const { t, i18n } = useTranslation('itineraries');
  const scheme = useResolvedScheme();
  const [baseFailed, setBaseFailed] = useState(false);
  const hasToken = !!token?.trim();

  // The latest values, read when the map is created (the effect below runs for a new base or language only).
  const latest = useRef({ plan, center, zoom, stopLabel, t });
  useEffect(() => {
    latest.current = { plan, center, zoom, stopLabel, t };
  });

  const { containerRef, mapRef, state } = useCreatedMap(
    loadRouteMap,
    ({ createRouteMap }, container, view): RouteMap => {
      const { plan, center, zoom, stopLabel, t } = latest.current;
      const fallback = plainStyle(PLAIN_BACKGROUND[scheme]);
      return createRouteMap({
        container,
        style: baseStyle(token, PLAIN_BACKGROUND[scheme]),
        fallbackStyle: fallback,
        plan,
        center,
        zoom,
        colors: { route: themeColor('--ev-primary', '#15803d'), casing: scheme === 'dark' ? '#111827' : '#ffffff' },
        texts: {
          canvas: t('map.canvas'),
          zoomIn: t('map.controls.zoomIn'),
          zoomOut: t('map.controls.zoomOut'),
          resetBearing: t('map.controls.resetBearing'),
          attribution: t('map.controls.attribution'),
          start: t('map.start'),
          stop: stopLabel,
        },
        onBaseFailed: () => view.alive() && setBaseFailed(true),
        onIdle: () => view.ready(),
      });
    },
    { token, scheme, language: i18n.language },
  );

  useImperativeHandle(ref, () => ({ focus: (stopId) => mapRef.current?.focus(stopId) }), [mapRef]);

  // Another plan (the order changed while the dialog is open): redraw the markers and the line.
  const planKey = JSON.stringify(plan);
  const drawnKey = useRef(planKey);
  useEffect(() => {
    if (drawnKey.current === planKey) return;
    drawnKey.current = planKey;
    mapRef.current?.draw(latest.current.plan);
  }, [planKey, mapRef]);

  const broken = state === 'no-webgl' || state === 'failed';
  return (
    <div className={cn('flex min-h-0 flex-col gap-2', className)}>
      {!hasToken && (
        <Alert variant="info" className="py-2 text-xs sm:py-2.5 sm:text-sm">
          {t('map.noToken')}
        </Alert>
      )}
      {hasToken && baseFailed && (
        <Alert variant="warning" className="py-2 text-xs sm:py-2.5 sm:text-sm">
          {t('map.baseFailed')}
        </Alert>
      )}
      <div
        className={cn('relative min-h-52 flex-1 overflow-hidden rounded-md border border-border bg-muted', broken && 'min-h-0 flex-none border-0 bg-transparent')}
        data-testid="route-map"
        data-state={state}
      >
        {/* MapLibre's CSS makes its container `position: relative`: the container fills a positioned wrapper. */}
        <div className="absolute inset-0" hidden={broken}>
          <div ref={containerRef} className="h-full w-full" />
        </div>
        {state === 'loading' && (
          <div role="status" className="pointer-events-none absolute inset-0 flex animate-pulse items-center justify-center bg-muted/60 text-sm text-muted-foreground">
            {t('map.loading')}
          </div>
        )}
        {broken && <Alert variant="warning">{state === 'no-webgl' ? t('map.noWebGL') : t('map.loadFailed')}</Alert>}
      </div>
      {!broken && footer}
    </div>
  );
}
