import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '@/components/ui/button';
import { useOfflineStatus } from '@/lib/offline/status';

const HOUR = 60 * 60 * 1000;

function Prompt() {
  const { t } = useTranslation('layout');
  const { queue } = useOfflineStatus();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // An open tab looks for a new version every hour, besides on each load.
      if (registration) window.setInterval(() => void registration.update().catch(() => undefined), HOUR);
    },
    // Service workers blocked or unsupported: the app simply runs without one.
    onRegisterError() {},
  });
  if (!needRefresh) return null;
  return (
    <div role="alert" data-testid="pwa-update" className="no-print fixed inset-x-4 bottom-4 z-[90] mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-lg border border-border bg-card p-4 text-card-foreground shadow-xl">
      <IconRefresh aria-hidden className="size-5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{t('update.title')}</p>
        <p className="text-sm text-muted-foreground">{t('update.text')}</p>
        {/* The queue lives in IndexedDB: an update (a reload) keeps it, and the agent sends it after. */}
        {queue > 0 && (
          <p className="mt-1 text-sm" data-testid="pwa-update-queued">
            {t('update.queued', { count: queue })}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button variant="ghost" size="sm" onClick={() => setNeedRefresh(false)}>
          {t('update.later')}
        </Button>
        <Button size="sm" onClick={() => void updateServiceWorker(true)}>
          {t('update.action')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The update prompt of the installable app (spec section 2): when a new service worker is waiting,
 * 'Nova versão disponível' with 'Atualizar', which activates it and reloads. Production builds only.
 * While items wait to send (offline work), it says they are kept and will be sent after the update.
 */
export function PwaUpdatePrompt() {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  return <Prompt />;
}
