import { PRODUCT_STATUSES, ProductMessages, type ProductSummary } from '@ev/shared/schemas/products';
import { IconFileImport, IconFilterOff, IconPlus, IconRefresh, IconSearch, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAbility } from '@/lib/ability';
import { resolveLanguage } from '@/lib/i18n';
import { PAGE_SIZE, searchReferences, useProductList, useRegistryNames, type ProductFilter, type ProductReference } from '../api/products-api';
import { ProductStatusBadge } from './status-badge';

const selectClass = 'h-10 w-full rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring';

/** Several records of a registry as a filter: a searchable select that adds, and the chosen ones as removable chips. */
function MultiFilter({ id, label, source, value, onChange, texts }: { id: string; label: string; source: ProductReference; value: ComboboxOption[]; onChange(v: ComboboxOption[]): void; texts: { search: string; empty: string; loading: string; failed: string; placeholder: string; remove: string } }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Combobox
        id={id}
        value={null}
        selectedLabel={null}
        onChange={(_v, option) => option && !value.some((o) => o.value === option.value) && onChange([...value, option])}
        search={(term, signal) => searchReferences(source, term, signal).then((items) => items.map((i) => ({ value: i.id, label: i.name })))}
        queryKey={[source]}
        texts={{ search: texts.search, empty: texts.empty, loading: texts.loading, failed: texts.failed, placeholder: value.length ? `${value.length} ✓` : texts.placeholder }}
      />
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {value.map((o) => (
            <li key={o.value} className="inline-flex items-center gap-1 rounded-full bg-muted py-0.5 ps-2.5 pe-1 text-xs">
              {o.label}
              <button type="button" className="rounded-full p-0.5 hover:bg-background" aria-label={`${texts.remove}: ${o.label}`} onClick={() => onChange(value.filter((x) => x.value !== o.value))}>
                <IconX aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The import dialog (the jobs feature's), handed in by the route: features do not import each other. */
export type ProductImportDialog = (props: { open: boolean; onOpenChange(open: boolean): void; title: string; onDone(): void }) => ReactNode;

/**
 * `/products`: the catalogue. Search (debounced) by reference, name words or barcode; filters by
 * several groups, several product companies and status; a table from `sm` up and cards below;
 * "Carregar mais" by cursor (a short page that still has a cursor is followed at once).
 */
export function ProductListPage({ importDialog }: { importDialog?: ProductImportDialog } = {}) {
  const { t, i18n } = useTranslation('products');
  const ability = useAbility();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [groups, setGroups] = useState<ComboboxOption[]>([]);
  const [companies, setCompanies] = useState<ComboboxOption[]>([]);
  const [asked, setAsked] = useState<{ key: string; rows: number }>({ key: '', rows: PAGE_SIZE });
  const [importing, setImporting] = useState(false);
  const qc = useQueryClient();
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const filter: ProductFilter = { q, status, groupIds: groups.map((g) => g.value), productCompanyIds: companies.map((c) => c.value) };
  const filterKey = JSON.stringify(filter);
  const wanted = asked.key === filterKey ? asked.rows : PAGE_SIZE;
  const list = useProductList(filter);
  const groupNames = useRegistryNames('product-groups');
  const rows: ProductSummary[] = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = !!(status || groups.length || companies.length);
  const pt = resolveLanguage(i18n.language) === 'pt';

  useEffect(() => {
    if (list.hasNextPage && !list.isFetching && !list.isError && rows.length < wanted) void list.fetchNextPage();
  }, [list.hasNextPage, list.isFetching, list.isError, rows.length, wanted, list]);

  const loadMore = () => setAsked({ key: filterKey, rows: rows.length + PAGE_SIZE });
  const loadingMore = list.isFetchingNextPage || (list.hasNextPage && rows.length < wanted && !list.isError);
  const clearFilters = () => {
    setStatus('');
    setGroups([]);
    setCompanies([]);
  };
  const comboTexts = { search: t('combobox.search'), empty: t('combobox.empty'), loading: t('combobox.loading'), failed: t('combobox.failed'), remove: t('filters.remove') };
  const groupOf = (p: ProductSummary) => (p.groupId ? (groupNames.data?.get(p.groupId) ?? '') : '');

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <h1 className="text-lg font-semibold leading-tight">{t('title')}</h1>
        <div className="flex flex-wrap gap-2">
          {/* The catalogue from the company's ERP: a CSV through the import engine (docs/products.md). */}
          {importDialog && ability.can('update', 'produtos') && (
            <Button variant="outline" onClick={() => setImporting(true)}>
              <IconFileImport aria-hidden />
              {t('import')}
            </Button>
          )}
          {ability.can('create', 'produtos') && (
            <Button asChild>
              <Link to="/products/$id" params={{ id: 'new' }}>
                <IconPlus aria-hidden />
                {t('new')}
              </Link>
            </Button>
          )}
        </div>
      </CardHeader>
      {importing && importDialog?.({ open: importing, onOpenChange: setImporting, title: t('import'), onDone: () => void qc.invalidateQueries({ queryKey: ['products'] }) })}
      <CardContent className="flex flex-col gap-4">
        <div className="relative">
          <IconSearch aria-hidden className="pointer-events-none absolute start-3 top-3 size-4 text-muted-foreground" />
          <Input type="search" className="ps-9" aria-label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <div role="group" aria-label={t('filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <MultiFilter id="products-groups" label={t('filters.groups')} source="product-groups" value={groups} onChange={setGroups} texts={{ ...comboTexts, placeholder: t('filters.all') }} />
          <MultiFilter id="products-companies" label={t('filters.companies')} source="product-companies" value={companies} onChange={setCompanies} texts={{ ...comboTexts, placeholder: t('filters.allFem') }} />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="products-status">{t('filters.status')}</Label>
            <select id="products-status" className={selectClass} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">{t('filters.allFem')}</option>
              {PRODUCT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          </div>
          {filtered && (
            <Button variant="ghost" className="self-end" onClick={clearFilters}>
              <IconFilterOff aria-hidden />
              {t('filters.clear')}
            </Button>
          )}
        </div>

        {list.isPending ? (
          <div role="status" aria-label={t('loading')} className="flex flex-col gap-2" data-testid="products-skeleton">
            {Array.from({ length: 5 }, (_, i) => (
              <div key={i} className="h-12 animate-pulse rounded-md bg-muted" />
            ))}
          </div>
        ) : list.isError && !rows.length ? (
          <FetchFailed error={list.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void list.refetch()} />
        ) : !rows.length && !loadingMore ? (
          <p role="status" className="py-8 text-center text-sm text-muted-foreground">
            {q ? (pt ? ProductMessages.emptySearch : t('emptySearch')) : filtered ? t('emptyFilter') : t('empty')}
          </p>
        ) : (
          <>
            <div className="hidden overflow-x-auto sm:block">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-border">
                    {(['ref', 'name', 'barcode', 'maker', 'package', 'unit', 'group', 'status'] as const).map((c) => (
                      <th key={c} scope="col" className="px-3 py-2 text-start font-medium text-muted-foreground">
                        {t(`columns.${c}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((p) => (
                    <tr key={p.id} className="cursor-pointer border-b border-border last:border-0 hover:bg-muted/50" onClick={() => void navigate({ to: '/products/$id', params: { id: p.id } })}>
                      <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{p.ref}</td>
                      <td className="max-w-xs px-3 py-2">
                        <Link to="/products/$id" params={{ id: p.id }} className="font-medium text-primary hover:underline" onClick={(e) => e.stopPropagation()}>
                          {p.name}
                        </Link>
                      </td>
                      <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{p.barcode}</td>
                      <td className="max-w-40 truncate px-3 py-2">{p.maker}</td>
                      <td className="whitespace-nowrap px-3 py-2">{p.package}</td>
                      <td className="px-3 py-2">{p.unitName}</td>
                      <td className="px-3 py-2">{groupOf(p)}</td>
                      <td className="px-3 py-2">
                        <ProductStatusBadge status={p.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="flex flex-col gap-2 sm:hidden" aria-label={t('title')}>
              {rows.map((p) => (
                <li key={p.id}>
                  <Link to="/products/$id" params={{ id: p.id }} className="flex flex-col gap-1 rounded-md border border-border p-3 text-sm hover:bg-muted/50" data-testid="product-card">
                    <span className="font-medium text-primary">{p.name}</span>
                    <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                      <span className="font-mono">{p.ref}</span>
                      {p.barcode && <span className="font-mono">{p.barcode}</span>}
                      {p.package && <span>{p.package}</span>}
                      {p.unitName && <span>{p.unitName}</span>}
                      {groupOf(p) && <span>{groupOf(p)}</span>}
                    </span>
                    <span>
                      <ProductStatusBadge status={p.status} />
                    </span>
                  </Link>
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
      </CardContent>
    </Card>
  );
}
