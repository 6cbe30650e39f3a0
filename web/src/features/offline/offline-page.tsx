import { IconAlertTriangle, IconCloudCheck, IconCloudUpload, IconRefresh, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Section } from '@/components/ui/section';
import { ApiError } from '@/lib/api';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useAbility } from '@/lib/ability';
import { useFormat } from '@/lib/format';
import { discardReview, queueItems, reviewItems, sentItems, syncNow, type QueueRow, type ReviewRow, type SentRow } from '@/lib/offline';
import { useAge } from '@/lib/offline/age';
import { timeOf } from '@/lib/offline/portfolio-plan';
import { refreshOfflineState, useOfflineStatus, type OfflineState } from '@/lib/offline/status';

/** The lists the page shows, read again at every change of the device's state. */
interface Lists {
  queue: QueueRow[];
  review: ReviewRow[];
  sent: SentRow[];
}

function useLists(status: OfflineState): Lists | null {
  const [lists, setLists] = useState<Lists | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([queueItems(), reviewItems(), sentItems()])
      .then(([queue, review, sent]) => live && setLists({ queue, review, sent }))
      .catch(() => live && setLists({ queue: [], review: [], sent: [] }));
    return () => {
      live = false;
    };
  }, [status]);
  return lists;
}

const COUNTS = ['clients', 'products', 'prices', 'priceTables', 'schedulings', 'registries', 'stock'] as const;

/**
 * /offline, "Trabalho offline" (issue 45): what this device holds for offline work and what it has
 * to send, the user's own only (the device's database is the signed-in user's). The connection,
 * the last sync (its time in the user's zone, its age, size and counts), the stock snapshot's time,
 * "Sincronizar agora", the queue, the review list (the server's reason, "Corrigir" for an order,
 * "Descartar" after a question) and what was sent lately.
 */
export function OfflinePage() {
  const { t } = useTranslation('offline');
  const status = useOfflineStatus();
  const lists = useLists(status);
  // This page is the device's state: read now, not at the layout's later read.
  useEffect(() => void refreshOfflineState(), []);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        <StateCard status={status} />
        <div className="flex flex-col gap-4">
          <QueueCard lists={lists} />
          <ReviewCard lists={lists} />
          <SentCard lists={lists} />
        </div>
      </div>
    </div>
  );
}

