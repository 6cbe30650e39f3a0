import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useIdle } from '@/lib/use-idle';

class Unhealthy extends Error {}

/** GET /api/health, bounded to 10 s: no answer (or an error status) means the server is not reachable. */
async function checkHealth({ signal }: { signal: AbortSignal }): Promise<'healthy'> {
  const res = await fetch('/api/health', { signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]), cache: 'no-store', headers: { accept: 'application/json' } });
  const body = (await res.json().catch(() => null)) as { status?: string } | null;
  if (res.status === 503 || (res.ok && body?.status !== 'healthy')) throw new Unhealthy('unhealthy');
  if (!res.ok) throw new Error(`health ${res.status}`);
  return 'healthy';
}

export const HEALTH_INTERVAL_MS = 30_000;

/**
 * The server-health banner (spec section 8: servers not responding): the API's health check every
 * 30 s, and every 10 s while it fails, until it answers again. Also checked again when the browser
 * comes back online or the user asks.
 */
export function HealthBanner() {
  const { t } = useTranslation('layout');
  // First asked when the page is idle: the check is no part of drawing it.
  const idle = useIdle();
  const health = useQuery({
    queryKey: ['health'],
    enabled: idle,
    queryFn: checkHealth,
    retry: false,
    staleTime: 0,
    gcTime: Infinity,
    refetchInterval: (q) => (q.state.status === 'error' ? 10_000 : HEALTH_INTERVAL_MS),
    refetchIntervalInBackground: true,
    refetchOnReconnect: true,
    refetchOnWindowFocus: true,
  });
  // Without a connection the navbar's offline indicator says so ("Sem conexão"): the server is not at fault.
  if (!health.isError || (typeof navigator !== 'undefined' && navigator.onLine === false)) return null;
  const unhealthy = health.error instanceof Unhealthy;
  return (
    <div role="alert" data-testid="health-banner" className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b border-warning/40 bg-warning/10 px-4 py-2 text-sm no-print">
      <IconWifiOff aria-hidden className="size-4 shrink-0 text-warning" />
      <span>{t(unhealthy ? 'health.unhealthy' : 'health.unreachable')}</span>
      <Button variant="outline" size="sm" className="h-7" onClick={() => void health.refetch()} disabled={health.isFetching}>
        <IconRefresh aria-hidden className={health.isFetching ? 'animate-spin' : ''} />
        {t('health.retry')}
      </Button>
    </div>
  );
}
