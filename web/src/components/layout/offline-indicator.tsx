import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useOfflineStatus } from '@/lib/offline/status';

/**
 * The offline indicator of the signed-in navbar (issue 45): "Sem conexão" while the browser is
 * offline, "N aguardando envio" while items wait in the queue; nothing otherwise. A link to the
 * /offline page. On a phone the queue shows as its count (its words read by screen readers), and
 * "Sem conexão" without its icon, so both fit the navbar at 375 px.
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
        'inline-flex h-9 min-w-0 shrink items-center gap-1 whitespace-nowrap rounded-full border px-2 text-xs font-medium sm:gap-1.5 sm:px-2.5',
        status.online ? 'border-primary/40 bg-primary/10 text-foreground' : 'border-warning/50 bg-warning/10 text-foreground',
      )}
    >
      {!status.online && (
        <>
          {/* On a phone the words alone (the navbar's room is short): the icon from sm up. */}
          <IconWifiOff aria-hidden className="hidden size-4 shrink-0 text-warning sm:block" />
          <span>{t('offline.offline')}</span>
        </>
      )}
      {waiting && (
        <>
          <IconCloudUpload aria-hidden className={cn('size-4 shrink-0', status.online ? 'text-primary' : 'text-warning')} />
          <span className="sm:hidden" aria-hidden>
            {status.queue}
          </span>
          <span className="sr-only sm:not-sr-only">{waiting}</span>
        </>
      )}
    </Link>
  );
}
