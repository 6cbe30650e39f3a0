import { MAX_EXPORT_SALES, SALE_STATUSES, SaleTexts, type SaleSummary } from '@ev/shared/schemas/sales';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ReferenceSource } from '@/components/form/fields';
import { ClearFiltersButton, ListEmpty, ListHeader, PagedList, pagedListTexts, PeriodDate, ReferenceFilter, SearchBox, SelectFilter, SelectionBar, urlSelect, urlSort, usePagedRows, useListUrl, useRowSelection } from '@/components/list';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { apiText, textOf } from '@/lib/api-error-text';
import { useAbility } from '@/lib/ability';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/use-session';
import { PAGE_SIZE, useSaleList, useSaleTotals, type SaleFilter } from '../api/sales-api';
import type { SaleListSearch } from '../list-search';
import { SalesExportButtons } from './export-buttons';
import { SalesTable, SERVER_SORTS } from './sales-table';

const route = getRouteApi('/_app/sales/');

type Tab = 'orders' | 'consignments' | 'drafts';
const TABS: Tab[] = ['orders', 'consignments', 'drafts'];

/** "Pedidos", "Consignações" and "Rascunhos": the closed sales, the open consignments, or the drafts apart. */
function ListTabs({ tab, onChange }: { tab: Tab; onChange(tab: Tab): void }) {
  const { t } = useTranslation('sales');
  return (
    <div role="radiogroup" aria-label={t('tabs.label')} className="inline-flex w-full flex-wrap rounded-md border border-border bg-card p-0.5 sm:w-auto">
      {TABS.map((d) => (
        <button
          key={d}
          type="button"
          role="radio"
          aria-checked={tab === d}
          onClick={() => onChange(d)}
          className={cn('min-h-9 flex-1 rounded px-3 py-1 text-sm font-medium transition-colors sm:flex-none', tab === d ? 'bg-primary text-primary-foreground' : 'hover:bg-muted')}
        >
          {t(`tabs.${d}`)}
        </button>
      ))}
    </div>
  );
}

type RefKey = 'clientId' | 'salesmanId' | 'supervisorId' | 'productCompanyId' | 'natureId' | 'paymentConditionId';

/** The filters by a record of another module or registry (`team`: only for who sees more than his own sales). */
const REF_FILTERS: { key: RefKey; source: ReferenceSource; label: string; team?: boolean; fem?: boolean }[] = [
  { key: 'clientId', source: 'clients', label: 'filters.client' },
  { key: 'salesmanId', source: { path: 'users', query: { sells: 'true' } }, label: 'filters.salesman', team: true },
  { key: 'supervisorId', source: { path: 'users', query: { flag: 'supervisor' } }, label: 'filters.supervisor', team: true },
  { key: 'productCompanyId', source: 'product-companies', label: 'filters.productCompany', fem: true },
  { key: 'natureId', source: 'natures', label: 'filters.nature' },
  { key: 'paymentConditionId', source: 'payments-conditions', label: 'filters.paymentCondition', fem: true },
];

const FILTER_KEYS = ['status', 'store', 'clientId', 'salesmanId', 'supervisorId', 'branchId', 'productCompanyId', 'natureId', 'paymentConditionId', 'dateBy', 'from', 'until'] as const;

/** The URL's sort (a column id, `-id` descending) as the server's: a sort it knows, or none (the date, newest first). */
function serverSort(sort: string | undefined): Pick<SaleFilter, 'sort' | 'dir'> {
  const id = sort?.replace(/^-/, '') as keyof typeof SERVER_SORTS | undefined;
  if (!id || !(id in SERVER_SORTS)) return {};
  return { sort: SERVER_SORTS[id], dir: sort!.startsWith('-') ? 'desc' : 'asc' };
}

