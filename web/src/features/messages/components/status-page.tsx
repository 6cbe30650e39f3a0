import { skipReasonText, type BatchRecipient } from '@ev/shared/schemas/messages';
import { IconRefresh } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { DataList, ListEmpty, type ListColumn } from '@/components/list';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useAbility } from '@/lib/ability';
import { apiErrorText, textOf } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/notices';
import { useBatch, useBatchRecipients, useResendBatch } from '../api/messages-api';
import { BatchProgress } from './batch-progress';
import { showWhatsApp } from '@/components/chat/phone';

const route = getRouteApi('/_app/messages/status');


const TONE: Record<BatchRecipient['status'], string> = {
  read: 'bg-primary/15',
  delivered: 'bg-primary/10',
  sent: 'bg-muted',
  queued: 'bg-muted',
  sending: 'bg-muted',
  held: 'bg-warning/20',
  failed: 'bg-destructive/15',
  undelivered: 'bg-destructive/15',
};

function RecipientStatusBadge({ status }: { status: BatchRecipient['status'] }) {
  const { t } = useTranslation('whatsapp');
  return <span className={cn('inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium text-foreground', TONE[status])}>{t(`recipientStatus.${status}`)}</span>;
}

/**
 * `/messages/status?batch=<id>` (read `mensagens`): one send's messages, each client's number and
 * status (sent, delivered, read, failed, undelivered, or waiting), the failure's reason in the
 * user's language; the clients left out and why; the failed ones sent again.
 */
export function StatusPage() {
  const { t } = useTranslation('whatsapp');
  const format = useFormat();
  const ability = useAbility();
  const { batch: id } = route.useSearch();
  const batch = useBatch(id ?? '');
  const recipients = useBatchRecipients(id ?? '');
  const resend = useResendBatch();
  const back = (
    <Button asChild variant="link" className="self-start px-0">
      <Link to="/messages">{t('batches.title')}</Link>
    </Button>
  );
  if (!id) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Alert variant="info">{t('batchStatus.choose')}</Alert>
      </div>
    );
  }
  if (batch.isPending) return <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>;
  if (batch.isError) return <FetchFailed error={batch.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void batch.refetch()} />;
  const b = batch.data;
  const failed = b.counts.failed + b.counts.undelivered;
  const columns: ListColumn<BatchRecipient>[] = [
    { id: 'client', header: t('batchStatus.columns.client'), sortBy: (r) => r.clientName, cell: (r) => r.clientName },
    { id: 'phone', header: t('batchStatus.columns.phone'), className: 'whitespace-nowrap font-mono text-xs', cell: (r) => showWhatsApp(r.phone) },
    { id: 'status', header: t('batchStatus.columns.status'), sortBy: (r) => t(`recipientStatus.${r.status}`), cell: (r) => <RecipientStatusBadge status={r.status} /> },
    { id: 'detail', header: t('batchStatus.columns.detail'), className: 'max-w-sm', cell: (r) => r.failure ?? (r.sendOn ? t('batchStatus.sendOn', { date: format.date(r.sendOn) }) : '') },
    { id: 'sentAt', header: t('batchStatus.columns.sentAt'), className: 'whitespace-nowrap', cell: (r) => (r.sentAt ? format.dateTime(r.sentAt) : '') },
  ];
  const onResend = async () => {
    try {
      await resend.mutateAsync(b.id);
      notify({ kind: 'success', text: t('batchStatus.resent') });
    } catch (e) {
      notify({ kind: 'error', text: apiErrorText(e, t('batchStatus.resendFailed')) });
    }
  };
  return (
    <div className="flex flex-col gap-4">
      {back}
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div className="flex flex-col gap-1">
            <h1 className="text-lg font-semibold leading-tight">{t('batchStatus.title', { name: b.templateName })}</h1>
            <p className="text-sm text-muted-foreground">{t('batchStatus.subtitle', { number: b.number, when: format.dateTime(b.createdAt), who: b.createdByName, count: b.total })}</p>
          </div>
          {failed > 0 && ability.can('create', 'mensagens') && (
            <Button type="button" variant="outline" disabled={resend.isPending} onClick={() => void onResend()}>
              <IconRefresh aria-hidden />
              {t('batchStatus.resend', { count: failed })}
            </Button>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <BatchProgress batch={b} />
          {b.counts.held > 0 && <Alert variant="warning">{t('batchStatus.held', { count: b.counts.held })}</Alert>}
          {b.skipped.length > 0 && (
            <details className="rounded-md border border-border p-3 text-sm">
              <summary className="cursor-pointer font-medium">{t('batchStatus.skipped', { count: b.skipped.length })}</summary>
              <ul className="mt-2 flex flex-col gap-1">
                {b.skipped.map((s) => (
                  <li key={s.clientId}>
                    <span className="font-medium">{s.name}</span>: {textOf(skipReasonText(s.reason))}
                  </li>
                ))}
              </ul>
            </details>
          )}
          {recipients.isError ? (
            <FetchFailed error={recipients.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void recipients.refetch()} />
          ) : recipients.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>
          ) : recipients.data.length === 0 ? (
            <ListEmpty>{t('batchStatus.empty')}</ListEmpty>
          ) : (
            <DataList
              label={t('batchStatus.recipients')}
              rows={recipients.data}
              columns={columns}
              rowKey={(r) => r.clientId}
              card={(r) => (
                <div className="flex flex-col gap-1 rounded-md border border-border p-3 text-sm" data-testid="recipient-card">
                  <span className="font-medium">{r.clientName}</span>
                  <span className="font-mono text-xs text-muted-foreground">{showWhatsApp(r.phone)}</span>
                  <span>
                    <RecipientStatusBadge status={r.status} />
                  </span>
                  {r.failure && <span className="text-xs">{r.failure}</span>}
                </div>
              )}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
