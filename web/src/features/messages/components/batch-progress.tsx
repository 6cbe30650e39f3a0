import type { MessageBatch, RecipientStatus } from '@ev/shared/schemas/messages';
import { useTranslation } from 'react-i18next';

const SHOWN: RecipientStatus[] = ['read', 'delivered', 'sent', 'queued', 'sending', 'held', 'failed', 'undelivered'];
const COLOR: Record<RecipientStatus, string> = {
  read: 'bg-primary',
  delivered: 'bg-primary/70',
  sent: 'bg-primary/40',
  queued: 'bg-muted-foreground/40',
  sending: 'bg-muted-foreground/40',
  held: 'bg-warning',
  failed: 'bg-destructive',
  undelivered: 'bg-destructive/70',
};

/** A send's progress: a bar by status and the counts that are not zero. */
export function BatchProgress({ batch }: { batch: Pick<MessageBatch, 'total' | 'counts'> }) {
  const { t } = useTranslation('whatsapp');
  const parts = SHOWN.filter((s) => batch.counts[s] > 0);
  const done = batch.total - batch.counts.queued - batch.counts.sending - batch.counts.held;
  return (
    <div className="flex flex-col gap-1">
      <div role="progressbar" aria-label={t('batches.progressLabel')} aria-valuemin={0} aria-valuemax={batch.total} aria-valuenow={done} className="flex h-2 w-full overflow-hidden rounded-full bg-muted">
        {parts.map((s) => (
          <span key={s} className={COLOR[s]} style={{ width: `${(100 * batch.counts[s]) / Math.max(1, batch.total)}%` }} />
        ))}
      </div>
      <span className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
        {parts.map((s) => (
          <span key={s}>
            {t(`recipientStatus.${s}`)}: {batch.counts[s]}
          </span>
        ))}
      </span>
    </div>
  );
}
