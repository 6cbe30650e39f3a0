import { pick, pickOrNull } from '@ev/shared/objects';
import { visitFixRefusal } from '@ev/shared/schedulings/check-in';
import { SchedulingTexts, type CheckIn, type GeoFix, type Scheduling } from '@ev/shared/schemas/schedulings';
import { IconAlertTriangle, IconCloudOff, IconPencil } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '@/components/form/date-input';
import { LoadingBlocks } from '@/components/loading-blocks';
import { cardActionTexts, RecordCardActions } from '@/components/record-card-actions';
import { RecordDetails, RecordPageFrame, RECORD_ID, recordReadState, useCardToggles } from '@/components/record-page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { selectClass } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Section } from '@/components/ui/section';
import { useAbility } from '@/lib/ability';
import { ApiError } from '@/lib/api';
import { apiErrorText, apiFieldErrors, textOf } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useFormat, type Formatter } from '@/lib/format';
import { locate, type Located } from '@/lib/geolocation';
import { notify } from '@/lib/notices';
import { isOffline, unreachable, type ReviewRow } from '@/lib/offline/device';
import { useSession } from '@/lib/use-session';
import { NotHeldError, QueueBusyError, useDeviceVisit, useDeviceVisitsRefresh, useMoveScheduling, useOccurrenceTypes, useQueueVisit, useScheduling, type SchedulingMove, type SchedulingShown } from '../api/schedulings-api';
import { deviceKey, deviceNow, withDeviceVisit, type DeviceVisit } from '../visit-offline';
import { FlaggedBadge, SchedulingStatusBadge } from './status-badge';

/** The browser's position as the API's fix (the fix's own time, or now when the browser gave none). */
const fixOf = (p: Located): GeoFix => ({
  ...pick(p, ['latitude', 'longitude', 'accuracy']),
  ...pickOrNull(p, ['heading', 'speed', 'altitude', 'altitudeAccuracy']),
  takenAt: p.takenAt ?? Date.now(),
});

/** Metres as "350 m" below a kilometre, "1,2 km" from there. */
export const distanceText = (metres: number, format: Formatter) => (metres < 1000 ? `${format.number(Math.round(metres), 0)} m` : `${format.number(metres / 1000, 1)} km`);

const textareaClass = 'w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring';

/** One labelled value of the record. */
function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('flex flex-col', wide && 'sm:col-span-2 lg:col-span-4')}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-line break-words">{children}</dd>
    </div>
  );
}

/** Seconds as "1 h 05 min" or "12 min". */
function durationText(seconds: number, t: (key: string, o?: Record<string, unknown>) => string): string {
  const minutes = Math.max(0, Math.round(seconds / 60));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? t('detail.hoursMinutes', { hours: h, minutes: String(m).padStart(2, '0') }) : t('detail.minutes', { minutes: m });
}

/**
 * What a check-in recorded: when, the fix's accuracy and how far from the client's main address;
 * made offline (issue 45), that it was, at the device's time, and when the server received it.
 */
function CheckInBlock({ title, checkIn, flagged, testId }: { title: string; checkIn: CheckIn | null; flagged: boolean; testId: string }) {
  const { t } = useTranslation('schedulings');
  const format = useFormat();
  return (
    <Section title={title} level={3} boxed data-testid={testId}>
      {!checkIn ? (
        <p className="text-sm text-muted-foreground">{t('checkIn.none')}</p>
      ) : (
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">{t('checkIn.at')}</dt>
          <dd>{format.dateTime(checkIn.at)}</dd>
          {checkIn.offline && (
            <>
              <dt className="text-muted-foreground">{t('checkIn.offlineLabel')}</dt>
              <dd data-testid={`${testId}-offline`}>{t('checkIn.offline', { at: format.dateTime(checkIn.at), receivedAt: format.dateTime(checkIn.offline.receivedAt) })}</dd>
            </>
          )}
          <dt className="text-muted-foreground">{t('checkIn.accuracy')}</dt>
          <dd>{checkIn.position ? distanceText(checkIn.position.accuracy, format) : t('checkIn.noPosition')}</dd>
          <dt className="text-muted-foreground">{t('checkIn.distance')}</dt>
          <dd data-testid={`${testId}-distance`}>{checkIn.distance !== null ? distanceText(checkIn.distance, format) : checkIn.position ? textOf(SchedulingTexts.addressWithoutGeolocation()) : '—'}</dd>
        </dl>
      )}
      {checkIn && flagged && checkIn.distance !== null && (
        <Alert variant="warning">
          <span className="inline-flex items-center gap-2">
            <IconAlertTriangle aria-hidden className="size-4 shrink-0" />
            {textOf(SchedulingTexts.flagged({ distance: distanceText(checkIn.distance, format) }))}
          </span>
        </Alert>
      )}
    </Section>
  );
}

