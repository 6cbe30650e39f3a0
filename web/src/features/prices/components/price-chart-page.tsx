import { formatDecimal } from '@ev/shared/money';
import { chartShareText, type ChartCondition, type PriceChartRow, type PriceChartTable } from '@ev/shared/schemas/prices';
import type { Job } from '@ev/shared/schemas/jobs';
import { IconBrandWhatsapp, IconFileImport, IconFileSpreadsheet, IconFileTypePdf, IconFilterOff, IconLoader2, IconRefresh, IconSearch, IconShare, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAbility } from '@/lib/ability';
import { apiErrorText } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { localeOf } from '@/lib/i18n';
import { useSession } from '@/lib/use-session';
import { exportChart, ExportFailed, PAGE_SIZE, saveLink, searchRegistry, useChart, useTables, type ChartFilter, type ChartSource } from '../api/prices-api';

/** pt-BR "1.234,50" as the locale writes it ("1,234.50" in English); decimal.js throughout, never a float. */
function localized(text: string, locale: string): string {
  return locale.startsWith('pt') ? text : text.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.'));
}
const money = (value: string, decimals: number, locale: string) => `R$ ${localized(formatDecimal(value, decimals), locale)}`;
const rate = (value: string, locale: string) => localized(value.replace(/\.?0+$/, '').replace('.', ','), locale);
const br = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** Several registry records picked one at a time with the searchable select, shown as removable chips. */
function MultiPicker({ id, label, source, value, onChange }: { id: string; label: string; source: ChartSource; value: ComboboxOption[]; onChange(v: ComboboxOption[]): void }) {
  const { t } = useTranslation('prices');
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Combobox
        id={id}
        value={null}
        onChange={(_v, option) => option && !value.some((o) => o.value === option.value) && onChange([...value, option])}
        search={(term, signal) => searchRegistry(source, term, signal).then((items) => items.map((i) => ({ value: i.id, label: i.name })))}
        queryKey={['price-chart', source]}
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

/** "À vista" with "desconto de 5%" under it: a condition column's header. */
function ConditionHeader({ c }: { c: ChartCondition }) {
  const { t, i18n } = useTranslation('prices');
  const locale = localeOf(i18n.language);
  const parts = [
    c.discountRate && Number(c.discountRate) ? t('columns.discount', { rate: rate(c.discountRate, locale) }) : null,
    c.surchargeRate && Number(c.surchargeRate) ? t('columns.surcharge', { rate: rate(c.surchargeRate, locale) }) : null,
  ].filter(Boolean);
  return (
    <>
      {c.name}
      {parts.length > 0 && <span className="block text-xs font-normal">{parts.join(', ')}</span>}
    </>
  );
}

function windowText(t: (k: string, o?: Record<string, string>) => string, table: PriceChartTable): string | null {
  if (table.validFrom && table.validUntil) return t('window.both', { from: br(table.validFrom), until: br(table.validUntil) });
  if (table.validFrom) return t('window.from', { from: br(table.validFrom) });
  if (table.validUntil) return t('window.until', { until: br(table.validUntil) });
  return null;
}

type ExportKind = 'csv' | 'pdf' | 'share';

/** An export's progress: a bar with processed/total (indeterminate while the total is unknown), read by screen readers. */
function ExportProgress({ job, label }: { job: Job | null; label: string }) {
  const { t, i18n } = useTranslation('prices');
  const number = new Intl.NumberFormat(localeOf(i18n.language));
  const total = job?.total ?? null;
  const processed = job?.processed ?? 0;
  const percent = total ? Math.min(100, Math.round((processed / total) * 100)) : null;
  const text = !job || job.status === 'queued' ? t('export.preparing') : total ? t('export.progress', { processed: number.format(processed), total: number.format(total) }) : t('export.processed', { processed: number.format(processed) });
  return (
    <div className="flex flex-col gap-1">
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={total ?? 1} {...(percent === null ? {} : { 'aria-valuenow': processed })} aria-valuetext={text} className="h-2 w-full overflow-hidden rounded-full bg-muted">
        <div className={cn('h-full rounded-full bg-primary transition-[width] duration-300', percent === null && 'w-1/3 animate-pulse')} style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted-foreground tabular-nums">{text}</p>
    </div>
  );
}

/**
 * CSV and PDF through the export engine (a job with progress, then the download); the browser's
 * share sheet with the PDF file where it can share files; the spec's messages where it cannot.
 */
function ExportActions({ filter, whatsapp, disabled }: { filter: ChartFilter; whatsapp: { url: string; cut: boolean; shown: number } | null; disabled: boolean }) {
  const { t } = useTranslation('prices');
  const [kind, setKind] = useState<ExportKind | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const share = async (f: File) => {
    try {
      await navigator.share({ files: [f], title: t('title') });
      setFile(null);
    } catch (e) {
      // The user closed the sheet: nothing to say. A lost gesture (the file took long): a button asks again.
      if (e instanceof DOMException && e.name === 'NotAllowedError') setFile(f);
      else if (!(e instanceof DOMException && e.name === 'AbortError')) setError(t('export.shareFailed'));
    }
  };

  const run = async (k: ExportKind) => {
    setError(null);
    setFile(null);
    if (k === 'share' && typeof navigator.share !== 'function') {
      setError(t('export.shareNotSupported'));
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setKind(k);
    setJob(null);
    try {
      const link = await exportChart(k === 'csv' ? 'csv' : 'pdf', filter, setJob, controller.signal);
      if (k !== 'share') saveLink(link);
      else {
        const { url, fileName } = link;
        const res = await fetch(url);
        if (!res.ok) throw new Error(`download ${res.status}`);
        const blob = await res.blob();
        const pdf = new File([blob], fileName, { type: 'application/pdf' });
        if (typeof navigator.canShare !== 'function' || !navigator.canShare({ files: [pdf] })) setError(t('export.fileShareNotSupported'));
        else await share(pdf);
      }
    } catch (e) {
      if (controller.signal.aborted) return;
      setError(e instanceof ExportFailed ? (e.job.error ?? t('export.failed')) : apiErrorText(e, t('export.failed')));
    } finally {
      if (abort.current === controller) setKind(null);
    }
  };

  return (
    <div className="flex w-full flex-col gap-2 sm:w-auto sm:items-end">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('export.label')}>
        <Button variant="outline" size="sm" onClick={() => void run('csv')} disabled={disabled || kind !== null}>
          {kind === 'csv' ? <IconLoader2 aria-hidden className="animate-spin" /> : <IconFileSpreadsheet aria-hidden />}
          {t('export.csv')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => void run('pdf')} disabled={disabled || kind !== null}>
          {kind === 'pdf' ? <IconLoader2 aria-hidden className="animate-spin" /> : <IconFileTypePdf aria-hidden />}
          {t('export.pdf')}
        </Button>
        {whatsapp && !disabled ? (
          <Button variant="outline" size="sm" asChild>
            <a href={whatsapp.url} target="_blank" rel="noopener noreferrer" title={t('export.whatsappTitle')} data-testid="price-chart-whatsapp">
              <IconBrandWhatsapp aria-hidden />
              {t('export.whatsapp')}
            </a>
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled>
            <IconBrandWhatsapp aria-hidden />
            {t('export.whatsapp')}
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => void run('share')} disabled={disabled || kind !== null}>
          {kind === 'share' ? <IconLoader2 aria-hidden className="animate-spin" /> : <IconShare aria-hidden />}
          {t('export.share')}
        </Button>
      </div>
      {kind && (
        <div role="status" className="w-full sm:w-64" data-testid="price-chart-export-progress">
          <ExportProgress job={job} label={t('export.label')} />
        </div>
      )}
      {file && (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span>{t('export.shareReady')}</span>
          <Button size="sm" onClick={() => void share(file)}>
            <IconShare aria-hidden />
            {t('export.shareNow')}
          </Button>
        </div>
      )}
      {whatsapp?.cut && !disabled && <p className="max-w-sm text-xs text-muted-foreground sm:text-end">{t('export.whatsappCut', { shown: whatsapp.shown })}</p>}
      {error && (
        <p role="alert" className="max-w-sm text-xs text-destructive sm:text-end">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * `/price-charts` (vendas): the price chart. Filters: the price table (the default when none is
 * chosen), product groups and product companies (several of each), words; rows ref, name, maker,
 * package, unit, sale price, a column per payment condition flagged "show in price tables" (its
 * discount or surcharge applied), status; prices at the session branch's decimals. The table
 * scrolls sideways on phones. Exports: CSV, PDF, WhatsApp text, the share sheet.
 */
/** The prices import's dialog (the jobs feature's, composed by the route: features do not import each other). */
export type PriceImportDialog = (props: { open: boolean; onOpenChange(open: boolean): void; onDone(): void }) => ReactNode;

export function PriceChartPage({ importDialog }: { importDialog?: PriceImportDialog } = {}) {
  const { t, i18n } = useTranslation('prices');
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);
  const canImport = !!importDialog && ability.can('update', 'produtos');
  const locale = localeOf(i18n.language);
  const session = useSession().data;
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [tableId, setTableId] = useState<string | null>(null);
  const [groups, setGroups] = useState<ComboboxOption[]>([]);
  const [companies, setCompanies] = useState<ComboboxOption[]>([]);
  const [asked, setAsked] = useState<{ key: string; rows: number }>({ key: '', rows: PAGE_SIZE });
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const filter: ChartFilter = { q, groupIds: groups.map((g) => g.value), productCompanyIds: companies.map((c) => c.value), tableId };
  const filterKey = JSON.stringify(filter);
  const wanted = asked.key === filterKey ? asked.rows : PAGE_SIZE;
  const tables = useTables();
  const chart = useChart(filter);
  const first = chart.data?.pages[0];
  const rows = useMemo(() => chart.data?.pages.flatMap((p) => p.items) ?? [], [chart.data]);
  const conditions = useMemo(() => first?.conditions ?? [], [first]);
  const decimals = first?.decimals ?? session?.branch?.casasDecimais ?? 2;
  const table = first?.table ?? null;
  const filtered = groups.length > 0 || companies.length > 0 || tableId !== null || q !== '';

  // Short pages with a cursor (filters read a bounded slice): keep reading up to what was asked.
  useEffect(() => {
    if (chart.hasNextPage && !chart.isFetching && !chart.isError && rows.length < wanted) void chart.fetchNextPage();
  }, [chart.hasNextPage, chart.isFetching, chart.isError, rows.length, wanted, chart]);
  const loadMore = () => setAsked({ key: filterKey, rows: rows.length + PAGE_SIZE });
  const loadingMore = chart.isFetchingNextPage || (chart.hasNextPage && rows.length < wanted && !chart.isError);
  const clearFilters = () => {
    setGroups([]);
    setCompanies([]);
    setTableId(null);
    setTyped('');
    setQ('');
  };

  // The WhatsApp text from the rows loaded (a link's size holds fewer rows than a page): built as the page renders.
  const whatsapp = useMemo(() => {
    if (!table || rows.length === 0) return null;
    const today = new Date();
    const header = [
      session?.company?.apelido || session?.company?.nome || '',
      `${String(today.getDate()).padStart(2, '0')}/${String(today.getMonth() + 1).padStart(2, '0')}/${today.getFullYear()}`,
      groups.length ? `${t('filters.groups')}: ${groups.map((g) => g.label).join(', ')}` : '',
      companies.length ? `${t('filters.companies')}: ${companies.map((c) => c.label).join(', ')}` : '',
      q ? `${t('search')}: ${q}` : '',
    ].filter(Boolean);
    return chartShareText({ title: t('title'), table, header, conditions, rows, more: !!chart.hasNextPage, money: (v) => money(v, decimals, 'pt-BR') });
  }, [table, rows, conditions, decimals, groups, companies, q, chart.hasNextPage, session, t]);

  const price = (v: string | null) => (v === null ? <span className="text-muted-foreground">{t('noPrice')}</span> : money(v, decimals, locale));
  const windowLine = table ? windowText(t as never, table) : null;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <h1 className="text-lg font-semibold leading-tight">{t('title')}</h1>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:items-end">
          <ExportActions filter={filter} whatsapp={whatsapp} disabled={!table || chart.isPending} />
          {canImport && (
            <Button variant="ghost" size="sm" onClick={() => setImporting(true)}>
              <IconFileImport aria-hidden />
              {t('import')}
            </Button>
          )}
        </div>
        {canImport && importDialog({ open: importing, onOpenChange: setImporting, onDone: () => void queryClient.invalidateQueries({ queryKey: ['prices'] }) })}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="relative">
          <IconSearch aria-hidden className="pointer-events-none absolute start-3 top-3 size-4 text-muted-foreground" />
          <Input type="search" className="ps-9" aria-label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <div role="group" aria-label={t('filters.label')} className="grid gap-3 md:grid-cols-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="price-chart-table">{t('filters.table')}</Label>
            <select
              id="price-chart-table"
              className="h-10 w-full rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
              value={tableId ?? ''}
              onChange={(e) => setTableId(e.target.value || null)}
            >
              <option value="">{t('filters.defaultTable')}</option>
              {(tables.data ?? []).map((tb) => (
                <option key={tb.id} value={tb.id}>
                  {tb.isDefault ? t('filters.isDefault', { name: tb.name }) : tb.name}
                </option>
              ))}
            </select>
            {table && (
              <p className="text-xs text-muted-foreground" data-testid="price-chart-table-info">
                {table.isDefault ? t('filters.isDefault', { name: table.name }) : table.name}
                {windowLine ? ` · ${windowLine}` : ''}
                {!table.inWindow && <span className="ms-1 font-medium text-destructive">· {t('window.outside')}</span>}
              </p>
            )}
          </div>
          <MultiPicker id="price-chart-groups" label={t('filters.groups')} source="product-groups" value={groups} onChange={setGroups} />
          <MultiPicker id="price-chart-companies" label={t('filters.companies')} source="product-companies" value={companies} onChange={setCompanies} />
        </div>
        {filtered && (
          <Button variant="ghost" className="self-end" onClick={clearFilters}>
            <IconFilterOff aria-hidden />
            {t('filters.clear')}
          </Button>
        )}

        {first?.message && <Alert variant={table ? 'warning' : 'info'}>{first.message}</Alert>}

        {chart.isPending ? (
          <div role="status" aria-label={t('loading')} className="flex flex-col gap-2" data-testid="price-chart-skeleton">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="h-10 animate-pulse rounded-md bg-muted" />
            ))}
          </div>
        ) : chart.isError && !rows.length ? (
          <FetchFailed error={chart.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void chart.refetch()} />
        ) : !rows.length && !loadingMore ? (
          table && <Alert variant="info">{t('empty')}</Alert>
        ) : (
          // Every width: the table scrolls sideways (phones) with the reference column kept in view.
          <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0" tabIndex={0} aria-label={t('title')}>
            <table className="w-full min-w-[52rem] text-sm" data-testid="price-chart-table">
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="sticky start-0 bg-card px-3 py-2 text-start font-medium text-muted-foreground">
                    {t('columns.ref')}
                  </th>
                  {(['name', 'maker', 'package', 'unit'] as const).map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 text-start font-medium text-muted-foreground">
                      {t(`columns.${c}`)}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 text-end font-medium text-muted-foreground">
                    {t('columns.price')}
                  </th>
                  {conditions.map((c) => (
                    <th key={c.id} scope="col" className="px-3 py-2 text-end font-medium text-muted-foreground">
                      <ConditionHeader c={c} />
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 text-start font-medium text-muted-foreground">
                    {t('columns.status')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r: PriceChartRow) => (
                  <tr key={r.productId} className="border-b border-border last:border-0" data-testid="price-chart-row">
                    <td className="sticky start-0 whitespace-nowrap bg-card px-3 py-2 font-mono text-xs">{r.ref}</td>
                    <td className="min-w-48 px-3 py-2">{r.name}</td>
                    <td className="px-3 py-2">{r.maker}</td>
                    <td className="whitespace-nowrap px-3 py-2">{r.package}</td>
                    <td className="whitespace-nowrap px-3 py-2">{r.unit}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-end font-medium tabular-nums">{price(r.price)}</td>
                    {conditions.map((c, i) => (
                      <td key={c.id} className="whitespace-nowrap px-3 py-2 text-end tabular-nums">
                        {price(r.conditionPrices[i] ?? null)}
                      </td>
                    ))}
                    <td className={cn('whitespace-nowrap px-3 py-2', r.status === 'inactive' && 'text-muted-foreground')}>{t(`status.${r.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {rows.length > 0 && <p className="text-xs text-muted-foreground">{t('rows', { count: rows.length })}</p>}
        {(chart.hasNextPage || loadingMore) && !chart.isPending && (
          <Button variant="outline" className="self-center" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? t('loading') : t('loadMore')}
          </Button>
        )}
        {chart.isError && rows.length > 0 && (
          <Alert variant="error">
            <p>{t('fetchFailed')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void chart.fetchNextPage()}>
              <IconRefresh aria-hidden />
              {t('retry')}
            </Button>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
