import { Decimal } from '@ev/shared/money';
import type { PositionGrouping, PositionRow } from '@ev/shared/schemas/inventory';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CsvExportButton, ImportButton } from '@/components/jobs';
import { ClearFiltersButton, DataList, urlSort, multiSelectTexts, RecordsFilter, PagedList, pagedListTexts, SearchBox, usePagedRows, useListUrl, type ListColumn } from '@/components/list';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useAbility } from '@/lib/ability';
import { apiText, textOf } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/use-session';
import { exportQuery, inventoryKeys, PAGE_SIZE, usePosition, type PositionFilter } from '../api/inventory-api';

const route = getRouteApi('/_app/inventory');

const isNegative = (value: string) => new Decimal(value).isNegative();

const FIGURES = ['bought', 'physical', 'reserved', 'lent', 'available'] as const;


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

/**
 * `/inventory` (estoques): the inventory position. Filters: result centers (the user's allowed
 * branches; none ticked means all of them), product groups and product companies; one row per
 * product, summed over the chosen result centers, or one per product and result center. A table
 * from `sm` up and cards below; "Carregar mais" by cursor; CSV through the export engine.
 */
export function InventoryPage() {
  const { t } = useTranslation('inventory');
  const format = useFormat();
  const session = useSession().data;
  const ability = useAbility();
  // Stock lines post adjustments to reach the stated balance: who may post movements may import.
  const canImport = ability.can('update', 'estoques');
  const branches = session?.branches ?? [];
  const { search, set, typed, setTyped, q } = useListUrl(route);
  const branchIds = search.branchIds ?? [];
  const grouping: PositionGrouping = search.grouping ?? 'product';
  const filter: PositionFilter = { q, branchIds, groupIds: search.groupIds ?? [], productCompanyIds: search.productCompanyIds ?? [], grouping };
  const list = usePosition(filter);
  const paged = usePagedRows(list, filter, PAGE_SIZE);
  const notice = list.data?.pages[0]?.messageText ?? null;
  const filtered = branchIds.length > 0 || !!search.groupIds || !!search.productCompanyIds;
  const ids = (values: string[]) => (values.length ? values : undefined);
  const toggleBranch = (id: string) => set({ branchIds: ids(branchIds.includes(id) ? branchIds.filter((x) => x !== id) : [...branchIds, id]) });
  const clearFilters = () => set({ branchIds: undefined, groupIds: undefined, productCompanyIds: undefined });
  const qty = (r: PositionRow, f: (typeof FIGURES)[number]) => format.quantity(r[f], r.decimals);
  const noBranches = notice?.key === 'api.noBranches' || (session && branches.length === 0);
  const figureClass = (r: PositionRow, f: (typeof FIGURES)[number]) => cn('tabular-nums', f === 'available' && 'font-medium', f === 'available' && isNegative(r.available) && 'text-destructive');
  const columns: ListColumn<PositionRow>[] = [
    { id: 'ref', header: t('columns.ref'), sortBy: (r) => r.ref, className: 'whitespace-nowrap font-mono text-xs', cell: (r) => r.ref },
    { id: 'name', header: t('columns.name'), sortBy: (r) => r.name, className: 'max-w-xs', cell: (r) => r.name },
    ...(grouping === 'branch' ? [{ id: 'branch', header: t('columns.branch'), sortBy: (r: PositionRow) => r.branchName, className: 'whitespace-nowrap', cell: (r: PositionRow) => r.branchName }] : []),
    {
      id: 'salePrice',
      header: t('columns.salePrice'),
      align: 'end',
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => (r.salePrice === null ? <span className="text-muted-foreground">{t('noPrice')}</span> : format.money(r.salePrice, r.decimals)),
    },
    ...FIGURES.map((f): ListColumn<PositionRow> => ({ id: f, header: t(`columns.${f}`), align: 'end', className: 'whitespace-nowrap tabular-nums', cell: (r) => <span className={figureClass(r, f)}>{qty(r, f)}</span> })),
  ];

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <h1 className="text-lg font-semibold leading-tight">{t('title')}</h1>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:items-end">
          <CsvExportButton name="inventory" query={exportQuery(filter)} disabled={!!noBranches} texts={{ label: t('export.csv'), started: t('export.started'), failed: t('export.failed') }} testId="inventory-export-progress" />
          {canImport && <ImportButton name="stock" label={t('import')} variant="ghost" size="sm" refresh={inventoryKeys.all} />}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {noBranches ? (
          <Alert variant="info">{apiText('noBranches')}</Alert>
        ) : (
          <>
            <SearchBox label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={setTyped} />
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
              <RecordsFilter id="inventory-groups" source="product-groups" label={t('filters.groups')} ids={search.groupIds} onChange={(ids) => set({ groupIds: ids })} texts={(n) => multiSelectTexts(t, t('filters.groups'), n)} />
              <RecordsFilter id="inventory-companies" source="product-companies" label={t('filters.companies')} ids={search.productCompanyIds} onChange={(ids) => set({ productCompanyIds: ids })} texts={(n) => multiSelectTexts(t, t('filters.companies'), n)} />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <GroupingToggle value={grouping} onChange={(g) => set({ grouping: g === 'product' ? undefined : g })} />
              {filtered && <ClearFiltersButton label={t('filters.clear')} onClick={clearFilters} />}
            </div>

            <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'inventory-skeleton' }} empty={<Alert variant="info">{notice ? textOf(notice) : t('empty')}</Alert>}>
              <DataList
                label={t('title')}
                tableLabel={t('title')}
                rows={paged.rows}
                columns={columns}
                rowKey={(r) => `${r.productId}|${r.branchId ?? ''}`}
                rowTestId="inventory-row"
                {...urlSort(search, set)}
                cardItem={{ className: 'rounded-md border border-border p-3 text-sm', testId: 'inventory-card' }}
                card={(r) => (
                  <>
                    <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                      <span className="font-medium">{r.name}</span>
                      <span className="font-mono text-xs text-muted-foreground">{r.ref}</span>
                    </div>
                    <div className="flex flex-wrap justify-between gap-x-2 text-xs text-muted-foreground">
                      {r.branchName && <span>{r.branchName}</span>}
                      <span>
                        {t('columns.salePrice')}: {r.salePrice === null ? t('noPrice') : format.money(r.salePrice, r.decimals)}
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
                  </>
                )}
              />
            </PagedList>
          </>
        )}
      </CardContent>
    </Card>
  );
}
