import { Decimal } from '@ev/shared/money';
import { chartShareText, type ChartCondition, type PriceChartRow } from '@ev/shared/schemas/prices';
import { IconBrandWhatsapp, IconCheck, IconCopy, IconFileSpreadsheet, IconFileTypePdf, IconLoader2, IconShare } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportButton, JobFailedError, jobErrorText, jobFailureText, JobProgress, useExport, useShareExport } from '@/components/jobs';
import { ClearFiltersButton, DataList, urlSort, multiSelectTexts, RecordsFilter, PagedList, pagedListTexts, SearchBox, usePagedRows, useReferenceOptions, useListUrl, type ListColumn } from '@/components/list';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { useAbility } from '@/lib/ability';
import { apiErrorText, textOf } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { formatMoney, useFormat } from '@/lib/format';
import { useSession } from '@/lib/use-session';
import { validityText } from '../validity';
import { exportQuery, PAGE_SIZE, useChart, useTables, type ChartFilter } from '../api/prices-api';


/** A filter's options: the registry's records by name. */
const route = getRouteApi('/_app/price-charts');


/** "À vista" with "desconto de 5%" under it: a condition column's header. */
function ConditionHeader({ c }: { c: ChartCondition }) {
  const { t } = useTranslation('prices');
  const format = useFormat();
  const parts = [
    c.discountRate && !new Decimal(c.discountRate).isZero() ? t('columns.discount', { rate: format.decimal(c.discountRate) }) : null,
    c.surchargeRate && !new Decimal(c.surchargeRate).isZero() ? t('columns.surcharge', { rate: format.decimal(c.surchargeRate) }) : null,
  ].filter(Boolean);
  return (
    <>
      {c.name}
      {parts.length > 0 && <span className="block text-xs font-normal">{parts.join(', ')}</span>}
    </>
  );
}

type ExportKind = 'csv' | 'pdf';

/**
 * CSV and PDF through the export engine (a job with progress, then the download); the browser's
 * share sheet with the PDF file (`useShareExport`: the spec's messages and a download where the
 * browser cannot share it); the WhatsApp link and the text copy from the same text.
 */
