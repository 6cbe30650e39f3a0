import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useOfflineStatus } from '@/lib/offline/status';

/**
 * The offline indicator of the signed-in navbar (issue 45): "Sem conexão" while the browser is
 * offline, "N aguardando envio" while items wait in the queue; nothing otherwise. A link to the
 * /offline page. On a phone the queue shows as its count, its words read by screen readers.
 */
export function OfflineIndicator() {
  const { t } = useTranslation('layout');
  const status = useOfflineStatus();
  if (status.online && status.queue === 0) return null;
  const waiting = status.queue > 0 ? t('offline.waiting', { count: status.queue }) : null;
  return (
    <Link
      to="/offline"
      data-testid="offline-indicator"
      className={cn(
        'inline-flex h-9 min-w-0 shrink items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium',
        status.online ? 'border-primary/40 bg-primary/10 text-foreground' : 'border-warning/50 bg-warning/10 text-foreground',
      )}
    >
      {!status.online && (
        <>
          <IconWifiOff aria-hidden className="size-4 shrink-0 text-warning" />
          <span className="truncate">{t('offline.offline')}</span>
        </>
      )}
      {waiting && (
        <>
          <IconCloudUpload aria-hidden className={cn('size-4 shrink-0', status.online ? 'text-primary' : 'text-warning')} />
          <span className="sm:hidden" aria-hidden>
            {status.queue}
          </span>
          <span className="sr-only sm:not-sr-only sm:truncate">{waiting}</span>
        </>
      )}
    </Link>
  );
}
