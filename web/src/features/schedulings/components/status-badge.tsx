import type { SchedulingStatus } from '@ev/shared/schemas/schedulings';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const TONE: Record<SchedulingStatus, string> = {
  pending: 'bg-warning/20 text-foreground',
  active: 'bg-primary/15 text-foreground',
  completed: 'bg-primary/25 text-foreground',
  cancelled: 'border border-destructive/60 bg-destructive/10 text-foreground',
};

/** A scheduling's status (spec section 4) with its Portuguese (or English) label. */
export function SchedulingStatusBadge({ status }: { status: SchedulingStatus }) {
  const { t } = useTranslation('schedulings');
  return (
    <span data-testid="scheduling-status" className={cn('inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', TONE[status])}>
      {t(`status.${status}`)}
    </span>
  );
}

/** "Check-in distante": the start was farther from the client's main address than the company's tolerance. */
export function FlaggedBadge({ title }: { title?: string }) {
  const { t } = useTranslation('schedulings');
  return (
    <span data-testid="scheduling-flagged" title={title} className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-warning bg-warning/15 px-2 py-0.5 text-xs font-medium text-foreground">
      <IconAlertTriangle aria-hidden className="size-3.5" />
      {t('flagged')}
    </span>
  );
}

/** "Aguardando envio": its start or close was made on this device and waits for a connection. */
export function WaitingBadge() {
  const { t } = useTranslation('schedulings');
  return (
    <span data-testid="scheduling-waiting" className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-border bg-muted px-2 py-0.5 text-xs font-medium text-foreground">
      <IconCloudUpload aria-hidden className="size-3.5" />
      {t('device.waiting')}
    </span>
  );
}
