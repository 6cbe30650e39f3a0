import { useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/lib/cn';
import { useResolvedScheme } from '@/lib/preferences';
import { PLAIN_BACKGROUND, reducedMotion, themeColor, VISIT_COLOR } from './map-theme';
import type * as PointsMapModuleType from './points-map';
import type { PointsDrawn, PointsMap, PointsMapTexts } from './points-map';
import type { MapPoint } from './points-geometry';
import { baseStyle, plainStyle, type LngLat } from './route-geometry';
import { useCreatedMap } from './use-created-map';

type PointsMapModule = typeof PointsMapModuleType;

let loader: Promise<PointsMapModule> | null = null;

/** MapLibre is downloaded the first time a map of points is shown; a failed download may be retried by the next. */
function loadPointsMap(): Promise<PointsMapModule> {
  loader ??= import('./points-map');
  loader.catch(() => {
    loader = null;
  });
  return loader;
}

/** The texts around the map, from the page's own catalogue. */
export interface PointsMapViewTexts extends PointsMapTexts {
  noToken: string;
  baseFailed: string;
  loading: string;
  noWebGL: string;
  loadFailed: string;
}

export interface PointsMapViewHandle {
  focus(point: Pick<MapPoint, 'latitude' | 'longitude'>): void;
}

export interface PointsMapViewProps {
  points: MapPoint[];
  trail: LngLat[];
  /** The company's maps token (MapTiler); null or blank: a plain background, no request to any map server. */
  token: string | null;
  center: { latitude: number; longitude: number };
  zoom: number;
  texts: PointsMapViewTexts;
  /** Shown under the map while it can be drawn (the legend). */
  footer?: ReactNode;
  /** A single point was clicked (its id): the page shows its record. */
  onPointClick?(id: string): void;
  className?: string;
  ref?: Ref<PointsMapViewHandle>;
}


/**
 * A map of points: the no-token notice over it, MapLibre loaded on demand, clustered points with
 * their accuracy circles, a trail, and a clear message instead of the map when WebGL is missing or
 * the library cannot be downloaded. Its box says where it is (`data-state`: loading, ready,
 * no-webgl, failed) and, once drawn, how many clusters and single points are on screen
 * (`data-clusters`, `data-points`), and the trail's points (`data-trail`). The parent keys it by
 * token, scheme and language.
 */
export function PointsMapView({ points, trail, token, center, zoom, texts, footer, onPointClick, className, ref }: PointsMapViewProps) {
  const { i18n } = useTranslation();
  const scheme = useResolvedScheme();
  const [drawn, setDrawn] = useState<PointsDrawn | null>(null);
  const [baseFailed, setBaseFailed] = useState(false);
  const hasToken = !!token?.trim();

  const latest = useRef({ points, trail, center, zoom, texts, onPointClick });
  useEffect(() => {
    latest.current = { points, trail, center, zoom, texts, onPointClick };
  });

  const { containerRef, mapRef, state } = useCreatedMap(
    loadPointsMap,
    ({ createPointsMap }, container, view): PointsMap => {
      const { points, trail, center, zoom, texts } = latest.current;
      return createPointsMap({
        container,
        style: baseStyle(token, PLAIN_BACKGROUND[scheme]),
        fallbackStyle: plainStyle(PLAIN_BACKGROUND[scheme]),
        points,
        trail,
        center,
        zoom,
        colors: {
          sale: themeColor('--ev-primary', '#15803d'),
          visit: VISIT_COLOR[scheme],
          flagged: themeColor('--ev-warning', '#b45309'),
          cluster: themeColor('--ev-primary', '#15803d'),
          trail: scheme === 'dark' ? '#f8fafc' : '#111827',
          casing: scheme === 'dark' ? '#111827' : '#ffffff',
        },
        texts,
        onBaseFailed: () => view.alive() && setBaseFailed(true),
        onPointClick: (id) => latest.current.onPointClick?.(id),
        onIdle: (d) => {
          if (!view.alive()) return;
          view.ready();
          setDrawn((was) => (was && was.clusters === d.clusters && was.points === d.points ? was : d));
        },
      });
    },
    { token, scheme, language: i18n.language },
  );

  // The map is brought into view too (on a phone the table that asks is below it).
  useImperativeHandle(
    ref,
    () => ({
      focus: (p) => {
        containerRef.current?.scrollIntoView({ block: 'nearest', behavior: reducedMotion() ? 'auto' : 'smooth' });
        mapRef.current?.focus(p);
      },
    }),
    [containerRef, mapRef],
  );

  // Other points (another filter): redraw them and fit the camera again.
  const dataKey = JSON.stringify([points.map((p) => p.id), trail]);
  const drawnKey = useRef(dataKey);
  useEffect(() => {
    if (drawnKey.current === dataKey) return;
    drawnKey.current = dataKey;
    mapRef.current?.draw(latest.current.points, latest.current.trail);
  }, [dataKey, mapRef]);

  const broken = state === 'no-webgl' || state === 'failed';
  return (
    <div className={cn('flex min-h-0 flex-col gap-2', className)}>
      {!hasToken && (
        <Alert variant="info" className="py-2 text-xs sm:py-2.5 sm:text-sm" data-testid="map-no-token">
          {texts.noToken}
        </Alert>
      )}
      {hasToken && baseFailed && (
        <Alert variant="warning" className="py-2 text-xs sm:py-2.5 sm:text-sm">
          {texts.baseFailed}
        </Alert>
      )}
      <div
        className={cn('relative min-h-72 flex-1 overflow-hidden rounded-md border border-border bg-muted sm:min-h-96', broken && 'min-h-0 flex-none border-0 bg-transparent sm:min-h-0')}
        data-testid="points-map"
        data-state={state}
        data-clusters={drawn?.clusters}
        data-points={drawn?.points}
        data-trail={trail.length}
      >
        <div className="absolute inset-0" hidden={broken}>
          <div ref={containerRef} className="h-full w-full" />
        </div>
        {state === 'loading' && (
          <div role="status" className="pointer-events-none absolute inset-0 flex animate-pulse items-center justify-center bg-muted/60 text-sm text-muted-foreground">
            {texts.loading}
          </div>
        )}
        {broken && <Alert variant="warning">{state === 'no-webgl' ? texts.noWebGL : texts.loadFailed}</Alert>}
      </div>
      {!broken && footer}
    </div>
  );
}
