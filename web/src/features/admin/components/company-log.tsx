import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import { useOperatorLog } from '../api/admin-api';
import { adminFieldLabel } from '../form';

const ACTIONS = ['companies.create', 'companies.update', 'companies.suspend', 'companies.reactivate', 'companies.data', 'companies.compare', 'companies.copy'];

/**
 * The operators' log of this company this month (`GET /admin/log`, the month's newest 100 entries
 * of the whole service, kept here by company): who, when, what, and the fields changed.
 */
export function CompanyLog({ companyId }: { companyId: string }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const log = useOperatorLog(undefined);
  const entries = (log.data?.items ?? []).filter((e) => e.companyId === companyId);
  return (
    <Card role="group" aria-labelledby="admin-log-title">
      <CardHeader>
        <CardTitle id="admin-log-title" className="text-base">
          {t('log.title')}
        </CardTitle>
        <CardDescription>{t('log.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <div role="status" aria-label={t('loading')} className="h-16 animate-pulse rounded-md bg-muted" />
        ) : log.isError ? (
          <FetchFailed error={log.error} fallback={t('log.failed')} retryLabel={t('retry')} onRetry={() => void log.refetch()} />
        ) : entries.length ? (
          <ol className="flex flex-col divide-y divide-border text-sm" data-testid="company-log">
            {entries.map((e) => {
              const changed = Object.keys(e.after ?? {}).filter((k) => k !== 'sessionsEnded');
              return (
                <li key={e.id} className="flex flex-col gap-0.5 py-2">
                  <span className="flex flex-wrap gap-x-2">
                    <span className="font-medium">{ACTIONS.includes(e.action) ? t(`log.actions.${e.action.split('.')[1]}`) : e.action}</span>
                    <span className="text-muted-foreground">{t('log.by', { name: e.operator.name, at: format.dateTime(e.at) })}</span>
                  </span>
                  {e.action === 'companies.update' && changed.length > 0 && (
                    <span className="text-xs text-muted-foreground">{t('log.fields', { fields: changed.map((k) => adminFieldLabel(k) ?? k).join(', ') })}</span>
                  )}
                </li>
              );
            })}
          </ol>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {t('log.empty')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
