import { Messages } from '@ev/shared/messages';
import type { PositionGrouping, PositionRow } from '@ev/shared/schemas/inventory';
import type { Job } from '@ev/shared/schemas/jobs';
import { IconFileSpreadsheet, IconFilterOff, IconLoader2, IconRefresh, IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiErrorText } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { localeOf } from '@/lib/i18n';
import { useSession } from '@/lib/use-session';
import { exportPosition, PAGE_SIZE, searchRegistry, usePosition, type FilterSource, type PositionFilter } from '../api/inventory-api';
import { isNegative, showPrice, showQuantity } from '../format';

const FIGURES = ['bought', 'physical', 'reserved', 'lent', 'available'] as const;

/** Several registry records picked one at a time with the searchable select, shown as removable chips. */
function MultiPicker({ id, label, source, value, onChange }: { id: string; label: string; source: FilterSource; value: ComboboxOption[]; onChange(v: ComboboxOption[]): void }) {
  const { t } = useTranslation('inventory');
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Combobox
        id={id}
        value={null}
        onChange={(_v, option) => option && !value.some((o) => o.value === option.value) && onChange([...value, option])}
        search={(term, signal) => searchRegistry(source, term, signal).then((items) => items.map((i) => ({ value: i.id, label: i.name })))}
        queryKey={[source]}
        texts={{ placeholder: value.length ? t('filters.addMore') : t('filters.all'), search: t('combobox.search'), empty: t('combobox.empty'), loading: t('combobox.loading'), failed: t('combobox.failed') }}
      />
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('filters.chosen', { label })}>
          {value.map((o) => (
            <li key={o.value} className="inline-flex items-center gap-1 rounded-full border border-border bg-muted px-2 py-0.5 text-xs">
              {o.label}
              <button type="button" className="rounded-full p-0.5 hover:bg-background" aria-label={t('filters.remove', { name: o.label })} onClick={() => onChange(value.filter((x) => x.value !== o.value))}>
                <IconX aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The choice between one row per product (summed) and one per product and result center. */
function GroupingToggle({ value, onChange }: { value: PositionGrouping; onChange(v: PositionGrouping): void }) {
  const { t } = useTranslation('inventory');
  return (
    <div role="radiogroup" aria-label={t('grouping.label')} className="inline-flex w-full rounded-md border border-border bg-card p-0.5 sm:w-auto">
      {(['product', 'branch'] as const).map((g) => (
        <button
          key={g}
          type="button"
          role="radio"
          aria-checked={value === g}
          onClick={() => onChange(g)}
          className={cn('min-h-9 flex-1 rounded px-3 py-1 text-sm font-medium transition-colors sm:flex-none', value === g ? 'bg-primary text-primary-foreground' : 'hover:bg-muted')}
        >
          {t(`grouping.${g}`)}
        </button>
      ))}
    </div>
  );
}

/** The CSV export: a job with progress, then the download. */
function ExportButton({ filter, disabled }: { filter: PositionFilter; disabled: boolean }) {
  const { t } = useTranslation('inventory');
  const [job, setJob] = useState<Job | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const start = async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setError(null);
    setJob(null);
    try {
      const link = await exportPosition(filter, setJob, controller.signal);
      const a = document.createElement('a');
      // The local file port serves files on the API's own origin: keep the page's origin (the
      // configured public URL may name another host or port); S3's signed URLs are used as they are.
      const url = new URL(link.url, window.location.origin);
      a.href = url.pathname.startsWith('/api/files/') ? `${url.pathname}${url.search}` : link.url;
      a.download = link.fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
    } catch (e) {
      if (!controller.signal.aborted) setError(e instanceof Error && !('status' in e) ? e.message : apiErrorText(e, t('export.failed')));
    } finally {
      if (abort.current === controller) setRunning(false);
    }
  };
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="outline" onClick={() => void start()} disabled={disabled || running}>
        {running ? <IconLoader2 aria-hidden className="animate-spin" /> : <IconFileSpreadsheet aria-hidden />}
        {t('export.csv')}
      </Button>
      {running && (
        <p role="status" className="text-xs text-muted-foreground" data-testid="inventory-export-progress">
          {job && job.total !== null ? t('export.progress', { processed: job.processed, total: job.total }) : t('export.started')}
        </p>
      )}
      {error && (
        <p role="alert" className="max-w-xs text-end text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * `/inventory` (estoques): the inventory position. Filters: result centers (the user's allowed
 * branches; none ticked means all of them), product groups and product companies; one row per
 * product, summed over the chosen result centers, or one per product and result center. A table
 * from `sm` up and cards below; "Carregar mais" by cursor; CSV through the export engine.
 */
export function InventoryPage() {
  const { t, i18n } = useTranslation('inventory');
  const locale = localeOf(i18n.language);
  const session = useSession().data;
  const branches = session?.branches ?? [];
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [branchIds, setBranchIds] = useState<string[]>([]);
  const [groups, setGroups] = useState<ComboboxOption[]>([]);
  const [companies, setCompanies] = useState<ComboboxOption[]>([]);
  const [grouping, setGrouping] = useState<PositionGrouping>('product');
  const [asked, setAsked] = useState<{ key: string; rows: number }>({ key: '', rows: PAGE_SIZE });
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const filter: PositionFilter = { q, branchIds, groupIds: groups.map((g) => g.value), productCompanyIds: companies.map((c) => c.value), grouping };
  const filterKey = JSON.stringify(filter);
  const wanted = asked.key === filterKey ? asked.rows : PAGE_SIZE;
  const list = usePosition(filter);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const message = list.data?.pages[0]?.message ?? null;
  const filtered = branchIds.length > 0 || groups.length > 0 || companies.length > 0;

  // Short pages with a cursor (filters read a bounded slice): keep reading up to what was asked.
  useEffect(() => {
    if (list.hasNextPage && !list.isFetching && !list.isError && rows.length < wanted) void list.fetchNextPage();
  }, [list.hasNextPage, list.isFetching, list.isError, rows.length, wanted, list]);
  const loadMore = () => setAsked({ key: filterKey, rows: rows.length + PAGE_SIZE });
  const loadingMore = list.isFetchingNextPage || (list.hasNextPage && rows.length < wanted && !list.isError);
  const toggleBranch = (id: string) => setBranchIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const clearFilters = () => {
    setBranchIds([]);
    setGroups([]);
    setCompanies([]);
  };
  const qty = (r: PositionRow, f: (typeof FIGURES)[number]) => showQuantity(r[f], r.decimals, locale);
  const noBranches = message === Messages.noBranches || (session && branches.length === 0);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <h1 className="text-lg font-semibold leading-tight">{t('title')}</h1>
        <ExportButton filter={filter} disabled={!!noBranches} />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {noBranches ? (
          <Alert variant="info">{t('messages.noBranches')}</Alert>
        ) : (
          <>
            <div className="relative">
              <IconSearch aria-hidden className="pointer-events-none absolute start-3 top-3 size-4 text-muted-foreground" />
              <Input type="search" className="ps-9" aria-label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={(e) => setTyped(e.target.value)} />
            </div>
            <div role="group" aria-label={t('filters.label')} className="grid gap-3 md:grid-cols-3">
              <fieldset className="flex flex-col gap-1.5">
                <legend className="mb-1.5 text-sm font-medium">{t('filters.branches')}</legend>
                <div className="flex flex-wrap gap-x-4 gap-y-1.5">
                  {branches.map((b) => (
                    <label key={b.id} className="inline-flex min-h-8 items-center gap-2 text-sm">
                      <input type="checkbox" className="size-4 accent-[var(--color-primary)]" checked={branchIds.includes(b.id)} onChange={() => toggleBranch(b.id)} />
                      {b.apelido || b.nome}
                    </label>
                  ))}
                </div>
                <p className="text-xs text-muted-foreground">{branchIds.length ? t('filters.branchesChosen', { count: branchIds.length }) : t('filters.branchesAll')}</p>
              </fieldset>
              <MultiPicker id="inventory-groups" label={t('filters.groups')} source="product-groups" value={groups} onChange={setGroups} />
              <MultiPicker id="inventory-companies" label={t('filters.companies')} source="product-companies" value={companies} onChange={setCompanies} />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <GroupingToggle value={grouping} onChange={setGrouping} />
              {filtered && (
                <Button variant="ghost" onClick={clearFilters}>
                  <IconFilterOff aria-hidden />
                  {t('filters.clear')}
                </Button>
              )}
            </div>

            {list.isPending ? (
              <div role="status" aria-label={t('loading')} className="flex flex-col gap-2" data-testid="inventory-skeleton">
                {Array.from({ length: 5 }, (_, i) => (
                  <div key={i} className="h-12 animate-pulse rounded-md bg-muted" />
                ))}
              </div>
            ) : list.isError && !rows.length ? (
              <FetchFailed error={list.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void list.refetch()} />
            ) : !rows.length && !loadingMore ? (
              <Alert variant="info">{message ? t('messages.noInventory') : t('empty')}</Alert>
            ) : (
              <>
                <div className="hidden overflow-x-auto sm:block">
                  <table className="w-full text-sm" aria-label={t('title')}>
                    <thead>
                      <tr className="border-b border-border">
                        <th scope="col" className="px-3 py-2 text-start font-medium text-muted-foreground">
                          {t('columns.ref')}
                        </th>
                        <th scope="col" className="px-3 py-2 text-start font-medium text-muted-foreground">
                          {t('columns.name')}
                        </th>
                        {grouping === 'branch' && (
                          <th scope="col" className="px-3 py-2 text-start font-medium text-muted-foreground">
                            {t('columns.branch')}
                          </th>
                        )}
                        {(['salePrice', ...FIGURES] as const).map((c) => (
                          <th key={c} scope="col" className="px-3 py-2 text-end font-medium text-muted-foreground">
                            {t(`columns.${c}`)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((r) => (
                        <tr key={`${r.productId}|${r.branchId ?? ''}`} className="border-b border-border last:border-0" data-testid="inventory-row">
                          <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{r.ref}</td>
                          <td className="max-w-xs px-3 py-2">{r.name}</td>
                          {grouping === 'branch' && <td className="whitespace-nowrap px-3 py-2">{r.branchName}</td>}
                          <td className="whitespace-nowrap px-3 py-2 text-end tabular-nums">{r.salePrice === null ? <span className="text-muted-foreground">{t('noPrice')}</span> : showPrice(r.salePrice, r.decimals, locale)}</td>
                          {FIGURES.map((f) => (
                            <td
                              key={f}
                              className={cn(
                                'whitespace-nowrap px-3 py-2 text-end tabular-nums',
                                f === 'available' && 'font-medium',
                                f === 'available' && isNegative(r.available) && 'text-destructive',
                              )}
                            >
                              {qty(r, f)}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <ul className="flex flex-col gap-2 sm:hidden" aria-label={t('title')}>
                  {rows.map((r) => (
                    <li key={`${r.productId}|${r.branchId ?? ''}`} className="rounded-md border border-border p-3 text-sm" data-testid="inventory-card">
                      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                        <span className="font-medium">{r.name}</span>
                        <span className="font-mono text-xs text-muted-foreground">{r.ref}</span>
                      </div>
                      <div className="flex flex-wrap justify-between gap-x-2 text-xs text-muted-foreground">
                        {r.branchName && <span>{r.branchName}</span>}
                        <span>
                          {t('columns.salePrice')}: {r.salePrice === null ? t('noPrice') : showPrice(r.salePrice, r.decimals, locale)}
                        </span>
                      </div>
                      <dl className="mt-2 grid grid-cols-3 gap-x-2 gap-y-1">
                        {FIGURES.map((f) => (
                          <div key={f} className="flex flex-col">
                            <dt className="text-xs text-muted-foreground">{t(`columns.${f}`)}</dt>
                            <dd className={cn('tabular-nums', f === 'available' && 'font-medium', f === 'available' && isNegative(r.available) && 'text-destructive')}>{qty(r, f)}</dd>
                          </div>
                        ))}
                      </dl>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {(list.hasNextPage || loadingMore) && !list.isPending && (
              <Button variant="outline" className="self-center" onClick={loadMore} disabled={loadingMore}>
                {loadingMore ? t('loading') : t('loadMore')}
              </Button>
            )}
            {list.isError && rows.length > 0 && (
              <Alert variant="error">
                <p>{t('fetchFailed')}</p>
                <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.fetchNextPage()}>
                  <IconRefresh aria-hidden />
                  {t('retry')}
                </Button>
              </Alert>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