/**
 * The moves of a scheduling by its status: "Iniciar" (pending; the owner; a visit asks where the
 * user is, required when the company says so), "Editar" (pending: the form, at
 * `/schedulings/{id}/edit`), "Encerrar" (active; the owner; a dialog asks the
 * occurrence type), "Cancelar" (pending or active, confirmed). A 409 says the server's text and
 * reads the record again (someone moved it first).
 */
function MoveButtons({ s, waiting, onStale }: { s: SchedulingShown; waiting: DeviceVisit | null; onStale(): void }) {
  const { t } = useTranslation('schedulings');
  const ability = useAbility();
  const sessionData = useSession().data;
  const move = useMoveScheduling();
  const queue = useQueueVisit();
  // Without signal, read from the device, or with a move of it already waiting on the device: the
  // moves go to the device's queue (docs/offline.md, "Visits offline"); only a start and a close do.
  const onDevice = !!s.fromDevice || !!waiting || isOffline();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [closing, setClosing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [occurrence, setOccurrence] = useState('');
  const [observations, setObservations] = useState('');
  const [nextContact, setNextContact] = useState('');
  const [closeError, setCloseError] = useState<string | null>(null);
  const occurrences = useOccurrenceTypes(closing);
  const owner = sessionData?.user.id === s.salesmanId;
  const canUpdate = ability.can('update', 'agendamentos');
  const visit = s.contactMode === 'visit';
  const required = visit && !!sessionData?.company.settings?.scheduling?.geolocationRequired;

  /** A move sent to the server: done, refused (said on the page), or the server could not be reached (`unreachable`: the start and the close go to the queue). */
  const run = async (m: SchedulingMove, done: string): Promise<boolean | 'unreachable'> => {
    try {
      await move.mutateAsync({ id: s.id, version: s.version, move: m });
      notify({ kind: 'success', text: done });
      return true;
    } catch (e) {
      if (m.kind !== 'cancel' && unreachable(e)) return 'unreachable';
      if (e instanceof ApiError && e.status === 409) {
        notify({ kind: 'error', text: apiErrorText(e, t('moves.failed')) });
        onStale();
      } else {
        const fields = apiFieldErrors(e);
        setError(fields.length ? fields.map((f) => f.message).join(' ') : apiErrorText(e, t('moves.failed')));
      }
      return false;
    }
  };

  /** Where the user is, for a visit: null when the browser gives nothing and it is not required; false when the start stops. */
  const position = async (must: boolean): Promise<GeoFix | null | false> => {
    if (!visit) return null;
    // Where the company judges the fix (its precision, its age), a fresh one: a retry after "too
    // imprecise" must not get the browser's cached fix again.
    const where = await locate({ required: must, ...(must ? { maximumAgeMs: 0 } : {}) });
    if (where.ok) return fixOf(where.position);
    if (where.blocking) {
      setError(textOf(where.said));
      return false;
    }
    return null;
  };

  /** Queues a move on the device; false when it could not (said on the page). */
  const queued = async (go: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await go();
      notify({ kind: 'success', text: done });
      return true;
    } catch (e) {
      setError(e instanceof QueueBusyError ? t('device.busy') : t('device.failed'));
      return false;
    }
  };

  /**
   * The start without signal: the company's geolocation rule applied here as the server applies it
   * (the fix's time judged against the device's time of the action), then queued with the device's
   * own key and time.
   */
  const queueStart = async (fix: GeoFix | null): Promise<boolean> => {
    const now = Date.now();
    const rules = sessionData?.company.settings?.scheduling;
    const refused = visitFixRefusal({ contactMode: s.contactMode, rules: { geolocationRequired: !!rules?.geolocationRequired, minimumPrecision: rules?.minimumPrecision ?? Infinity }, position: fix, actionAt: now, now });
    if (refused) {
      setError(textOf(refused));
      return false;
    }
    const at = deviceNow(now);
    const item = { kind: 'visit' as const, key: deviceKey('visit'), queuedAt: at, schedulingId: s.id, start: { version: s.version, position: fix, offline: { key: deviceKey('start'), at } } };
    return queued(() => queue.mutateAsync({ item, label: t('device.labelStart', { name: s.name }) }), t('device.startedToast'));
  };

  const start = async () => {
    setError(null);
    setBusy(true);
    try {
      const fix = await position(required);
      if (fix === false) return;
      if (onDevice) await queueStart(fix);
      else if ((await run({ kind: 'start', position: fix }, textOf(SchedulingTexts.started()))) === 'unreachable') await queueStart(fix);
    } finally {
      setBusy(false);
    }
  };

  const openClose = () => {
    setOccurrence('');
    setObservations('');
    // The type's estimated date, when still ahead, proposed as the client's next contact.
    setNextContact(s.suggestedNextContact ?? '');
    setCloseError(null);
    setError(null);
    setClosing(true);
  };
  const close = async () => {
    if (!occurrence) {
      setCloseError(textOf(SchedulingTexts.occurrenceMissing()));
      return;
    }
    setBusy(true);
    try {
      const fix = await position(false);
      const next = /^\d{4}-\d{2}-\d{2}$/.test(nextContact) ? nextContact : null;
      const typed = { occurrenceTypeId: occurrence, closingObservations: observations.trim() || null, position: fix || null, nextContactDate: next };
      const ok = onDevice ? await queueClose(typed) : await run({ kind: 'close', ...typed }, textOf(SchedulingTexts.closed()));
      const done = ok === 'unreachable' ? await queueClose(typed) : ok;
      if (done || fix !== false) setClosing(false);
    } finally {
      setBusy(false);
    }
  };

  /**
   * The close without signal: added to its start's item while that is still queued (one item, so
   * the close never arrives before its start), else queued as an item of its own over the version
   * after the start.
   */
  const queueClose = async (typed: { occurrenceTypeId: string; closingObservations: string | null; position: GeoFix | null; nextContactDate: string | null }): Promise<boolean> => {
    const at = deviceNow();
    const close = { version: s.version, ...typed, offline: { key: deviceKey('close'), at } };
    const item = { kind: 'visit' as const, key: deviceKey('visit'), queuedAt: at, schedulingId: s.id, close };
    const amend = waiting?.amendable ? { key: waiting.amendable, close, label: t('device.labelBoth', { name: s.name }) } : undefined;
    return queued(() => queue.mutateAsync({ item, label: t('device.labelClose', { name: s.name }), amend }), t('device.closedToast'));
  };
  const cancel = async () => {
    setError(null);
    setBusy(true);
    try {
      await run({ kind: 'cancel' }, textOf(SchedulingTexts.cancelled()));
      setCancelling(false);
    } finally {
      setBusy(false);
    }
  };

  const buttons = [
    s.status === 'pending' && owner && canUpdate && (
      <Button key="start" onClick={() => void start()} disabled={busy}>
        {busy && !closing && !cancelling ? t('moves.locating') : t('moves.start')}
      </Button>
    ),
    s.status === 'pending' && canUpdate && !onDevice && (
      <Button key="edit" asChild variant="outline">
        <Link to="/schedulings/$id/edit" params={{ id: s.id }}>
          <IconPencil aria-hidden />
          {t('edit')}
        </Link>
      </Button>
    ),
    s.status === 'active' && owner && canUpdate && (
      <Button key="close" onClick={openClose} disabled={busy}>
        {t('moves.close')}
      </Button>
    ),
    // A cancel is not queued offline (the queue carries visits' starts and closes): online only.
    (s.status === 'pending' || s.status === 'active') && canUpdate && !onDevice && (
      <Button key="cancel" variant="outline" onClick={() => setCancelling(true)} disabled={busy}>
        {t('moves.cancel')}
      </Button>
    ),
  ].filter(Boolean);
  if (!buttons.length) return null;

  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label={t('moves.label')} className="flex flex-wrap gap-2">
        {buttons}
      </div>
      {error && (
        <Alert variant="error" data-testid="scheduling-move-error">
          {error}
        </Alert>
      )}
      <ConfirmDialog
        open={closing}
        onOpenChange={(o) => !o && setClosing(false)}
        title={t('moves.closeTitle')}
        description={t('moves.closeText')}
        confirmLabel={t('moves.closeConfirm')}
        cancelLabel={t('moves.back')}
        onConfirm={() => void close()}
        busy={busy}
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="scheduling-occurrence">{t('fields.occurrenceTypeId')} *</Label>
          <select
            id="scheduling-occurrence"
            className={selectClass}
            value={occurrence}
            onChange={(e) => {
              setOccurrence(e.target.value);
              setCloseError(null);
            }}
            aria-invalid={closeError ? true : undefined}
            aria-describedby={closeError ? 'scheduling-occurrence-error' : undefined}
          >
            <option value="">{occurrences.isPending ? t('loading') : t('choose')}</option>
            {(occurrences.data ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
          {closeError && (
            <p id="scheduling-occurrence-error" className="text-xs font-medium text-destructive">
              {closeError}
            </p>
          )}
          {occurrences.isError && <p className="text-xs text-destructive">{t('combobox.failed')}</p>}
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="scheduling-closing-observations">{t('fields.closingObservations')}</Label>
          <textarea id="scheduling-closing-observations" rows={3} maxLength={2000} value={observations} onChange={(e) => setObservations(e.target.value)} className={textareaClass} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="scheduling-next-contact">{t('fields.nextContactDate')}</Label>
          <DateInput id="scheduling-next-contact" value={nextContact} onChange={setNextContact} aria-describedby="scheduling-next-contact-hint" />
          <p id="scheduling-next-contact-hint" className="text-xs text-muted-foreground">
            {s.suggestedNextContact ? t('moves.nextContactSuggested') : t('moves.nextContactHint')}
          </p>
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={t('moves.cancelTitle')}
        description={t('moves.cancelText')}
        confirmLabel={t('moves.cancelConfirm')}
        cancelLabel={t('moves.back')}
        onConfirm={() => void cancel()}
        busy={busy}
        destructive
      />
    </div>
  );
}

/** A start or a close made on this device and not yet sent: when, and that it waits for a connection. */
function WaitingVisit({ waiting }: { waiting: DeviceVisit }) {
  const { t } = useTranslation('schedulings');
  const format = useFormat();
  return (
    <Alert variant="warning" data-testid="scheduling-device-visit">
      <p className="font-medium" data-testid="scheduling-device-state">
        {waiting.close ? t('device.closed') : t('device.started')}
      </p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        {waiting.start && (
          <>
            <dt>{t('checkIn.start')}</dt>
            <dd>{format.dateTime(waiting.start.at)}</dd>
          </>
        )}
        {waiting.close && (
          <>
            <dt>{t('checkIn.end')}</dt>
            <dd>{format.dateTime(waiting.close.at)}</dd>
          </>
        )}
      </dl>
    </Alert>
  );
}

/** The server refused a visit move sent from this device: its reason, and where the item is kept. */
function RefusedVisit({ row }: { row: ReviewRow }) {
  const { t } = useTranslation('schedulings');
  const e = row.error;
  const error = new ApiError(409, e.code, e.message, (e.fields ?? []).map((f) => ({ ...e.fieldTexts?.find((x) => x.field === f.field), ...f })), e.details, e.key ? { key: e.key, ...(e.params ? { params: e.params } : {}) } : undefined);
  const fields = apiFieldErrors(error);
  const reason = fields.length ? fields.map((f) => f.message).join(' ') : apiErrorText(error, t('moves.failed'));
  return (
    <Alert variant="error" data-testid="scheduling-device-refused">
      <p>{t('device.refused', { reason })}</p>
      <Link to="/offline" className="font-medium underline">
        {t('device.review')}
      </Link>
    </Alert>
  );
}

/** Every field of the record. */
function SchedulingFields({ s }: { s: Scheduling }) {
  const { t } = useTranslation('schedulings');
  const format = useFormat();
  const times = [s.scheduledStart, s.scheduledEnd].filter(Boolean).join(' – ');
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid="scheduling-fields">
      <Field label={t('columns.status')}>
        <span className="flex flex-wrap gap-1">
          <SchedulingStatusBadge status={s.status} />
          {s.flagged && <FlaggedBadge />}
        </span>
      </Field>
      <Field label={t('fields.clientId')}>
        <Link to="/clients/$id" params={{ id: s.clientId }} className="font-medium text-primary hover:underline">
          {s.clientName}
        </Link>
      </Field>
      <Field label={t('fields.typeId')}>
        {s.typeName} · {t(`contactMode.${s.contactMode}`)}
      </Field>
      <Field label={t('fields.date')}>{format.date(s.date)}</Field>
      <Field label={t('detail.time')}>{times || '—'}</Field>
      <Field label={t('columns.salesman')}>{s.salesmanName ?? '—'}</Field>
      <Field label={t('columns.place')}>{[s.neighbourhood, s.city].filter(Boolean).join(' · ') || '—'}</Field>
      <Field label={t('detail.sequence')}>{s.sequence ?? '—'}</Field>
      <Field label={t('fields.occurrenceTypeId')}>{s.occurrenceTypeName ?? '—'}</Field>
      <Field label={t('detail.duration')}>{s.duration !== null ? durationText(s.duration, t) : '—'}</Field>
      <Field label={t('fields.observations')} wide>
        {s.observations || '—'}
      </Field>
      <Field label={t('fields.closingObservations')} wide>
        {s.closingObservations || '—'}
      </Field>
    </dl>
  );
}

