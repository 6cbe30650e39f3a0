import { ManagementTexts } from '@ev/shared/schemas/management';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { referenceTextsOf } from '@/components/form/fields';
import { ClearFiltersButton, PeriodDate, ReferenceFilter } from '@/components/list';
import { FetchFailed } from '@/components/fetch-failed';
import { LoadingBlocks } from '@/components/loading-blocks';
import { PageHeader } from '@/components/page-header';
import { PointsMapView, type PointsMapViewHandle, type PointsMapViewTexts } from '@/components/map/points-map-view';
import { VISIT_COLOR } from '@/components/map/map-theme';
import { trailOf, type MapPoint } from '@/components/map/points-geometry';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { CompactTable } from '@/components/ui/compact-table';
import { Section } from '@/components/ui/section';
import { Segmented } from '@/components/ui/segmented';
import { ApiError } from '@/lib/api';
import { apiErrorText, apiFieldErrors, textOf } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { useResolvedScheme } from '@/lib/preferences';
import { useGeolocation, type GeoFilter, type GeoKind, type GeoPoint, type GeoPoints } from '../api/geolocation-api';
import type { GeolocationSearch } from '../geolocation-search';

const KINDS: GeoKind[] = ['all', 'sales', 'visits'];
const PATH = '/management/dashboard-geolocation';
const SWATCH = 'inline-block size-3.5 shrink-0 rounded-full border-2 border-white';
/** The legend's swatches, as the map colours its points (`PointsMapView`). */
const TONES = { sale: 'bg-primary', visit: '', flagged: 'bg-warning size-4' } as const;

/**
 * /management/dashboard-geolocation (spec section 2, `dashboard gerenciais`; docs/management.md):
 * where the sales of the user's scope were closed and the visits checked in, over a period (today
 * by default, at most 31 days), of one salesman, of one kind: on a map (clustered at scale, each
 * point's precision as a circle in metres when zoomed in, a salesman's day as a trail, the far
 * check-ins marked), and in a table with a link to each record. Without the company's maps token
 * the points are drawn on a plain background.
 */
