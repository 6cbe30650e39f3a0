import { SALE_STATUSES, SaleTexts } from '@ev/shared/schemas/sales';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ClearFiltersButton, ListEmpty, ListHeader, PagedList, pagedListTexts, PeriodDate, SearchBox, SelectFilter, urlSelect, urlSort, usePagedRows, useListUrl } from '@/components/list';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { apiText, textOf } from '@/lib/api-error-text';
import { useAbility } from '@/lib/ability';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/use-session';
import { PAGE_SIZE, useSaleList, type SaleFilter } from '../api/sales-api';
import { SalesTable } from './sales-table';

const route = getRouteApi('/_app/sales/');

/** "Pedidos" and "Rascunhos": the closed sales, or the drafts apart. */
function ListTabs({ drafts, onChange }: { drafts: boolean; onChange(drafts: boolean): void }) {
  const { t } = useTranslation('sales');
  return (
    <div role="radiogroup" aria-label={t('tabs.label')} className="inline-flex w-full rounded-md border border-border bg-card p-0.5 sm:w-auto">
      {[false, true].map((d) => (
        <button
          key={String(d)}
          type="button"
          role="radio"
          aria-checked={drafts === d}
          onClick={() => onChange(d)}
          className={cn('min-h-9 flex-1 rounded px-3 py-1 text-sm font-medium transition-colors sm:flex-none', drafts === d ? 'bg-primary text-primary-foreground' : 'hover:bg-muted')}
        >
          {t(d ? 'tabs.drafts' : 'tabs.orders')}
        </button>
      ))}
    </div>
  );
}

/**
 * `/sales` (read vendas): the closed sales in the user's scope, newest first, or the drafts apart.
 * Search by number or client, status and period filters, sort by a column: all in the URL. A table
 * from `lg` up and cards below; "Carregar mais" by cursor.
 */
export function SaleListPage() {
  const { t } = useTranslation('sales');
  const ability = useAbility();
  const { search, navigate, set, typed, setTyped, q } = useListUrl(route);
  const drafts = search.tab === 'drafts';
  const status = drafts ? '' : (search.status ?? '');
  // A period ending before it begins is not asked for: the schema's text says why.
  const badPeriod = !!(search.from && search.until && search.from > search.until);
  const filter: SaleFilter = { drafts, q, status, from: search.from, until: badPeriod ? undefined : search.until };
  const list = useSaleList(filter);
  const scope = list.data?.pages[0]?.scope;
  const { data: sessionData } = useSession();
  const paged = usePagedRows(list, filter, PAGE_SIZE);
  const filtered = !!(status || search.from || search.until);
  const clearFilters = () => set({ status: undefined, from: undefined, until: undefined });

  return (
    <Card>
      <ListHeader title={t('title')} create={ability.can('create', 'vendas') && { link: <Link to="/sales/create/{-$id}" params={{ id: undefined }} />, label: t('entry.newOrder') }} />
      <CardContent className="flex flex-col gap-4">
        <ListTabs drafts={drafts} onChange={(d) => set({ tab: d ? 'drafts' : undefined, status: undefined })} />
        <SearchBox label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={setTyped} />
        {scope?.kind === 'team' && scope.salesmen === 1 && <Alert variant="info">{t('noSubordinates')}</Alert>}
        {sessionData && !sessionData.branch && <Alert variant="info">{apiText('noBranches')}</Alert>}
        <div role="group" aria-label={t('filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {!drafts && (
            <SelectFilter
              id="sales-status"
              label={t('filters.status')}
              {...urlSelect(search, set, 'status')}
              all={t('filters.all')}
              options={SALE_STATUSES.filter((s) => s !== 'typing').map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          )}
          <PeriodDate id="sales-from" label={t('filters.from')} value={search.from} onChange={(from) => set({ from })} />
          <PeriodDate id="sales-until" label={t('filters.until')} value={search.until} onChange={(until) => set({ until })} />
          {filtered && <ClearFiltersButton label={t('filters.clear')} onClick={clearFilters} className="self-end" />}
        </div>

        {badPeriod && <Alert variant="warning">{textOf(SaleTexts.period())}</Alert>}
        <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'sales-skeleton' }} empty={<ListEmpty>{q || filtered ? t('emptyFilter') : drafts ? t('emptyDrafts') : t('empty')}</ListEmpty>}>
          <SalesTable label={drafts ? t('tabs.drafts') : t('title')} rows={paged.rows} {...urlSort(search, set)} onOpen={(id) => void navigate({ to: '/sales/$id', params: { id } })} />
        </PagedList>
      </CardContent>
    </Card>
  );
}
