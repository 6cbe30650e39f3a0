import { Decimal } from '@ev/shared/money';
import { Messages } from '@ev/shared/messages';
import type { PositionGrouping, PositionRow } from '@ev/shared/schemas/inventory';
import { IconFileImport, IconFileSpreadsheet, IconLoader2 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportDialog, JobFailedError, jobErrorText, JobProgress, useExport } from '@/components/jobs';
import { ClearFiltersButton, MobileCards, MultiSelectFilter, multiSelectTexts, PagedListBody, PagedListFooter, pagedListTexts, SearchBox, usePagedRows, useSearchText } from '@/components/list';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { ComboboxOption } from '@/components/ui/combobox';
import { useAbility } from '@/lib/ability';
import { apiErrorText } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/use-session';
import { exportQuery, inventoryKeys, PAGE_SIZE, searchRegistry, usePosition, type FilterSource, type PositionFilter } from '../api/inventory-api';

const isNegative = (value: string) => new Decimal(value).isNegative();

const FIGURES = ['bought', 'physical', 'reserved', 'lent', 'available'] as const;

/** A filter's options: the registry's records by name. */
const optionsOf = (source: FilterSource) => (term: string, signal: AbortSignal) => searchRegistry(source, term, signal).then((items) => items.map((i) => ({ value: i.id, label: i.name })));

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

/** The CSV export: a job with progress, then the download (the jobs pieces: docs/jobs.md). */
function ExportButton({ filter, disabled }: { filter: PositionFilter; disabled: boolean }) {
  const { t } = useTranslation('inventory');
  const { start, job, running, error } = useExport('inventory');
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="outline" onClick={() => start('csv', exportQuery(filter))} disabled={disabled || running}>
        {running ? <IconLoader2 aria-hidden className="animate-spin" /> : <IconFileSpreadsheet aria-hidden />}
        {t('export.csv')}
      </Button>
      {running && (
        <div role="status" className="w-48" data-testid="inventory-export-progress">
          {job ? <JobProgress job={job} label={t('export.csv')} /> : <p className="text-xs text-muted-foreground">{t('export.started')}</p>}
        </div>
      )}
      {error && (
        <p role="alert" className="max-w-xs text-end text-xs text-destructive">
          {error instanceof JobFailedError ? jobErrorText(error) : apiErrorText(error, t('export.failed'))}
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
  const { t } = useTranslation('inventory');
  const format = useFormat();
  const session = useSession().data;
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);
  // Stock lines post adjustments to reach the stated balance: who may post movements may import.
  const canImport = ability.can('update', 'estoques');
  const branches = session?.branches ?? [];
  const { typed, setTyped, q } = useSearchText();
  const [branchIds, setBranchIds] = useState<string[]>([]);
  const [groups, setGroups] = useState<ComboboxOption[]>([]);
  const [companies, setCompanies] = useState<ComboboxOption[]>([]);
  const [grouping, setGrouping] = useState<PositionGrouping>('product');
  const filter: PositionFilter = { q, branchIds, groupIds: groups.map((g) => g.value), productCompanyIds: companies.map((c) => c.value), grouping };
  const list = usePosition(filter);
  const paged = usePagedRows(list, JSON.stringify(filter), PAGE_SIZE);
  const { rows } = paged;
  const message = list.data?.pages[0]?.message ?? null;
  const filtered = branchIds.length > 0 || groups.length > 0 || companies.length > 0;
  const listTexts = pagedListTexts(t);
  const toggleBranch = (id: string) => setBranchIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const clearFilters = () => {
    setBranchIds([]);
    setGroups([]);
    setCompanies([]);
  };
  const qty = (r: PositionRow, f: (typeof FIGURES)[number]) => format.quantity(r[f], r.decimals);
  const noBranches = message === Messages.noBranches || (session && branches.length === 0);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <h1 className="text-lg font-semibold leading-tight">{t('title')}</h1>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:items-end">
          <ExportButton filter={filter} disabled={!!noBranches} />
          {canImport && (
            <Button variant="ghost" size="sm" onClick={() => setImporting(true)}>
              <IconFileImport aria-hidden />
              {t('import')}
            </Button>
          )}
        </div>
        {canImport && <ImportDialog name="stock" open={importing} onOpenChange={setImporting} onDone={() => void queryClient.invalidateQueries({ queryKey: inventoryKeys.all })} />}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {noBranches ? (
          <Alert variant="info">{t('messages.noBranches')}</Alert>
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
              <MultiSelectFilter
                id="inventory-groups"
                label={t('filters.groups')}
                value={groups}
                onChange={setGroups}
                search={optionsOf('product-groups')}
                queryKey={['product-groups']}
                texts={multiSelectTexts(t, t('filters.groups'), groups.length)}
              />
              <MultiSelectFilter
                id="inventory-companies"
                label={t('filters.companies')}
                value={companies}
                onChange={setCompanies}
                search={optionsOf('product-companies')}
                queryKey={['product-companies']}
                texts={multiSelectTexts(t, t('filters.companies'), companies.length)}
              />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <GroupingToggle value={grouping} onChange={setGrouping} />
              {filtered && <ClearFiltersButton label={t('filters.clear')} onClick={clearFilters} />}
            </div>

            <PagedListBody paged={paged} texts={listTexts} skeleton={{ testId: 'inventory-skeleton' }} empty={<Alert variant="info">{message ? t('messages.noInventory') : t('empty')}</Alert>}>
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
                        <td className="whitespace-nowrap px-3 py-2 text-end tabular-nums">
                          {r.salePrice === null ? <span className="text-muted-foreground">{t('noPrice')}</span> : format.money(r.salePrice, r.decimals)}
                        </td>
                        {FIGURES.map((f) => (
                          <td
                            key={f}
                            className={cn('whitespace-nowrap px-3 py-2 text-end tabular-nums', f === 'available' && 'font-medium', f === 'available' && isNegative(r.available) && 'text-destructive')}
                          >
                            {qty(r, f)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <MobileCards
                label={t('title')}
                rows={rows}
                rowKey={(r) => `${r.productId}|${r.branchId ?? ''}`}
                item={{ className: 'rounded-md border border-border p-3 text-sm', testId: 'inventory-card' }}
              >
                {(r) => (
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
              </MobileCards>
            </PagedListBody>
            <PagedListFooter paged={paged} texts={listTexts} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