export function GeolocationPage({ search }: { search: GeolocationSearch }) {
  const { t } = useTranslation('management');
  const navigate = useNavigate();
  const set = (patch: Partial<GeolocationSearch>) => void navigate({ to: PATH, search: { ...search, ...patch }, replace: true });
  const badPeriod = !!(search.from && search.until && search.from > search.until);
  const filter: GeoFilter = { from: search.from, until: badPeriod ? undefined : search.until, salesmanId: search.salesmanId, kind: search.kind ?? 'all' };
  const query = useGeolocation(filter);
  const refused = query.error instanceof ApiError && query.error.status === 400 ? query.error : null;
  const data = refused ? undefined : query.data;
  // Who sees more than himself chooses a salesman; a salesman filter from a shared link stays shown.
  const seesOthers = !data || data.scope !== 'own' || !!search.salesmanId;
  const filtered = !!(search.from || search.until || search.salesmanId || search.kind);

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader title={t('title')} description={data ? t(`scope.${data.scope}`) : undefined} />
      <Card>
        <CardContent className="flex flex-col gap-3 p-4">
          <Segmented label={t('kind.label')} value={filter.kind} options={KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} onChange={(kind) => set({ kind: kind === 'all' ? undefined : kind })} />
          <div role="group" aria-label={t('filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <PeriodDate id="geo-from" label={t('filters.from')} value={search.from} onChange={(from) => set({ from })} />
            <PeriodDate id="geo-until" label={t('filters.until')} value={search.until} onChange={(until) => set({ until })} />
            {seesOthers && (
              <ReferenceFilter
                id="geo-salesman"
                source={{ path: 'users', query: { sells: 'true', active: 'true' } }}
                label={t('filters.salesman')}
                value={search.salesmanId}
                onChange={(salesmanId) => set({ salesmanId })}
                texts={referenceTextsOf(t, { placeholder: t('filters.all'), clear: t('filters.all') })}
              />
            )}
            {filtered && <ClearFiltersButton label={t('filters.clear')} onClick={() => set({ from: undefined, until: undefined, salesmanId: undefined, kind: undefined })} className="self-end" />}
          </div>
          <p className="text-xs text-muted-foreground">{t('filters.hint', { max: data?.limits.maxDays ?? 31 })}</p>
          {badPeriod && <Alert variant="warning">{textOf(ManagementTexts.period())}</Alert>}
          {refused && <Alert variant="warning">{apiFieldErrors(refused)[0]?.message ?? apiErrorText(refused, t('error'))}</Alert>}
        </CardContent>
      </Card>
      {query.isError && !query.data && !refused ? (
        <FetchFailed error={query.error} fallback={t('error')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      ) : !data ? (
        refused ? null : <LoadingBlocks label={t('loading')} rows={[{ count: 1, columns: '', height: 'h-96' }]} />
      ) : (
        <Points data={data} oneSalesman={!!search.salesmanId} refreshing={query.isFetching} />
      )}
    </div>
  );
}

function Points({ data, oneSalesman, refreshing }: { data: GeoPoints; oneSalesman: boolean; refreshing: boolean }) {
  const { t, i18n } = useTranslation('management');
  const format = useFormat();
  const scheme = useResolvedScheme();
  const mapRef = useRef<PointsMapViewHandle>(null);
  const points: MapPoint[] = useMemo(() => data.points.map((p) => ({ id: p.id, kind: p.kind, flagged: p.flagged, accuracy: p.accuracy, latitude: p.latitude, longitude: p.longitude, at: p.at })), [data.points]);
  // One salesman's one day: his trail, in time order.
  const day = oneSalesman && data.from === data.until;
  const trail = useMemo(() => (day ? trailOf(points) : []), [day, points]);
  const missing = data.withoutGeolocation;
  const texts: PointsMapViewTexts = {
    canvas: t('map.canvas'),
    zoomIn: t('map.controls.zoomIn'),
    zoomOut: t('map.controls.zoomOut'),
    resetBearing: t('map.controls.resetBearing'),
    attribution: t('map.controls.attribution'),
    cluster: (count) => t('map.cluster', { count }),
    noToken: t('map.noToken'),
    baseFailed: t('map.baseFailed'),
    loading: t('map.loading'),
    noWebGL: t('map.noWebGL'),
    loadFailed: t('map.loadFailed'),
  };
  const tones = new Set(data.points.map((p) => (p.flagged ? 'flagged' : p.kind)));
  const kindOf = (p: GeoPoint) => (p.kind === 'sale' ? t('table.sale', { number: p.number ?? '' }) : t('table.visit'));

  return (
    <div className="flex min-w-0 flex-col gap-4" aria-busy={refreshing}>
      <p className="text-sm text-muted-foreground" data-testid="geo-summary">
        {t('range', { from: format.date(data.from), until: format.date(data.until) })} · {t('count', { count: data.points.length })}
      </p>
      {data.truncated && <Alert variant="warning">{t('truncated', { max: format.number(data.limits.maxPoints, 0) })}</Alert>}
      {missing.sales + missing.visits > 0 && (
        <Alert variant="info" data-testid="geo-unlocated">
          <strong className="font-semibold">{t('unlocated.title')}</strong>:{' '}
          {t('unlocated.text', {
            count: missing.sales + missing.visits,
            what: [missing.sales ? t('unlocated.sales', { count: missing.sales }) : null, missing.visits ? t('unlocated.visits', { count: missing.visits }) : null].filter(Boolean).join(t('unlocated.and')),
          })}
        </Alert>
      )}
      {data.points.length === 0 ? (
        <Alert variant="info" data-testid="geo-no-data">
          {t('noData')}
        </Alert>
      ) : (
        <>
          <PointsMapView
            key={`${data.map.token ?? ''}|${scheme}|${i18n.language}`}
            ref={mapRef}
            points={points}
            trail={trail}
            token={data.map.token}
            center={data.map}
            zoom={data.map.zoom}
            texts={texts}
            // A point clicked on the map: its row of the table, its link focused (the record one key away).
            onPointClick={(id) => {
              const link = document.querySelector<HTMLAnchorElement>(`[data-point-link="${id}"]`);
              link?.scrollIntoView({ block: 'nearest' });
              link?.focus({ preventScroll: true });
            }}
            className="min-h-[60vh]"
            footer={
              <ul aria-label={t('legend.label')} className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                {(['sale', 'visit', 'flagged'] as const)
                  .filter((tone) => tones.has(tone))
                  .map((tone) => (
                    <li key={tone} className="flex items-center gap-1.5">
                      <span aria-hidden className={cn(SWATCH, TONES[tone])} style={tone === 'visit' ? { background: VISIT_COLOR[scheme] } : undefined} />
                      {t(`legend.${tone}`)}
                    </li>
                  ))}
                <li className="flex items-center gap-1.5">
                  <span aria-hidden className="inline-flex size-5 items-center justify-center rounded-full bg-foreground text-[10px] font-bold text-background">n</span>
                  {t('legend.cluster')}
                </li>
                <li className="flex items-center gap-1.5">
                  <span aria-hidden className="inline-block size-4 rounded-full border border-primary bg-primary/15" />
                  {t('legend.accuracy')}
                </li>
                {trail.length > 0 && (
                  <li className="flex items-center gap-1.5" data-testid="geo-trail">
                    <span aria-hidden className="inline-block h-0 w-5 border-t-2 border-dashed border-foreground" />
                    {t('legend.trail')}
                  </li>
                )}
              </ul>
            }
          />
          <Section title={t('table.title')} className="min-w-0">
            <CompactTable
              caption={t('table.caption', { from: format.date(data.from), until: format.date(data.until) })}
              data-testid="geo-points-table"
              className="max-h-[28rem]"
              rows={data.points}
              rowKey={(p) => `${p.kind}-${p.id}`}
              columns={[
                { header: t('table.at'), className: 'whitespace-nowrap tabular-nums', cell: (p) => format.dateTime(p.at) },
                {
                  header: t('table.record'),
                  className: 'min-w-40',
                  cell: (p) => (
                    <Link to={p.kind === 'sale' ? '/sales/$id' : '/schedulings/$id'} params={{ id: p.id }} data-point-link={p.id} className="font-medium underline underline-offset-2 hover:text-primary">
                      {kindOf(p)} · {p.clientName ?? t('table.noClient')}
                    </Link>
                  ),
                },
                { header: t('table.salesman'), className: 'min-w-32', cell: (p) => p.salesmanName ?? '—' },
                { header: t('table.accuracy'), className: 'whitespace-nowrap tabular-nums', cell: (p) => (p.accuracy === null ? '—' : t('table.metres', { value: format.number(Math.round(p.accuracy), 0) })) },
                {
                  header: t('table.check'),
                  className: 'whitespace-nowrap',
                  cell: (p) =>
                    p.flagged ? (
                      <span data-testid="geo-flagged" className="inline-flex items-center gap-1 rounded-full border border-warning bg-warning/15 px-2 py-0.5 text-xs font-medium text-foreground">
                        <IconAlertTriangle aria-hidden className="size-3.5" />
                        {t('table.flagged')}
                      </span>
                    ) : (
                      ''
                    ),
                },
                {
                  header: <span className="sr-only">{t('table.map')}</span>,
                  cell: (p) => (
                    <button type="button" className="rounded-sm text-xs underline underline-offset-2 hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" onClick={() => mapRef.current?.focus(p)}>
                      {t('table.showOnMap')}
                      <span className="sr-only"> ({kindOf(p)} · {p.clientName})</span>
                    </button>
                  ),
                },
              ]}
            />
          </Section>
        </>
      )}
    </div>
  );
}
