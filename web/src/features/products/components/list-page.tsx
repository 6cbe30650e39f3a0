import { PRODUCT_STATUSES, ProductMessages, type ProductSummary } from '@ev/shared/schemas/products';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportDialog } from '@/components/jobs';
import {
  CARD_LINK_CLASS,
  ClearFiltersButton,
  ListHeader,
  MobileCards,
  MultiSelectFilter,
  PagedListBody,
  PagedListFooter,
  pagedListTexts,
  SearchBox,
  SelectFilter,
  usePagedRows,
  useSearchText,
  type MultiSelectFilterTexts,
} from '@/components/list';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import type { ComboboxOption } from '@/components/ui/combobox';
import { useAbility } from '@/lib/ability';
import { resolveLanguage } from '@/lib/i18n';
import { PAGE_SIZE, searchReferences, useProductList, useRegistryNames, type ProductFilter, type ProductReference } from '../api/products-api';
import { ProductStatusBadge } from './status-badge';

/** A filter's options: the registry's records by name. */
const optionsOf = (source: ProductReference) => (term: string, signal: AbortSignal) => searchReferences(source, term, signal).then((items) => items.map((i) => ({ value: i.id, label: i.name })));

/**
 * `/products`: the catalogue. Search (debounced) by reference, name words or barcode; filters by
 * several groups, several product companies and status; a table from `sm` up and cards below;
 * "Carregar mais" by cursor (a short page that still has a cursor is followed at once).
 */
export function ProductListPage() {
  const { t, i18n } = useTranslation('products');
  const ability = useAbility();
  const navigate = useNavigate();
  const { typed, setTyped, q } = useSearchText();
  const [status, setStatus] = useState('');
  const [groups, setGroups] = useState<ComboboxOption[]>([]);
  const [companies, setCompanies] = useState<ComboboxOption[]>([]);
  const [importing, setImporting] = useState(false);
  const qc = useQueryClient();
  const filter: ProductFilter = { q, status, groupIds: groups.map((g) => g.value), productCompanyIds: companies.map((c) => c.value) };
  const list = useProductList(filter);
  const paged = usePagedRows(list, JSON.stringify(filter), PAGE_SIZE);
  const { rows } = paged;
  const groupNames = useRegistryNames('product-groups');
  const filtered = !!(status || groups.length || companies.length);
  const pt = resolveLanguage(i18n.language) === 'pt';

  const clearFilters = () => {
    setStatus('');
    setGroups([]);
    setCompanies([]);
  };
  const listTexts = pagedListTexts(t);
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

  return (
    <Card>
      <ListHeader title={t('title')}>
        {/* The catalogue from the company's ERP: a CSV through the import engine (docs/products.md). */}
        {ability.can('update', 'produtos') && (
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
      </ListHeader>
      {importing && <ImportDialog name="products" open={importing} onOpenChange={setImporting} title={t('import')} onDone={() => void qc.invalidateQueries({ queryKey: ['products'] })} />}
      <CardContent className="flex flex-col gap-4">
        <SearchBox label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={setTyped} />
        <div role="group" aria-label={t('filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <MultiSelectFilter
            id="products-groups"
            label={t('filters.groups')}
            value={groups}
            onChange={setGroups}
            search={optionsOf('product-groups')}
            queryKey={['product-groups']}
            texts={filterTexts(t('filters.groups'), groups.length, t('filters.all'))}
          />
          <MultiSelectFilter
            id="products-companies"
            label={t('filters.companies')}
            value={companies}
            onChange={setCompanies}
            search={optionsOf('product-companies')}
            queryKey={['product-companies']}
            texts={filterTexts(t('filters.companies'), companies.length, t('filters.allFem'))}
          />
          <SelectFilter
            id="products-status"
            label={t('filters.status')}
            value={status}
            onChange={setStatus}
            all={t('filters.allFem')}
            options={PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
          {filtered && <ClearFiltersButton label={t('filters.clear')} onClick={clearFilters} className="self-end" />}
        </div>

        <PagedListBody
          paged={paged}
          texts={listTexts}
          skeleton={{ testId: 'products-skeleton' }}
          empty={
            <p role="status" className="py-8 text-center text-sm text-muted-foreground">
              {q ? (pt ? ProductMessages.emptySearch : t('emptySearch')) : filtered ? t('emptyFilter') : t('empty')}
            </p>
          }
        >
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
          <MobileCards label={t('title')} rows={rows} rowKey={(p) => p.id}>
            {(p) => (
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
          </MobileCards>
        </PagedListBody>
        <PagedListFooter paged={paged} texts={listTexts} />
      </CardContent>
    </Card>
  );
}