function StateCard({ status }: { status: OfflineState }) {
  const { t } = useTranslation('offline');
  const format = useFormat();
  const age = useAge();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const last = status.lastSync;
  const failed = status.lastAttempt?.error && (!last || timeOf(status.lastAttempt.at) > timeOf(last.syncedAt)) ? status.lastAttempt : null;
  const working = busy || status.syncing || status.sending;
  // The portfolio is for who reads clients (the API's rule): anyone else has nothing to keep.
  const allowed = useAbility().can('read', 'clientes');

  async function run() {
    setBusy(true);
    setOutcome(null);
    try {
      const { sync, send } = await syncNow();
      if (!sync.ok && sync.reason === 'busy') setOutcome(t('sync.busy'));
      else if (!sync.ok) setOutcome(t('sync.failed'));
      else setOutcome(send.sent || send.refused ? t('sync.doneSent', { sent: send.sent, refused: send.refused }) : t('sync.done'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card data-testid="offline-state">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {status.online ? <IconWifi aria-hidden className="size-5 text-primary" /> : <IconWifiOff aria-hidden className="size-5 text-warning" />}
          {t('state.title')}
        </CardTitle>
        <CardDescription data-testid="offline-connection">{status.online ? t('state.online') : t('state.offline')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!allowed ? (
          <p className="text-sm text-muted-foreground" data-testid="offline-not-allowed">
            {t('state.notAllowed')}
          </p>
        ) : !status.loaded ? (
          <p className="text-sm text-muted-foreground" role="status">
            {t('loading')}
          </p>
        ) : !last ? (
          <p className="text-sm text-muted-foreground" data-testid="offline-never">
            {t('state.never')}
          </p>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="offline-last-sync">
            <dt className="text-muted-foreground">{t('state.lastSync')}</dt>
            <dd>
              {format.dateTime(last.syncedAt)} <span className="text-muted-foreground">({age(last.syncedAt)})</span>
            </dd>
            <dt className="text-muted-foreground">{t('state.size')}</dt>
            <dd>{t('state.kb', { size: format.number((last.bytes / 1000).toFixed(1), 1) })}</dd>
            <dt className="text-muted-foreground">{t('state.stockAt')}</dt>
            <dd>{format.dateTime(last.at)}</dd>
          </dl>
        )}
        {last && (
          <Section level={3} title={t('counts.title')}>
            <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3" data-testid="offline-counts">
              {COUNTS.map((name) => (
                <li key={name} className="flex justify-between gap-2 rounded-md bg-muted/50 px-2 py-1">
                  <span className="text-muted-foreground">{t(`counts.${name}`)}</span>
                  <span className="font-medium tabular-nums" data-testid={`offline-count-${name}`}>
                    {format.number(last.counts[name], 0)}
                  </span>
                </li>
              ))}
            </ul>
            {(last.truncated.clients || last.truncated.products) && <p className="text-sm text-muted-foreground">{t('counts.truncated')}</p>}
          </Section>
        )}
        {failed && (
          <p className="flex items-start gap-2 text-sm text-destructive" data-testid="offline-sync-failed">
            <IconAlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              {t('state.lastFailed', { when: format.dateTime(failed.at) })}{' '}
              {failed.message ? apiErrorText(new ApiError(403, failed.message.code, failed.message.message, [], undefined, failed.message.key ? { key: failed.message.key, ...(failed.message.params ? { params: failed.message.params } : {}) } : undefined), t('state.noAnswer')) : t('state.noAnswer')}
            </span>
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => void run()} disabled={!status.online || working || !allowed} aria-busy={working || undefined}>
            <IconRefresh aria-hidden className={cn(working && 'animate-spin')} />
            {working ? t('sync.running') : t('sync.action')}
          </Button>
          {!status.online && <span className="text-sm text-muted-foreground">{t('sync.needsConnection')}</span>}
        </div>
        <p className="text-sm" role="status" data-testid="offline-sync-outcome">
          {outcome}
        </p>
      </CardContent>
    </Card>
  );
}

function ListCard({ title, icon, testId, children }: { title: string; icon: React.ReactNode; testId: string; children: React.ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {icon}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Loading() {
  const { t } = useTranslation('offline');
  return (
    <p className="text-sm text-muted-foreground" role="status">
      {t('loading')}
    </p>
  );
}

function QueueCard({ lists }: { lists: Lists | null }) {
  const { t } = useTranslation('offline');
  const format = useFormat();
  return (
    <ListCard title={t('queue.title')} icon={<IconCloudUpload aria-hidden className="size-5 text-primary" />} testId="offline-queue">
      {!lists ? (
        <Loading />
      ) : lists.queue.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('queue.empty')}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-border text-sm">
          {lists.queue.map((row, i) => (
            <li key={row.key} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2">
              <span className="font-medium">
                {i + 1}. {row.label}
              </span>
              <span className="text-muted-foreground">{t('queue.since', { when: format.dateTime(row.queuedAt) })}</span>
            </li>
          ))}
        </ol>
      )}
    </ListCard>
  );
}

function ReviewCard({ lists }: { lists: Lists | null }) {
  const { t } = useTranslation('offline');
  const format = useFormat();
  const navigate = useNavigate();
  const [discarding, setDiscarding] = useState<ReviewRow | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <ListCard title={t('review.title')} icon={<IconAlertTriangle aria-hidden className="size-5 text-warning" />} testId="offline-review">
      {!lists ? (
        <Loading />
      ) : lists.review.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('review.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border text-sm">
          {lists.review.map((row) => {
            const error = new ApiError(409, row.error.code, row.error.message, (row.error.fields ?? []).map((f) => ({ ...row.error.fieldTexts?.find((x) => x.field === f.field), ...f })), row.error.details, row.error.key ? { key: row.error.key, ...(row.error.params ? { params: row.error.params } : {}) } : undefined);
            const reason = apiErrorText(error, t('review.noReason'));
            // The fields at fault, those that say more than the reason itself.
            const fields = apiFieldErrors(error).filter((f) => f.message !== reason);
            return (
              <li key={row.key} className="flex flex-col gap-2 py-3" data-testid="offline-review-item">
                <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
                  <span className="font-medium">{row.label}</span>
                  <span className="text-muted-foreground">{t('review.refusedAt', { when: format.dateTime(row.movedAt) })}</span>
                </div>
                <p className="text-destructive">{reason}</p>
                {fields.length > 0 && (
                  <ul className="list-disc ps-5 text-muted-foreground">
                    {fields.map((f) => (
                      <li key={f.field}>{f.message}</li>
                    ))}
                  </ul>
                )}
                <div className="flex flex-wrap gap-2">
                  {row.kind === 'order' && (
                    <Button size="sm" onClick={() => void navigate({ to: '/sales/create/{-$id}', params: { id: undefined }, search: { offline: row.key } })}>
                      {t('review.fix')}
                    </Button>
                  )}
                  <Button size="sm" variant="outline" onClick={() => setDiscarding(row)}>
                    {t('review.discard')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={!!discarding}
        onOpenChange={(open) => !open && setDiscarding(null)}
        title={t('review.discardTitle')}
        description={discarding ? t('review.discardText', { label: discarding.label }) : undefined}
        confirmLabel={t('review.discard')}
        cancelLabel={t('review.cancel')}
        destructive
        busy={busy}
        onConfirm={() => {
          if (!discarding) return;
          setBusy(true);
          void discardReview(discarding.key).finally(() => {
            setBusy(false);
            setDiscarding(null);
          });
        }}
      />
    </ListCard>
  );
}

function SentCard({ lists }: { lists: Lists | null }) {
  const { t } = useTranslation('offline');
  const format = useFormat();
  return (
    <ListCard title={t('sent.title')} icon={<IconCloudCheck aria-hidden className="size-5 text-primary" />} testId="offline-sent">
      {!lists ? (
        <Loading />
      ) : lists.sent.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('sent.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border text-sm">
          {lists.sent.map((row) => (
            <li key={row.key} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2">
              <span className="font-medium">{row.label}</span>
              <span className="text-muted-foreground">
                {row.kind === 'order' ? (row.sale?.number != null ? t('sent.order', { number: row.sale.number }) : t('sent.orderNoNumber')) : t('sent.visit')} · {format.dateTime(row.sentAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}