function ExportActions({ filter, whatsapp, disabled }: { filter: ChartFilter; whatsapp: { url: string; cut: boolean; shown: number; copy: string } | null; disabled: boolean }) {
  const { t } = useTranslation(['prices', 'jobs']);
  const [kind, setKind] = useState<ExportKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const exporting = useExport('price-chart');
  const sharing = useShareExport('price-chart');
  const copy = async (text: string) => {
    setError(null);
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
      setError(t('export.copyFailed'));
    }
  };

  const run = async (k: ExportKind) => {
    setError(null);
    setKind(k);
    try {
      await exporting.startAsync(k, exportQuery(filter));
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      setError(e instanceof JobFailedError ? jobFailureText(e.job, t('export.failed')) : apiErrorText(e, t('export.failed')));
    } finally {
      setKind(null);
    }
  };
  const busy = kind !== null || sharing.busy;
  const progress = kind ? exporting.job : sharing.job;
  const shareError = sharing.error ? jobErrorText(sharing.error) : null;

  return (
    <div className="flex w-full flex-col gap-2 sm:w-auto sm:items-end">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('export.label')}>
        <Button variant="outline" size="sm" onClick={() => void run('csv')} disabled={disabled || busy}>
          {kind === 'csv' ? <IconLoader2 aria-hidden className="animate-spin" /> : <IconFileSpreadsheet aria-hidden />}
          {t('export.csv')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => void run('pdf')} disabled={disabled || busy}>
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
        <Button variant="outline" size="sm" onClick={() => void sharing.start(exportQuery(filter), { title: t('title') })} disabled={disabled || busy}>
          {sharing.busy ? <IconLoader2 aria-hidden className="animate-spin" /> : <IconShare aria-hidden />}
          {t('export.share')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => whatsapp && void copy(whatsapp.copy)} disabled={disabled || !whatsapp} data-testid="price-chart-copy">
          {copied ? <IconCheck aria-hidden /> : <IconCopy aria-hidden />}
          {t('export.copy')}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? t('export.copied') : ''}
      </p>
      {busy && (
        <div role="status" className="w-full sm:w-64" data-testid="price-chart-export-progress">
          {progress ? <JobProgress job={progress} label={t('export.label')} /> : <p className="text-xs text-muted-foreground">{t('export.preparing')}</p>}
        </div>
      )}
      {sharing.pending && (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span>{t('jobs:export.shareReady')}</span>
          <Button size="sm" onClick={() => void sharing.sharePending()}>
            <IconShare aria-hidden />
            {t('jobs:export.shareNow')}
          </Button>
        </div>
      )}
      {whatsapp?.cut && !disabled && <p className="max-w-sm text-xs text-muted-foreground sm:text-end">{t('export.whatsappCut', { shown: whatsapp.shown })}</p>}
      {(error ?? shareError) && (
        <p role="alert" className="max-w-sm text-xs text-destructive sm:text-end">
          {error ?? shareError}
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
export function PriceChartPage() {
  const { t } = useTranslation('prices');
  const ability = useAbility();
  const canImport = ability.can('update', 'produtos');
  const format = useFormat();
  const session = useSession().data;
  const { search, set, typed, setTyped, q } = useListUrl(route);
  const tableId = search.tableId ?? null;
  const groups = useReferenceOptions('product-groups', search.groupIds ?? []);
  const companies = useReferenceOptions('product-companies', search.productCompanyIds ?? []);
  const filter: ChartFilter = { q, groupIds: search.groupIds ?? [], productCompanyIds: search.productCompanyIds ?? [], tableId };
  const tables = useTables();
  const chart = useChart(filter);
  const paged = usePagedRows(chart, filter, PAGE_SIZE);
  const { rows } = paged;
  const first = chart.data?.pages[0];
  const conditions = useMemo(() => first?.conditions ?? [], [first]);
  const decimals = first?.decimals ?? session?.branch?.casasDecimais ?? 2;
  const table = first?.table ?? null;
  const filtered = groups.length > 0 || companies.length > 0 || tableId !== null || q !== '';
  const clearFilters = () => {
    setTyped('');
    set({ q: undefined, tableId: undefined, groupIds: undefined, productCompanyIds: undefined });
  };

  // The WhatsApp text from the rows loaded (a link's size holds fewer rows than a page): built as the page renders.
  const whatsapp = useMemo(() => {
    if (!table || rows.length === 0) return null;
    const header = [
      session?.company?.apelido || session?.company?.nome || '',
      format.today(),
      groups.length ? `${t('filters.groups')}: ${groups.map((g) => g.label).join(', ')}` : '',
      companies.length ? `${t('filters.companies')}: ${companies.map((c) => c.label).join(', ')}` : '',
      q ? `${t('search')}: ${q}` : '',
    ].filter(Boolean);
    const input = { title: t('title'), table, header, conditions, rows, more: !!chart.hasNextPage, money: (v: string) => formatMoney(v, { locale: 'pt-BR' }, decimals) };
    // The copy: the same text without the link's size cap (every row loaded).
    return { ...chartShareText(input), copy: chartShareText({ ...input, maxUrl: Number.POSITIVE_INFINITY }).text };
  }, [table, rows, conditions, decimals, groups, companies, q, chart.hasNextPage, session, t, format]);

  const price = (v: string | null) => (v === null ? <span className="text-muted-foreground">{t('noPrice')}</span> : format.money(v, decimals));
  const windowLine = table ? validityText(t as never, format, table) : null;
  const columns: ListColumn<PriceChartRow>[] = [
    { id: 'ref', header: t('columns.ref'), sortBy: (r) => r.ref, headerClassName: 'sticky start-0 bg-card', className: 'sticky start-0 whitespace-nowrap bg-card font-mono text-xs', cell: (r) => r.ref },
    { id: 'name', header: t('columns.name'), sortBy: (r) => r.name, className: 'min-w-48', cell: (r) => r.name },
    { id: 'maker', header: t('columns.maker'), sortBy: (r) => r.maker, cell: (r) => r.maker },
    { id: 'package', header: t('columns.package'), className: 'whitespace-nowrap', cell: (r) => r.package },
    { id: 'unit', header: t('columns.unit'), className: 'whitespace-nowrap', cell: (r) => r.unit },
    { id: 'price', header: t('columns.price'), align: 'end', className: 'whitespace-nowrap font-medium tabular-nums', cell: (r) => price(r.price) },
    ...conditions.map((c, i): ListColumn<PriceChartRow> => ({ id: `condition-${c.id}`, header: <ConditionHeader c={c} />, align: 'end', className: 'whitespace-nowrap tabular-nums', cell: (r) => price(r.conditionPrices[i] ?? null) })),
    { id: 'status', header: t('columns.status'), sortBy: (r) => t(`status.${r.status}`), cell: (r) => <span className={cn('whitespace-nowrap', r.status === 'inactive' && 'text-muted-foreground')}>{t(`status.${r.status}`)}</span> },
  ];

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <h1 className="text-lg font-semibold leading-tight">{t('title')}</h1>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:items-end">
          <ExportActions filter={filter} whatsapp={whatsapp} disabled={!table || chart.isPending} />
          {canImport && <ImportButton name="prices" label={t('import')} variant="ghost" size="sm" refresh={['prices']} />}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <SearchBox label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={setTyped} />
        <div role="group" aria-label={t('filters.label')} className="grid gap-3 md:grid-cols-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="price-chart-table">{t('filters.table')}</Label>
            <select
              id="price-chart-table"
              className="h-10 w-full rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
              value={tableId ?? ''}
              onChange={(e) => set({ tableId: e.target.value || undefined })}
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
          <RecordsFilter id="price-chart-groups" source="product-groups" label={t('filters.groups')} ids={search.groupIds} onChange={(ids) => set({ groupIds: ids })} texts={(n) => multiSelectTexts(t, t('filters.groups'), n)} />
          <RecordsFilter id="price-chart-companies" source="product-companies" label={t('filters.companies')} ids={search.productCompanyIds} onChange={(ids) => set({ productCompanyIds: ids })} texts={(n) => multiSelectTexts(t, t('filters.companies'), n)} />
        </div>
        {filtered && (
          <ClearFiltersButton label={t('filters.clear')} onClick={clearFilters} className="self-end" />
        )}

        {first?.message && <Alert variant={table ? 'warning' : 'info'}>{first.messageText ? textOf(first.messageText) : first.message}</Alert>}

        <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'price-chart-skeleton', bars: 6, height: 'h-10' }} empty={table && <Alert variant="info">{t('empty')}</Alert>}>
          {/* Every width: the table scrolls sideways (phones) with the reference column kept in view. */}
          <DataList
            label={t('title')}
            rows={rows}
            columns={columns}
            rowKey={(r) => r.productId}
            rowTestId="price-chart-row"
            tableClassName="min-w-[52rem]"
            tableTestId="price-chart-table"
            scroll={{ label: t('title'), className: '-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0' }}
            {...urlSort(search, set)}
          />
          {rows.length > 0 && <p className="text-xs text-muted-foreground">{t('rows', { count: rows.length })}</p>}
        </PagedList>
      </CardContent>
    </Card>
  );
}