/**
 * `/schedulings/{id}` (read agendamentos): every field, the moves its status allows and the two
 * check-ins (time, accuracy, distance from the client's main address, the far check-in warning).
 */
export function SchedulingDetailPage({ id }: { id: string }) {
  const { t } = useTranslation('schedulings');
  const toggles = useCardToggles();
  const validId = RECORD_ID.test(id);
  const query = useScheduling(id, validId);
  const device = useDeviceVisit(id, validId);
  useDeviceVisitsRefresh();
  const waiting = device.data?.visit ?? null;
  // The record with what its visit has waiting on this device (its status, the version a close goes over).
  const s = query.data ? withDeviceVisit(query.data, waiting) : null;
  const list = s && (s.status === 'completed' || s.status === 'cancelled') ? 'completed' : 'pending';
  const back = { link: <Link to={list === 'completed' ? '/schedulings/completed' : '/schedulings/pending'} />, label: t(`titles.${list}`) };
  const loading = (query.isPending || device.isPending) && validId;
  const readState = loading ? (
    <LoadingBlocks label={t('loading')} rows={[{ count: 4, columns: 'sm:grid-cols-2 lg:grid-cols-4', height: 'h-10' }, { count: 1, height: 'h-32' }]} testId="scheduling-loading" />
  ) : query.error instanceof NotHeldError ? (
    <Alert variant="warning" data-testid="scheduling-not-held">
      {t('device.notHeld')}
    </Alert>
  ) : (
    recordReadState({ validId, creating: false, query }, t, back)
  );

  return (
    <RecordPageFrame
      back={back}
      title={s ? s.name : t('singular')}
      actions={<RecordCardActions texts={cardActionTexts(t)} onReload={validId ? () => void query.refetch() : undefined} {...toggles.actionProps(!!s)} />}
    >
      <CardContent className={cn('flex flex-col gap-6', toggles.collapsed && 'hidden')}>
        {toggles.help && <Alert variant="info">{t('help')}</Alert>}
        {toggles.details && s && <RecordDetails record={s} t={t} />}
        {readState ??
          (s && (
            <>
              {s.fromDevice && (
                <Alert variant="info" data-testid="scheduling-from-device">
                  <span className="inline-flex items-start gap-2">
                    <IconCloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
                    {t('device.fromDevice')}
                  </span>
                </Alert>
              )}
              {waiting && <WaitingVisit waiting={waiting} />}
              {device.data?.refused && !waiting && (s.status === 'pending' || s.status === 'active') && <RefusedVisit row={device.data.refused} />}
              <SchedulingFields s={s} />
              <MoveButtons key={`${s.version}-${waiting?.start?.itemKey ?? ''}-${waiting?.close?.itemKey ?? ''}`} s={s} waiting={waiting} onStale={() => void query.refetch()} />
              <Section title={t('checkIn.title')}>
                <div className="grid gap-3 md:grid-cols-2">
                  <CheckInBlock title={t('checkIn.start')} checkIn={s.start} flagged={s.flagged} testId="check-in-start" />
                  <CheckInBlock title={t('checkIn.end')} checkIn={s.end} flagged={false} testId="check-in-end" />
                </div>
              </Section>
            </>
          ))}
      </CardContent>
    </RecordPageFrame>
  );
}
