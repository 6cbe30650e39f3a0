import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { displayValue } from '@ev/shared/registries/format';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { FetchFailed } from '@/components/fetch-failed';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useLocalRegistry } from '@/lib/registry-texts';
import { useAbility } from '@/lib/ability';
import { notify } from '@/lib/notices';
import { downloadCsv, useRegistryList, type ListFilter } from '../api/registry-api';

const selectClass = 'h-10 rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring';

/** The list of any registry: search, sort, status filter, columns of the declaration, pages, CSV. */
export function RegistryListPage({ definition }: { definition: RegistryDefinition }) {
  const def = useLocalRegistry(definition);
  const { t } = useTranslation('registries');
  const ability = useAbility();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState('name');
  const [status, setStatus] = useState('');
  const [exporting, setExporting] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const filter: ListFilter = { q, sort, status };
  const list = useRegistryList(def.name, filter);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filterSpec = def.filters[0];
  // A yes/no in the user's language; other values as the shared formatter reads them.
  const cell = (row: Record<string, unknown>, field: string) => {
    const spec = def.fields[field];
    const value = row[field];
    return spec?.type === 'switch' && typeof value === 'boolean' ? t(value ? 'yes' : 'no') : displayValue(spec, value);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(def.name, filter, format(new Date(), 'yyyy-MM-dd'));
    } catch {
      notify({ kind: 'error', text: t('exportFailed') });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <h1 className="text-lg font-semibold leading-tight">{def.title}</h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
            <IconDownload aria-hidden />
            {t('exportCsv')}
          </Button>
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
          <div className="relative flex-1">
            <IconSearch aria-hidden className="pointer-events-none absolute start-3 top-3 size-4 text-muted-foreground" />
            <Input type="search" className="ps-9" aria-label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={(e) => setTyped(e.target.value)} />
          </div>
          <select className={selectClass} aria-label={t('sort')} value={sort} onChange={(e) => setSort(e.target.value)} disabled={q !== ''}>
            {def.sorts.map((s) => (
              <option key={s.value} value={s.value}>
                {t(`sorts.${s.value}`, { defaultValue: s.label })}
              </option>
            ))}
          </select>
          {filterSpec && (
            <select className={selectClass} aria-label={filterSpec.label} value={status} onChange={(e) => setStatus(e.target.value)}>
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
          <p role="status" className="py-8 text-center text-sm text-muted-foreground">
            {t('loading')}
          </p>
        ) : list.isError && !rows.length ? (
          <FetchFailed error={list.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void list.refetch()} />
        ) : !rows.length ? (
          <p role="status" className="py-8 text-center text-sm text-muted-foreground">
            {q ? t('emptySearch') : t('empty')}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-border text-start">
                  {def.columns.map((c) => (
                    <th key={c.field} scope="col" className="px-3 py-2 text-start font-medium text-muted-foreground">
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-b border-border last:border-0 hover:bg-muted/50">
                    {def.columns.map((c, i) => (
                      <td key={c.field} className="max-w-xs truncate px-3 py-2">
                        {i === 0 ? (
                          <Link to="/$registry/$id" params={{ registry: def.name, id: row.id }} className="font-medium text-primary hover:underline">
                            {cell(row, c.field) || '—'}
                          </Link>
                        ) : (
                          cell(row, c.field)
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
