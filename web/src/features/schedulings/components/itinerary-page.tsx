import { googleMapsLegs, wazeLegs } from '@ev/shared/schedulings/links';
import { SchedulingTexts, type Itinerary, type ItineraryProposal, type ItineraryStop, type StartPoint } from '@ev/shared/schemas/schedulings';
import { IconArrowDown, IconArrowUp, IconBrandGoogleMaps, IconExternalLink, IconGripVertical, IconMap, IconRoute } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { LoadingBlocks } from '@/components/loading-blocks';
import { RecordNotFound } from '@/components/record-not-found';
import { failedRead, RecordPageFrame } from '@/components/record-page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardContent } from '@/components/ui/card';
import { selectClass } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Section } from '@/components/ui/section';
import { useAbility } from '@/lib/ability';
import { ApiError } from '@/lib/api';
import { apiErrorText, textOf } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { locate } from '@/lib/geolocation';
import { notify } from '@/lib/notices';
import { useOfflineStatus } from '@/lib/offline/status';
import { itineraryKeys, useItinerary, useOptimiseItinerary, useReorderItinerary } from '../api/itineraries-api';
import { NotHeldError, useDeviceVisitsRefresh } from '../api/schedulings-api';
import { distanceText } from './detail-page';
import { RouteMapDialog } from './route-map-dialog';
import { FlaggedBadge, SchedulingStatusBadge, WaitingBadge } from './status-badge';

const located = (s: ItineraryStop) => s.latitude !== null && s.longitude !== null;
const pointOf = (s: ItineraryStop) => ({ latitude: s.latitude!, longitude: s.longitude! });

/**
 * Saves the day's order as the user moves stops: the whole order each time, one request at a time
 * (a move made while one is under way waits and sends the latest order), so the server never ends
 * with an older order than the screen. A refusal (the day changed) reads the day again.
 */
function useOrderSaver(id: string, onFailed: (error: unknown) => void) {
  const reorder = useReorderItinerary(id);
  const waiting = useRef<string[] | null>(null);
  const busy = useRef(false);
  const [saving, setSaving] = useState(false);
  const send = async (order: string[]) => {
    busy.current = true;
    setSaving(true);
    try {
      await reorder.mutateAsync(order);
    } catch (e) {
      waiting.current = null;
      onFailed(e);
    }
    const next = waiting.current;
    waiting.current = null;
    if (next) return send(next);
    busy.current = false;
    setSaving(false);
  };
  return {
    saving,
    save(order: string[]) {
      if (busy.current) waiting.current = order;
      else void send(order);
    },
  };
}

/**
 * `/schedulings/itineraries/{id}` (read agendamentos; moves need update): a salesman's day of
 * schedulings in sequence. Stops move up or down (buttons, or the arrow keys on a stop's handle)
 * and the order is saved at once; the optimiser proposes a shorter order from the first stop, the
 * company's point or the user's position, shown with the distance before and after and applied
 * only when accepted; the map dialog draws the day; the route opens in Google Maps (in legs) or
 * Waze (a stop at a time). Without signal (docs/offline.md, "The day's itinerary offline") the
 * day is the device's, each stop with what its visit has waiting to send; reordering and the
 * optimiser wait for a connection.
 */
