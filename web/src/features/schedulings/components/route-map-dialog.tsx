import { IconAlertTriangle, IconMapPinOff } from '@tabler/icons-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { Section } from '@/components/ui/section';
import { cn } from '@/lib/cn';
import { useResolvedScheme } from '@/lib/preferences';
import { TONE_CLASS, toneOf, type Tone } from '@/components/map/marker-tone';
import { inOrder, isLocated, planRoute } from '@/components/map/route-geometry';
import { RouteMapView, type RouteMapViewHandle } from '@/components/map/route-map-view';
import type { MapStop } from '@/components/map/stop';


export interface RouteMapDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  stops: MapStop[];
  /** Where the route starts (the company, or the user's position); null: the route starts at the first stop. */
  start: { latitude: number; longitude: number } | null;
  /** The company's map centre and zoom (Empresa > Mapa). */
  center: { latitude: number; longitude: number };
  zoom: number;
  /** The company's maps token (MapTiler); null or blank: a plain background, no request to any map server. */
  token: string | null;
}

const SWATCH = 'size-3.5 shrink-0 rounded-full border-2';

/** The legend: the tones the map shows, in a fixed order, with their texts. */
const LEGEND: Tone[] = ['start', 'pending', 'active', 'completed', 'flagged', 'cancelled'];

/**
 * The route map of an itinerary (Radix Dialog: focus trapped, Escape and the close button close it,
 * the focus goes back to the control that opened it): full screen on a phone, large on a desktop.
 * The map (MapLibre, loaded on demand) draws the numbered stops, the route from the start through
 * the located stops in order, the start and the far check-ins in their own colours; beside it (below
 * on a phone) the list of the stops in order says which are far check-ins and which have no
 * geolocation. No located stop: a message instead of the map.
 */
export function RouteMapDialog({ open, onOpenChange, title, stops, start, center, zoom, token }: RouteMapDialogProps) {
  // Not suspending while the texts load: the page that opens the dialog stays on screen.
  const { t, i18n, ready } = useTranslation('itineraries', { useSuspense: false });
  const scheme = useResolvedScheme();
  const mapRef = useRef<RouteMapViewHandle>(null);

  const ordered = useMemo(() => inOrder(stops), [stops]);
  const plan = useMemo(() => planRoute(stops, start), [stops, start]);
  const label = (s: Pick<MapStop, 'position' | 'name'>) => t('map.stop', { position: s.position, name: s.name });
  const hasMap = plan.markers.length > 0;
  const tones = new Set<Tone>([...(plan.start ? (['start'] as const) : []), ...plan.markers.map((m) => toneOf(m.stop))]);

  if (!ready) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="route-map-dialog"
        returnFocus
        centred={false}
        className="inset-0 h-dvh w-full gap-3 overflow-hidden p-3 sm:inset-auto sm:start-1/2 sm:top-1/2 sm:h-[88vh] sm:w-[calc(100%-2rem)] sm:max-w-6xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg sm:p-5 sm:rtl:translate-x-1/2"
      >
        <DialogHeader
          title={title}
          description={t('map.description')}
          closeLabel={t('map.close')}
          titleClassName="text-base break-words sm:text-lg"
          descriptionClassName="sr-only sm:not-sr-only"
        />

        <div className="flex min-h-0 flex-1 flex-col gap-3 md:flex-row">
          {hasMap ? (
            <RouteMapView
              // Another base map or language: a new map.
              key={`${token ?? ''}|${scheme}|${i18n.language}`}
              ref={mapRef}
              plan={plan}
              token={token}
              center={center}
              zoom={zoom}
              stopLabel={label}
              className="flex-[3] md:flex-1"
              footer={
                <ul aria-hidden className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                  {LEGEND.filter((tone) => tones.has(tone)).map((tone) => (
                    <li key={tone} className="flex items-center gap-1.5">
                      <span className={cn(SWATCH, TONE_CLASS[tone], tone === 'start' && 'rounded-sm', tone === 'active' ? 'ring-2' : 'ring-0')} />
                      {tone === 'start' ? t('map.start') : tone === 'flagged' ? t('map.flagged') : t(`map.status.${tone}`)}
                    </li>
                  ))}
                </ul>
              }
            />
          ) : (
            <div data-testid="route-map-empty" className="shrink-0">
              <Alert variant="info">{t('map.noData')}</Alert>
            </div>
          )}

          <Section title={t('map.stops')} level={3} className={cn('min-h-0 gap-1 md:w-80 md:flex-none', hasMap ? 'flex-[2]' : 'flex-1')}>
            <ol role="list" aria-label={t('map.stops')} data-testid="route-map-stops" className="min-h-0 flex-1 overflow-y-auto rounded-md border border-border">
              {ordered.map((s) => {
                const located = isLocated(s);
                return (
                  <li key={s.id} data-testid="route-map-stop" data-stop-id={s.id} className="flex items-start gap-2 border-b border-border px-3 py-2 last:border-0">
                    <span aria-hidden className={cn(SWATCH, 'mt-1', TONE_CLASS[toneOf(s)], toneOf(s) === 'active' ? 'ring-2' : 'ring-0', !located && 'opacity-40')} />
                    <div className="min-w-0 flex-1">
                      {located && hasMap ? (
                        <button
                          type="button"
                          title={t('map.showOnMap')}
                          onClick={() => mapRef.current?.focus(s.id)}
                          className={cn(
                            'rounded-sm text-start text-sm font-medium break-words hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                            s.status === 'cancelled' && 'line-through',
                          )}
                        >
                          {label(s)}
                        </button>
                      ) : (
                        <span className={cn('text-sm font-medium break-words', s.status === 'cancelled' && 'line-through')}>{label(s)}</span>
                      )}
                      <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                        <span>{t(`map.status.${s.status}`)}</span>
                        {s.flagged && (
                          <span
                            data-testid="route-map-flagged"
                            className="inline-flex items-center gap-1 rounded-full border border-warning bg-warning/15 px-2 py-0.5 font-medium whitespace-nowrap text-foreground"
                          >
                            <IconAlertTriangle aria-hidden className="size-3.5" />
                            {t('map.flagged')}
                          </span>
                        )}
                        {!located && (
                          <span data-testid="route-map-unlocated" className="inline-flex items-center gap-1">
                            <IconMapPinOff aria-hidden className="size-3.5" />
                            {t('map.noGeolocation')}
                          </span>
                        )}
                      </div>
                    </div>
                  </li>
                );
              })}
            </ol>
          </Section>
        </div>
      </DialogContent>
    </Dialog>
  );
}