/** The count and total value of the filtered set, as the server answers them (never the rows loaded). */
function TotalsLine({ filter }: { filter: SaleFilter }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const decimals = useSession().data?.branch?.casasDecimais ?? 2;
  const totals = useSaleTotals(filter);
  const d = totals.data;
  return (
    <p className="text-sm text-muted-foreground" role="status" aria-live="polite" data-testid="sales-totals">
      {!d ? (
        totals.isError ? '' : t('listTotals.loading')
      ) : (
        <>
          <span className="font-medium text-foreground">{t(d.exact ? 'listTotals.exact' : 'listTotals.partial', { count: d.count, total: format.money(d.total, decimals) })}</span>
          {!filter.status && !filter.drafts && !filter.consignments && !filter.storeReview && <span> · {t('listTotals.note')}</span>}
        </>
      )}
    </p>
  );
}

/**
 * `/sales` (read vendas): the closed sales in the user's scope, newest first, the open
 * consignments (the earliest return first) or the drafts apart. Search by number, client, nickname
 * or document; filters by status, client, salesman, supervisor, branch, product company, sale type,
 * payment condition, a store payment in review and a period (closing or emission date); sort by number, date, client or total,
 * done by the server over the whole filtered set: all in the URL. The count and total of the
 * filtered set from the server. A table from `lg` up and cards below; "Carregar mais" by cursor.
 */