export function ItineraryPage({ id }: { id: string }) {
  const { t } = useTranslation('itineraries');
  const format = useFormat();
  const ability = useAbility();
  const qc = useQueryClient();
  const query = useItinerary(id);
  const connection = useOfflineStatus();
  useDeviceVisitsRefresh();
  const optimise = useOptimiseItinerary(id);
  const [order, setOrder] = useState<string[] | null>(null);
  const [announce, setAnnounce] = useState('');
  const [from, setFrom] = useState<StartPoint>('first');
  const [proposal, setProposal] = useState<ItineraryProposal | null>(null);
  const [positionError, setPositionError] = useState<string | null>(null);
  const [mapOpen, setMapOpen] = useState(false);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const saver = useOrderSaver(id, (e) => {
    notify({ kind: 'error', text: apiErrorText(e, t('detail.saveFailed')) });
    if (e instanceof ApiError && e.status === 409) {
      setOrder(null);
      void qc.invalidateQueries({ queryKey: itineraryKeys.record(id) });
    }
  });

  const back = { link: <Link to="/schedulings/itineraries" search={query.data ? { date: query.data.date } : {}} />, label: t('detail.back') };
  if (query.isPending) return <LoadingBlocks label={t('loading')} rows={[{ count: 1, height: 'h-10' }, { count: 4, height: 'h-16' }]} testId="itinerary-loading" />;
  if (query.error instanceof NotHeldError) {
    return (
      <RecordPageFrame back={back} title={t('detail.notFoundTitle')} actions={null}>
        <CardContent>
          <Alert variant="info">{t('device.notHeld')}</Alert>
        </CardContent>
      </RecordPageFrame>
    );
  }
  if (query.isError) {
    const missing = (query.error instanceof ApiError && query.error.status === 400) || failedRead(query.error) === 'missing';
    return (
      <RecordPageFrame back={back} title={t('detail.notFoundTitle')} actions={null}>
        <CardContent>{missing ? <RecordNotFound back={back} /> : <FetchFailed error={query.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />}</CardContent>
      </RecordPageFrame>
    );
  }

  const it: Itinerary = query.data;
  const fromDevice = !!query.data.fromDevice;
  const waiting = new Set(query.data.waiting ?? []);
  // Moves and the optimiser are the server's: not without a connection, nor on the device's copy.
  const offline = fromDevice || !connection.online;
  const byId = new Map(it.stops.map((s) => [s.id, s]));
  // The order on screen: the user's moves (while they are saved), else the server's.
  const current = order && order.length === it.stops.length && order.every((sid) => byId.has(sid)) ? order : it.stops.map((s) => s.id);
  const stops = current.map((sid) => byId.get(sid)!);
  const mayMove = ability.can('update', 'agendamentos') && stops.length > 1;
  const canMove = mayMove && !offline;
  const onMap = stops.filter(located);
  const unlocated = stops.length - onMap.length;

  const move = (index: number, delta: -1 | 1) => {
    const to = index + delta;
    if (to < 0 || to >= stops.length) return;
    const next = [...current];
    [next[index], next[to]] = [next[to]!, next[index]!];
    setOrder(next);
    setProposal(null);
    const moved = byId.get(next[to]!)!;
    setAnnounce(t('detail.movedTo', { name: moved.clientName, position: to + 1, count: next.length }));
    saver.save(next);
    // Focus follows the stop moved, so the arrows can move it again.
    requestAnimationFrame(() => handles.current.get(moved.id)?.focus());
  };
  const onHandleKey = (index: number) => (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      move(index, e.key === 'ArrowUp' ? -1 : 1);
    }
  };

  const runOptimise = async () => {
    setPositionError(null);
    let position: { latitude: number; longitude: number } | null = null;
    if (from === 'position') {
      const got = await locate({ required: true });
      if (!got.ok) {
        setPositionError(textOf(got.said));
        return;
      }
      position = { latitude: got.position.latitude, longitude: got.position.longitude };
    }
    try {
      setProposal(await optimise.mutateAsync({ from, position }));
    } catch (e) {
      notify({ kind: 'error', text: apiErrorText(e, t('detail.optimiseFailed')) });
    }
  };
  const apply = () => {
    if (!proposal) return;
    setOrder(proposal.order);
    saver.save(proposal.order);
    setProposal(null);
    setAnnounce(t('detail.applied'));
  };

  const google = googleMapsLegs(onMap.map(pointOf));
  const title = t('detail.title', { name: it.salesmanName ?? '', date: format.date(it.date) });
  const gain = proposal && proposal.before > 0 ? Math.round(((proposal.before - proposal.after) / proposal.before) * 100) : 0;

  return (
    <RecordPageFrame
      back={back}
      title={title}
      actions={
        <Button variant="outline" onClick={() => setMapOpen(true)}>
          <IconMap aria-hidden />
          {t('detail.openMap')}
        </Button>
      }
    >
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">
          {t('detail.summary', { count: stops.length })}
          {saver.saving && <span> · {t('detail.saving')}</span>}
        </p>
        {fromDevice && (
          <Alert variant="info" data-testid="itinerary-from-device">
            {t('device.fromDevice')}
          </Alert>
        )}
        {mayMove && offline && <p className="text-sm text-muted-foreground">{t('device.needsConnection')}</p>}
        {it.strictOrder && <Alert variant="info">{t('detail.strictOrder')}</Alert>}
        <p role="status" aria-live="polite" className="sr-only">
          {announce}
        </p>

        {canMove && (
          <Section title={t('detail.optimiseTitle')} boxed className="gap-3" titleClassName="text-sm">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="flex flex-col gap-1.5 sm:w-64">
                <Label htmlFor="itinerary-from">{t('detail.from')}</Label>
                <select id="itinerary-from" className={selectClass} value={from} onChange={(e) => setFrom(e.target.value as StartPoint)}>
                  {(['first', 'company', 'position'] as const).map((f) => (
                    <option key={f} value={f}>
                      {t(`detail.fromOptions.${f}`)}
                    </option>
                  ))}
                </select>
              </div>
              <Button onClick={() => void runOptimise()} disabled={optimise.isPending}>
                <IconRoute aria-hidden />
                {optimise.isPending ? t('detail.optimising') : t('detail.optimise')}
              </Button>
            </div>
            {positionError && <Alert variant="warning">{positionError}</Alert>}
            {proposal && (
              <div data-testid="itinerary-proposal" className="flex flex-col gap-2">
                <p className="text-sm">
                  {proposal.after < proposal.before
                    ? t('detail.proposal', { before: distanceText(proposal.before, format), after: distanceText(proposal.after, format), gain })
                    : t('detail.alreadyBest', { before: distanceText(proposal.before, format) })}
                </p>
                {proposal.unlocated.length > 0 && <p className="text-sm text-muted-foreground">{t('detail.unlocatedKept', { count: proposal.unlocated.length })}</p>}
                {proposal.after < proposal.before && (
                  <>
                    <ol aria-label={t('detail.proposedOrder')} className="list-inside list-decimal text-sm">
                      {proposal.order.map((sid) => (
                        <li key={sid}>{byId.get(sid)?.clientName}</li>
                      ))}
                    </ol>
                    <div className="flex flex-wrap gap-2">
                      <Button onClick={apply}>{t('detail.apply')}</Button>
                      <Button variant="outline" onClick={() => setProposal(null)}>
                        {t('detail.discard')}
                      </Button>
                    </div>
                  </>
                )}
              </div>
            )}
          </Section>
        )}

        <ol aria-label={t('detail.stops')} className="flex flex-col gap-2">
          {stops.map((s, i) => (
            <li key={s.id} className="flex flex-col gap-2 rounded-md border border-border p-3 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 items-start gap-3">
                {canMove ? (
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) handles.current.set(s.id, el);
                      else handles.current.delete(s.id);
                    }}
                    onKeyDown={onHandleKey(i)}
                    aria-label={t('detail.handle', { name: s.clientName, position: i + 1, count: stops.length })}
                    aria-describedby="itinerary-keys"
                    aria-keyshortcuts="ArrowUp ArrowDown"
                    className="flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border border-border bg-card px-2 text-sm font-semibold hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <IconGripVertical aria-hidden className="size-4" />
                    {i + 1}
                  </button>
                ) : (
                  <span className="flex h-10 min-w-10 items-center justify-center rounded-md border border-border text-sm font-semibold">{i + 1}</span>
                )}
                <div className="flex min-w-0 flex-col gap-1">
                  <Link to="/schedulings/$id" params={{ id: s.id }} className="font-medium underline-offset-4 hover:underline">
                    {s.clientName}
                  </Link>
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    {s.scheduledStart && <span>{s.scheduledStart}</span>}
                    <span className="text-muted-foreground">{s.typeName}</span>
                    <SchedulingStatusBadge status={s.status} />
                    {waiting.has(s.id) && <WaitingBadge />}
                    {s.flagged && <FlaggedBadge title={s.distance !== null ? textOf(SchedulingTexts.flagged({ distance: distanceText(s.distance, format) })) : undefined} />}
                  </div>
                  <p className="text-sm text-muted-foreground">{located(s) ? s.address : textOf(SchedulingTexts.addressWithoutGeolocation())}</p>
                </div>
              </div>
              <div className="flex flex-wrap gap-2 sm:justify-end">
                {located(s) && (
                  <Button asChild variant="ghost" size="sm">
                    <a href={wazeLegs([pointOf(s)])[0]!.url} target="_blank" rel="noopener noreferrer" aria-label={t('detail.wazeTo', { name: s.clientName })}>
                      <IconExternalLink aria-hidden />
                      Waze
                    </a>
                  </Button>
                )}
                {canMove && (
                  <>
                    <Button variant="outline" size="sm" onClick={() => move(i, -1)} disabled={i === 0} aria-label={t('detail.up', { name: s.clientName })}>
                      <IconArrowUp aria-hidden />
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => move(i, 1)} disabled={i === stops.length - 1} aria-label={t('detail.down', { name: s.clientName })}>
                      <IconArrowDown aria-hidden />
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ol>
        {canMove && (
          <p id="itinerary-keys" className="text-xs text-muted-foreground">
            {t('detail.keys')}
          </p>
        )}

        {it.cancelled.length > 0 && (
          <p className="text-sm text-muted-foreground">{t('detail.cancelled', { count: it.cancelled.length, names: it.cancelled.map((c) => c.clientName).join(', ') })}</p>
        )}

        <Section title={t('detail.routeTitle')} titleClassName="text-sm">
          {google.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('detail.noRoute')}</p>
          ) : (
            <>
              <ul className="flex flex-wrap gap-2">
                {google.map((leg, n) => (
                  <li key={leg.url}>
                    <Button asChild variant="outline">
                      <a href={leg.url} target="_blank" rel="noopener noreferrer">
                        <IconBrandGoogleMaps aria-hidden />
                        {google.length === 1 ? t('detail.googleMaps') : t('detail.googleLeg', { n: n + 1, from: leg.from, to: leg.to })}
                      </a>
                    </Button>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-muted-foreground">{unlocated ? t('detail.routeNoteUnlocated', { count: unlocated }) : t('detail.routeNote')}</p>
            </>
          )}
        </Section>
      </CardContent>
      <RouteMapDialog
        open={mapOpen}
        onOpenChange={setMapOpen}
        title={title}
        stops={stops.map((s, i) => ({ id: s.id, position: i + 1, name: s.clientName, latitude: s.latitude, longitude: s.longitude, flagged: s.flagged, status: s.status }))}
        start={proposal?.start ?? (from === 'company' ? it.companyPoint : null)}
        center={it.companyPoint ?? { latitude: -22.264, longitude: -48.74 }}
        zoom={it.map.zoom}
        token={it.map.token}
      />
    </RecordPageFrame>
  );
}
