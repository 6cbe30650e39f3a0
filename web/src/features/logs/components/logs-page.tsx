import { LOG_LEVELS, LogTexts, type LogEntry } from '@ev/shared/schemas/logs';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CsvExportButton } from '@/components/jobs';
import { ClearFiltersButton, ListEmpty, ListHeader, PagedList, pagedListTexts, PeriodDate, SearchBox, SelectFilter, urlSelect, usePagedRows, useListUrl } from '@/components/list';
import { Alert } from '@/components/ui/alert';
import { CardContent, Card } from '@/components/ui/card';
import { textOf } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { PAGE_SIZE, queryOf, useLogList, type LogFilter } from '../api/logs-api';

const route = getRouteApi('/_app/logs');

const LEVEL_CLASS: Record<LogEntry['level'], string> = {
  audit: 'bg-muted text-foreground',
  warn: 'bg-warning text-white',
  error: 'bg-destructive text-white',
};

/** One entry: when, its level, what happened and who; its details open on demand. */
function LogRow({ entry }: { entry: LogEntry }) {
  const { t } = useTranslation('logs');
  const format = useFormat();
  const details = Object.keys(entry.metadata).length > 0 || !!entry.sessionId;
  return (
    <li className="flex flex-col gap-1 border-t border-border py-3 first:border-t-0" data-testid="log-entry">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <time dateTime={`${entry.at.replace(' ', 'T')}Z`} className="tabular-nums text-muted-foreground">
          {format.dateTime(entry.at)}
        </time>
        <span className={cn('rounded px-2 py-0.5 text-xs font-medium', LEVEL_CLASS[entry.level])}>{t(`level.${entry.level}`)}</span>
        <span className="break-all font-mono text-sm">{entry.message}</span>
        <span className="text-muted-foreground">{entry.userName ?? (entry.userId ? t('userGone') : t('system'))}</span>
      </div>
      {details && (
        <details className="text-xs">
          <summary className="cursor-pointer text-muted-foreground">{t('details')}</summary>
          {entry.sessionId && <p className="mt-1 text-muted-foreground">{t('session', { id: entry.sessionId })}</p>}
          {Object.keys(entry.metadata).length > 0 && <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded bg-muted p-2">{JSON.stringify(entry.metadata, null, 2)}</pre>}
        </details>
      )}
    </li>
  );
}

/**
 * `/logs` (read logs; docs/decisions.md "Logs"): the company's audit entries, warnings and errors,
 * newest first, in a period of the user's calendar (the last 7 days unless chosen), by level and
 * words; "Carregar mais" by cursor; the CSV of the same filters through the export engine.
 */
export function LogsPage() {
  const { t } = useTranslation('logs');
  const { search, set, typed, setTyped, q } = useListUrl(route);
  // A period ending before it begins is not asked for: the schema's text says why.
  const badPeriod = !!(search.from && search.until && search.from > search.until);
  const filter: LogFilter = { q, level: search.level ?? '', from: search.from, until: badPeriod ? undefined : search.until };
  const paged = usePagedRows(useLogList(filter), filter, PAGE_SIZE);
  const filtered = !!(search.level || search.from || search.until);

  return (
    <Card>
      <ListHeader title={t('title')}>
        <CsvExportButton name="logs" query={queryOf(filter)} disabled={badPeriod} texts={{ label: t('export.csv'), started: t('export.started'), failed: t('export.failed') }} testId="logs-export-progress" />
      </ListHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-muted-foreground">{t('description')}</p>
        <SearchBox label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={setTyped} />
        <div role="group" aria-label={t('filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <SelectFilter id="logs-level" label={t('filters.level')} {...urlSelect(search, set, 'level')} all={t('filters.all')} options={LOG_LEVELS.map((l) => ({ value: l, label: t(`level.${l}`) }))} />
          <PeriodDate id="logs-from" label={t('filters.from')} value={search.from} onChange={(from) => set({ from })} />
          <PeriodDate id="logs-until" label={t('filters.until')} value={search.until} onChange={(until) => set({ until })} />
          {filtered && <ClearFiltersButton label={t('filters.clear')} onClick={() => set({ level: undefined, from: undefined, until: undefined })} className="self-end" />}
        </div>
        {badPeriod && <Alert variant="warning">{textOf(LogTexts.period())}</Alert>}
        <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'logs-skeleton' }} empty={<ListEmpty>{q || filtered ? t('emptyFilter') : t('empty')}</ListEmpty>}>
          <ol aria-label={t('title')} className="flex flex-col">
            {paged.rows.map((e) => (
              <LogRow key={e.id} entry={e} />
            ))}
          </ol>
        </PagedList>
      </CardContent>
    </Card>
  );
}