export function SaleListPage() {
  const { t } = useTranslation('sales');
  const ability = useAbility();
  const { search, navigate, set, typed, setTyped, q } = useListUrl(route);
  const tab: Tab = search.tab ?? 'orders';
  const drafts = tab === 'drafts';
  const consignments = tab === 'consignments';
  const status = tab === 'orders' ? (search.status ?? '') : '';
  // The store's payments in review: their own partition, newest first (no other sort).
  const storeReview = tab === 'orders' && search.store === 'review';
  const sorted = tab === 'orders' && !storeReview;
  const { data: sessionData } = useSession();
  // A period ending before it begins is not asked for: the schema's text says why.
  const badPeriod = !!(search.from && search.until && search.from > search.until);
  const refs: Partial<Record<RefKey | 'branchId', string>> = {
    clientId: search.clientId,
    salesmanId: search.salesmanId,
    supervisorId: search.supervisorId,
    branchId: search.branchId,
    productCompanyId: search.productCompanyId,
    natureId: search.natureId,
    paymentConditionId: search.paymentConditionId,
  };
  const filter: SaleFilter = {
    drafts,
    consignments,
    storeReview,
    q,
    status,
    dateBy: search.dateBy,
    from: search.from,
    until: badPeriod ? undefined : search.until,
    ...refs,
    ...(sorted ? serverSort(search.sort) : {}),
  };
  const list = useSaleList(filter);
  const scope = list.data?.pages[0]?.scope;
  const paged = usePagedRows(list, filter, PAGE_SIZE);
  // A plain salesman sees only his own sales: no salesman or supervisor filter for him.
  const user = sessionData?.user;
  const team = scope ? scope.kind !== 'own' : !user || !user.vendedor || user.supervisor;
  const filtered = FILTER_KEYS.some((k) => !!search[k]);
  const clearFilters = () => set(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])) as Partial<SaleListSearch>);
  const comboTexts = { search: t('combobox.search'), empty: t('combobox.empty'), loading: t('combobox.loading'), failed: t('combobox.failed'), clear: t('filters.all') };
  const branches = sessionData?.branches ?? [];
  // The sales chosen for an export (closed sales: the drafts tab has none), kept across filters and tabs, in the order chosen.
  const selection = useRowSelection<SaleSummary>((s) => s.id, MAX_EXPORT_SALES);
  const selecting = !drafts;
  const selectionTexts = {
    label: t('selection.label'),
    selectAll: t('selection.selectAll'),
    select: (number: string) => t('selection.select', { number }),
    count: (count: number) => (count ? t('selection.count', { count }) : t('selection.none')),
    clear: t('selection.clear'),
    tooMany: textOf(SaleTexts.exportTooMany({ max: MAX_EXPORT_SALES })),
  };

  return (
    <Card>
      <ListHeader title={t('title')} create={ability.can('create', 'vendas') && { link: <Link to="/sales/create/{-$id}" params={{ id: undefined }} />, label: t('entry.newOrder') }} />
      <CardContent className="flex flex-col gap-4">
        <ListTabs tab={tab} onChange={(d) => set({ tab: d === 'orders' ? undefined : d, status: undefined, store: undefined, sort: undefined })} />
        <SearchBox label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={setTyped} />
        {scope?.kind === 'team' && scope.salesmen === 1 && <Alert variant="info">{t('noSubordinates')}</Alert>}
        {sessionData && !sessionData.branch && <Alert variant="info">{apiText('noBranches')}</Alert>}
        <div role="group" aria-label={t('filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {tab === 'orders' && (
            <SelectFilter
              id="sales-status"
              label={t('filters.status')}
              {...urlSelect(search, set, 'status')}
              all={t('filters.all')}
              options={SALE_STATUSES.filter((s) => s !== 'typing').map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          )}
          {tab === 'orders' && (
            <SelectFilter
              id="sales-store"
              label={t('filters.store')}
              value={search.store ?? ''}
              onChange={(v) => set({ store: v === 'review' ? 'review' : undefined, sort: undefined })}
              all={t('filters.all')}
              options={[{ value: 'review', label: t('store.filterReview') }]}
            />
          )}
          {REF_FILTERS.filter((f) => !f.team || team).map((f) => (
            <ReferenceFilter
              key={f.key}
              id={`sales-${f.key}`}
              source={f.source}
              label={t(f.label)}
              value={refs[f.key]}
              onChange={(v) => set({ [f.key]: v })}
              texts={{ ...comboTexts, placeholder: f.fem ? t('filters.allFem') : t('filters.all') }}
            />
          ))}
          {branches.length > 1 && (
            <SelectFilter id="sales-branchId" label={t('filters.branch')} {...urlSelect(search, set, 'branchId')} all={t('filters.all')} options={branches.map((b) => ({ value: b.id, label: b.apelido || b.nome }))} />
          )}
          <SelectFilter
            id="sales-dateBy"
            label={t('filters.dateBy')}
            value={search.dateBy ?? ''}
            onChange={(v) => set({ dateBy: v === 'emission' ? 'emission' : undefined })}
            all={t('filters.closingDate')}
            options={[{ value: 'emission', label: t('filters.emissionDate') }]}
          />
          <PeriodDate id="sales-from" label={t('filters.from')} value={search.from} onChange={(from) => set({ from })} />
          <PeriodDate id="sales-until" label={t('filters.until')} value={search.until} onChange={(until) => set({ until })} />
          {filtered && <ClearFiltersButton label={t('filters.clear')} onClick={clearFilters} className="self-end" />}
        </div>

        {badPeriod && <Alert variant="warning">{textOf(SaleTexts.period())}</Alert>}
        {!badPeriod && <TotalsLine filter={filter} />}
        {selecting && (paged.rows.length > 0 || selection.size > 0) && (
          <SelectionBar selection={selection} shown={paged.rows} texts={selectionTexts} cardsBelow="lg">
            <SalesExportButtons ids={selection.rows.map((s) => s.id)} />
          </SelectionBar>
        )}
        <PagedList
          paged={paged}
          texts={pagedListTexts(t)}
          skeleton={{ testId: 'sales-skeleton' }}
          empty={<ListEmpty>{q || filtered ? t('emptyFilter') : drafts ? t('emptyDrafts') : consignments ? t('emptyConsignments') : t('empty')}</ListEmpty>}
        >
          <SalesTable
            label={t(`tabs.${tab}`)}
            rows={paged.rows}
            consignments={consignments}
            drafts={drafts}
            selection={selecting ? { selection, texts: selectionTexts } : undefined}
            // Only the closed sales are sorted by the server (drafts by their date, consignments by their return date).
            {...(sorted && !q ? { ...urlSort(search, set), serverSorted: true } : {})}
            onOpen={(id) => void navigate({ to: '/sales/$id', params: { id } })}
          />
        </PagedList>
      </CardContent>
    </Card>
  );
}
