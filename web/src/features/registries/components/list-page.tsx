import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { displayValue } from '@ev/shared/registries/format';
import { IconDownload, IconLoader2, IconPlus } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { JobFailedError, jobErrorText, JobProgress, useExport } from '@/components/jobs';
import { Alert } from '@/components/ui/alert';
import { DataList, ListEmpty, SearchBox, useListUrl, type ListColumn } from '@/components/list';
import { FetchFailed } from '@/components/fetch-failed';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useAbility } from '@/lib/ability';
import { useLocalRegistry } from '@/lib/registry-texts';
import { useFormat } from '@/lib/format';
import { apiErrorText } from '@/lib/api-error-text';
import { clean, useRegistryList, type ListFilter, type RegistryRecord } from '../api/registry-api';

const route = getRouteApi('/_app/$registry/');

const selectClass = 'h-10 rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring';

/** The list of any registry: search, sort, status filter, columns of the declaration, pages, CSV. */
export function RegistryListPage({ definition }: { definition: RegistryDefinition }) {
  const def = useLocalRegistry(definition);
  const { t } = useTranslation('registries');
  const ability = useAbility();
  const fmt = useFormat();
  const { search, set, typed, setTyped, q } = useListUrl(route);
  const sort = search.sort && def.sorts.some((s) => s.value === search.sort) ? search.sort : 'name';
  const status = search.status ?? '';
  const filter: ListFilter = { q, sort, status };
  // Dates in the user's date format, a yes/no in the user's language; every other value as the CSV writes it.
  const show = (field: string, row: RegistryRecord) => {
    const spec = def.fields[field];
    const value = row[field];
    if (spec?.type === 'switch' && typeof value === 'boolean') return t(value ? 'yes' : 'no');
    return spec?.type === 'date' ? fmt.date(value as string | null) : displayValue(spec, value);
  };
  const columns: ListColumn<RegistryRecord>[] = def.columns.map((c, i) => ({
    id: c.field,
    header: c.label,
    className: 'max-w-xs truncate',
    cell: (row) =>
      i === 0 ? (
        <Link to="/$registry/$id" params={{ registry: def.name, id: row.id }} className="font-medium text-primary hover:underline">
          {show(c.field, row) || '—'}
        </Link>
      ) : (
        show(c.field, row)
      ),
  }));
  const list = useRegistryList(def.name, filter);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filterSpec = def.filters[0];

  // The CSV of the whole filter: a job on the export engine (progress, then the download; docs/jobs.md).
  const csv = useExport(def.exportName);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <h1 className="text-lg font-semibold leading-tight">{def.title}</h1>
        <div className="flex flex-wrap gap-2">
          <div className="flex flex-col items-end gap-1">
            <Button variant="outline" onClick={() => csv.start('csv', clean(filter))} disabled={csv.running}>
              {csv.running ? <IconLoader2 aria-hidden className="animate-spin" /> : <IconDownload aria-hidden />}
              {t('exportCsv')}
            </Button>
            {csv.running && csv.job && (
              <div role="status" className="w-48">
                <JobProgress job={csv.job} label={t('exportCsv')} />
              </div>
            )}
            {csv.error && (
              <p role="alert" className="max-w-xs text-end text-xs text-destructive">
                {csv.error instanceof JobFailedError ? jobErrorText(csv.error) : apiErrorText(csv.error, t('exportFailed'))}
              </p>
            )}
          </div>
          {ability.can('create', def.subject) && (
            <Button asChild>
              <Link to="/$registry/$id" params={{ registry: def.name, id: 'new' }}>
                <IconPlus aria-hidden />
                {t('new')}
              </Link>
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="flex-1">
            <SearchBox label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={setTyped} />
          </div>
          <select className={selectClass} aria-label={t('sort')} value={sort} onChange={(e) => set({ sort: e.target.value === 'name' ? undefined : e.target.value })} disabled={q !== ''}>
            {def.sorts.map((s) => (
              <option key={s.value} value={s.value}>
                {t(`sorts.${s.value}`, { defaultValue: s.label })}
              </option>
            ))}
          </select>
          {filterSpec && (
            <select className={selectClass} aria-label={filterSpec.label} value={status} onChange={(e) => set({ status: e.target.value || undefined })}>
              <option value="">{t('allStatuses')}</option>
              {filterSpec.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </div>

        {list.isPending ? (
          <ListEmpty>{t('loading')}</ListEmpty>
        ) : list.isError && !rows.length ? (
          <FetchFailed error={list.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void list.refetch()} />
        ) : !rows.length ? (
          <ListEmpty>{q ? t('emptySearch') : t('empty')}</ListEmpty>
        ) : (
          <DataList label={def.title} rows={rows} columns={columns} rowKey={(row) => row.id} />
        )}
        {list.hasNextPage && (
          <Button variant="outline" className="self-center" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? t('loading') : t('loadMore')}
          </Button>
        )}
        {list.isError && rows.length > 0 && <Alert variant="error">{t('fetchFailed')}</Alert>}
      </CardContent>
    </Card>
  );
}
