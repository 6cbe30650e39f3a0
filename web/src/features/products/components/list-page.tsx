import { PRODUCT_STATUSES, ProductTexts, type ProductSummary } from '@ev/shared/schemas/products';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ImportButton } from '@/components/jobs';
import { CARD_LINK_CLASS, ClearFiltersButton, DataList, ListEmpty, ListHeader, PagedList, pagedListTexts, RecordsFilter, SearchBox, SelectFilter, urlSelect, urlSort, usePagedRows, useListUrl, type ListColumn, type MultiSelectFilterTexts } from '@/components/list';
import { Card, CardContent } from '@/components/ui/card';
import { useAbility } from '@/lib/ability';
import { textOf } from '@/lib/api-error-text';
import { PAGE_SIZE, useProductList, useRegistryNames, type ProductFilter } from '../api/products-api';
import { ProductStatusBadge } from './status-badge';

const route = getRouteApi('/_app/products/');


/**
 * `/products`: the catalogue. Search (debounced) by reference, name words or barcode; filters by
 * several groups, several product companies and status; a table from `sm` up and cards below;
 * "Carregar mais" by cursor (a short page that still has a cursor is followed at once).
 */
export function ProductListPage() {
  const { t } = useTranslation('products');
  const ability = useAbility();
  const { search, navigate, set, typed, setTyped, q } = useListUrl(route);
  const status = search.status ?? '';
  const filter: ProductFilter = { q, status, groupIds: search.groupIds ?? [], productCompanyIds: search.productCompanyIds ?? [] };
  const paged = usePagedRows(useProductList(filter), filter, PAGE_SIZE);
  const groupNames = useRegistryNames('product-groups');
  const filtered = !!(status || search.groupIds || search.productCompanyIds);

  const clearFilters = () => set({ status: undefined, groupIds: undefined, productCompanyIds: undefined });
  /** The filter's texts: the trigger counts the chosen ones ("2 ✓"). */
  const filterTexts = (label: string, chosen: number, all: string): MultiSelectFilterTexts => ({
    placeholder: chosen ? `${chosen} ✓` : all,
    search: t('combobox.search'),
    empty: t('combobox.empty'),
    loading: t('combobox.loading'),
    failed: t('combobox.failed'),
    chosen: label,
    remove: (name) => `${t('filters.remove')}: ${name}`,
  });
  const groupOf = (p: ProductSummary) => (p.groupId ? (groupNames.data?.get(p.groupId) ?? '') : '');
  const columns: ListColumn<ProductSummary>[] = [
    { id: 'ref', header: t('columns.ref'), sortBy: (p) => p.ref, className: 'whitespace-nowrap font-mono text-xs', cell: (p) => p.ref },
    {
      id: 'name',
      header: t('columns.name'),
      sortBy: (p) => p.name,
      className: 'max-w-xs',
      cell: (p) => (
        <Link to="/products/$id" params={{ id: p.id }} className="font-medium text-primary hover:underline" onClick={(e) => e.stopPropagation()}>
          {p.name}
        </Link>
      ),
    },
    { id: 'barcode', header: t('columns.barcode'), className: 'whitespace-nowrap font-mono text-xs', cell: (p) => p.barcode },
    { id: 'maker', header: t('columns.maker'), sortBy: (p) => p.maker, className: 'max-w-40 truncate', cell: (p) => p.maker },
    { id: 'package', header: t('columns.package'), className: 'whitespace-nowrap', cell: (p) => p.package },
    { id: 'unit', header: t('columns.unit'), sortBy: (p) => p.unitName, cell: (p) => p.unitName },
    { id: 'group', header: t('columns.group'), sortBy: groupOf, cell: groupOf },
    { id: 'status', header: t('columns.status'), sortBy: (p) => t(`status.${p.status}`), cell: (p) => <ProductStatusBadge status={p.status} /> },
  ];

  return (
    <Card>
      <ListHeader title={t('title')} create={ability.can('create', 'produtos') && { link: <Link to="/products/$id" params={{ id: 'new' }} />, label: t('new') }}>
        {/* The catalogue from the company's ERP: a CSV through the import engine (docs/products.md). */}
        {ability.can('update', 'produtos') && (
          <ImportButton name="products" label={t('import')} title={t('import')} refresh={['products']} />
        )}
      </ListHeader>
      <CardContent className="flex flex-col gap-4">
        <SearchBox label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={setTyped} />
        <div role="group" aria-label={t('filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <RecordsFilter id="products-groups" source="product-groups" label={t('filters.groups')} ids={search.groupIds} onChange={(ids) => set({ groupIds: ids })} texts={(n) => filterTexts(t('filters.groups'), n, t('filters.all'))} />
          <RecordsFilter id="products-companies" source="product-companies" label={t('filters.companies')} ids={search.productCompanyIds} onChange={(ids) => set({ productCompanyIds: ids })} texts={(n) => filterTexts(t('filters.companies'), n, t('filters.allFem'))} />
          <SelectFilter id="products-status" label={t('filters.status')} {...urlSelect(search, set, 'status')} all={t('filters.allFem')} options={PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
          {filtered && <ClearFiltersButton label={t('filters.clear')} onClick={clearFilters} className="self-end" />}
        </div>

        <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'products-skeleton' }} empty={<ListEmpty>{q ? textOf(ProductTexts.emptySearch()) : filtered ? t('emptyFilter') : t('empty')}</ListEmpty>}>
          <DataList
            label={t('title')}
            rows={paged.rows}
            columns={columns}
            rowKey={(p) => p.id}
            onRowClick={(p) => void navigate({ to: '/products/$id', params: { id: p.id } })}
            {...urlSort(search, set)}
            card={(p) => (
              <Link to="/products/$id" params={{ id: p.id }} className={CARD_LINK_CLASS} data-testid="product-card">
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
            )}
          />
        </PagedList>
      </CardContent>
    </Card>
  );
}
