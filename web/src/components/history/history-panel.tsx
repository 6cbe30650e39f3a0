import type { FieldChange, HistoryEntry } from '@ev/shared/schemas/logs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { api } from '@/lib/api';
import { useFormat } from '@/lib/format';

const PAGE_SIZE = 20;

/** A value as the panel shows it: empty as a dash, yes/no in words, lists joined. */
function Value({ value }: { value: unknown }) {
  const { t } = useTranslation('common');
  if (value === null || value === undefined || value === '') return <span className="text-muted-foreground">—</span>;
  if (typeof value === 'boolean') return <>{value ? t('history.yes') : t('history.no')}</>;
  if (Array.isArray(value)) return value.length ? <>{value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}</> : <span className="text-muted-foreground">—</span>;
  if (typeof value === 'object') return <>{JSON.stringify(value)}</>;
  return <>{String(value)}</>;
}

function Changes({ changes, labels }: { changes: FieldChange[]; labels: Record<string, string> }) {
  const { t } = useTranslation('common');
  if (!changes.length) return null;
  return (
    <table className="mt-2 w-full table-fixed text-left text-xs">
      <caption className="sr-only">{t('history.changes')}</caption>
      <thead className="text-muted-foreground">
        <tr>
          <th scope="col" className="w-1/3 py-1 pr-2 font-medium">{t('history.field')}</th>
          <th scope="col" className="w-1/3 py-1 pr-2 font-medium">{t('history.before')}</th>
          <th scope="col" className="w-1/3 py-1 font-medium">{t('history.after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.field} className="border-t align-top">
            <th scope="row" className="break-words py-1 pr-2 font-normal">{labels[c.field] ?? c.field}</th>
            <td className="break-words py-1 pr-2"><Value value={c.before} /></td>
            <td className="break-words py-1"><Value value={c.after} /></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A record's "histórico" (issue 14 item 5): who changed it, when (in the user's time zone), and
 * each field before and after, newest first, from `GET <path>/history`. `labels` names the fields
 * (`settings.sales.checkStock` → "Validar estoque"); `events` names the events.
 */
export function HistoryPanel({ path, labels = {}, events = {}, queryKey }: { path: string; labels?: Record<string, string>; events?: Record<string, string>; queryKey: readonly unknown[] }) {
  const { t } = useTranslation('common');
  const format = useFormat();
  const list = useInfiniteQuery({
    queryKey: [...queryKey, 'history'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<{ items: HistoryEntry[]; nextCursor: string | null }>(`${path}/history`, { query: { cursor: pageParam ?? undefined, limit: PAGE_SIZE }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('history.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <p className="text-sm text-muted-foreground" role="status">{t('loading')}</p>
        ) : list.isError ? (
          <FetchFailed error={list.error} fallback={t('history.failed')} retryLabel={t('history.retry')} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('history.empty')}</p>
        ) : (
          <ol className="space-y-3" aria-label={t('history.title')}>
            {items.map((e) => (
              <li key={e.id} className="rounded-md border p-3 text-sm">
                <div className="flex flex-wrap gap-x-3 gap-y-1">
                  <time dateTime={e.at} className="font-medium">{format.dateTime(e.at)}</time>
                  <span>{events[e.event] ?? e.event}</span>
                  <span className="text-muted-foreground">{e.userName ?? (e.userId ? t('history.userGone') : t('history.system'))}</span>
                </div>
                <Changes changes={e.changes} labels={labels} />
              </li>
            ))}
          </ol>
        )}
        {list.hasNextPage && (
          <Button variant="outline" size="sm" className="mt-3" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('history.more')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
