import type { ServerCard } from '@ev/shared/schemas/admin';
import { IconServer } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { useServers } from '../api/admin-api';
import { formatUptime } from '../uptime';

/** A part's state: "OK", or "Não responde" (the spec's "servers not responding"), visibly. */
function State({ ok, children }: { ok: boolean; children?: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <span className={cn('inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium text-foreground', ok ? 'bg-primary/15' : 'bg-destructive/15')}>
      <span aria-hidden className={cn('size-2 rounded-full', ok ? 'bg-primary' : 'bg-destructive')} />
      {ok ? (children ?? t('servers.ok')) : t('servers.notResponding')}
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mb-1.5 min-w-0 break-words sm:mb-0">{children}</dd>
    </>
  );
}

const count = (n: number | null) => (n === null ? '—' : String(n));

function OneServer({ server }: { server: ServerCard }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const titleId = `server-${server.stage}-${server.name}`.replace(/[^\w-]/g, '-');
  return (
    <Card role="group" aria-labelledby={titleId} data-testid="server-card">
      <CardHeader>
        <CardTitle id={titleId} className="flex flex-wrap items-center gap-2">
          <IconServer aria-hidden className="size-5 text-primary" />
          <span className="break-all">{server.name}</span>
        </CardTitle>
        <CardDescription>{t('servers.checkedAt', { at: format.dateTime(server.checkedAt) })}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6 lg:grid-cols-2">
        <dl className="grid min-w-0 gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-1.5">
          <Row label={t('servers.stage')}>{server.stage}</Row>
          <Row label={t('servers.version')}>{server.version}</Row>
          <Row label={t('servers.region')}>{server.region}</Row>
          <Row label={t('servers.os')}>{server.os}</Row>
          <Row label={t('servers.architecture')}>{server.architecture}</Row>
          <Row label={t('servers.ip')}>{server.ip ?? t('servers.none')}</Row>
          <Row label={t('servers.uptime.label')}>{formatUptime(server.uptimeSeconds, t)}</Row>
          <Row label={t('servers.memory')}>{t('servers.memoryValue', { total: server.memory.totalMb, free: server.memory.freeMb, process: server.memory.processMb })}</Row>
          <Row label={t('servers.cpu')}>
            {t('servers.cpuValue', { model: server.cpu.model, cores: server.cpu.cores })}
            {server.cpu.load.length > 0 && <span className="block text-xs text-muted-foreground">{t('servers.load', { load: server.cpu.load.join(' / ') })}</span>}
          </Row>
          <Row label={t('servers.lastDeploy')}>{server.lastDeploy ? t('servers.deployed', { version: server.lastDeploy.version, at: format.dateTime(server.lastDeploy.at) }) : t('servers.noDeploy')}</Row>
        </dl>
        <div className="flex min-w-0 flex-col gap-4">
          <dl className="grid gap-x-4 gap-y-0.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center sm:gap-y-1.5">
            <Row label={t('servers.api')}>
              <State ok={server.api === 'ok'} />
            </Row>
            <Row label={t('servers.table')}>
              <span className="flex flex-wrap items-center gap-2">
                <State ok={server.table.state === 'ok'}>{server.table.status ?? t('servers.ok')}</State>
                <span className="break-all text-xs text-muted-foreground">{server.table.name}</span>
              </span>
            </Row>
            <Row label={t('servers.pitr')}>{t(`servers.pitrStates.${server.table.pointInTimeRecovery}`)}</Row>
          </dl>
          <div>
            {/* Narrow enough for a phone: the headers wrap, the table never scrolls sideways. */}
            <table className="w-full text-xs sm:text-sm">
              <caption className="pb-1 text-start font-medium">{t('servers.queues')}</caption>
              <thead>
                <tr className="border-b border-border text-muted-foreground">
                  <th scope="col" className="py-1 pe-2 text-start font-medium">{t('servers.family')}</th>
                  <th scope="col" className="px-1 py-1 text-end font-medium sm:px-2">{t('servers.waiting')}</th>
                  <th scope="col" className="px-1 py-1 text-end font-medium sm:px-2">{t('servers.inFlight')}</th>
                  <th scope="col" className="ps-1 py-1 text-end font-medium sm:ps-2">{t('servers.deadLetters')}</th>
                </tr>
              </thead>
              <tbody>
                {server.queues.map((q) => (
                  <tr key={q.family} className="border-b border-border last:border-0" data-testid="queue-row">
                    <th scope="row" className="py-1 pe-2 text-start font-normal">{q.family}</th>
                    {q.state === 'ok' ? (
                      <>
                        <td className="px-1 py-1 text-end tabular-nums sm:px-2">{count(q.waiting)}</td>
                        <td className="px-1 py-1 text-end tabular-nums sm:px-2">{count(q.inFlight)}</td>
                        <td className={cn('ps-1 py-1 text-end tabular-nums sm:ps-2', (q.deadLetters ?? 0) > 0 && 'font-semibold text-destructive')}>{count(q.deadLetters)}</td>
                      </>
                    ) : (
                      <td colSpan={3} className="py-1 text-end">
                        <State ok={false} />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
            {!server.queues.length && <p className="text-sm text-muted-foreground">{t('servers.noQueues')}</p>}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/** The server data cards (spec section 2 "Admin"; docs/admin.md "Servers"), read again each minute. */
export function ServersSection() {
  const { t } = useTranslation('admin');
  const servers = useServers();
  return (
    <section aria-labelledby="servers-title" className="flex flex-col gap-3">
      <h2 id="servers-title" className="text-lg font-semibold">
        {t('servers.title')}
      </h2>
      {servers.isPending ? (
        <div role="status" aria-label={t('servers.loading')} className="h-48 animate-pulse rounded-lg bg-muted" data-testid="servers-skeleton" />
      ) : servers.isError ? (
        <FetchFailed error={servers.error} fallback={t('servers.failed')} retryLabel={t('retry')} onRetry={() => void servers.refetch()} />
      ) : servers.data.length ? (
        servers.data.map((s) => <OneServer key={`${s.stage}-${s.name}`} server={s} />)
      ) : (
        <p role="status" className="text-sm text-muted-foreground">{t('servers.empty')}</p>
      )}
    </section>
  );
}
