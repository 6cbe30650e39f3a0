import { SchedulingTexts, type SchedulingList } from '@ev/shared/schemas/schedulings';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ClearFiltersButton, ListEmpty, ListHeader, PagedListBody, PagedListFooter, pagedListTexts, PeriodDate, SearchBox, urlSort, usePagedRows, useUrlSearchText } from '@/components/list';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { useAbility } from '@/lib/ability';
import { textOf } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { PAGE_SIZE, useSchedulingList, type SchedulingFilter } from '../api/schedulings-api';
import type { SchedulingListSearch } from '../list-search';
import { SchedulingsTable } from './schedulings-table';

const PATHS = { pending: '/schedulings/pending', completed: '/schedulings/completed' } as const;

/** "Pendentes" and "Concluídos": links between the two lists, the one shown marked as the current page. */
function ListTabs({ list, search }: { list: SchedulingList; search: SchedulingListSearch }) {
  const { t } = useTranslation('schedulings');
  return (
    <nav aria-label={t('tabs.label')} className="inline-flex w-full rounded-md border border-border bg-card p-0.5 sm:w-auto">
      {(['pending', 'completed'] as const).map((l) => (
        <Link
          key={l}
          to={PATHS[l]}
          search={{ q: search.q, from: search.from, until: search.until, flagged: search.flagged }}
          aria-current={l === list ? 'page' : undefined}
          className={cn('inline-flex min-h-9 flex-1 items-center justify-center rounded px-3 py-1 text-sm font-medium transition-colors sm:flex-none', l === list ? 'bg-primary text-primary-foreground' : 'hover:bg-muted')}
        >
          {t(`tabs.${l}`)}
        </Link>
      ))}
    </nav>
  );
}

/**
 * `/schedulings/pending` and `/schedulings/completed` (read agendamentos): what is still to do
 * (pending and under way, the next first) or what is done (completed and cancelled, the last
 * first), in the user's scope. Search by client or type, the period and the flagged check-ins,
 * sort by a column: all in the URL. A table from `lg` up and cards below; "Carregar mais" by cursor.
 */
export function SchedulingListPage({ list, search }: { list: SchedulingList; search: SchedulingListSearch }) {
  const { t } = useTranslation('schedulings');
  const navigate = useNavigate();
  const ability = useAbility();
  const set = (patch: Partial<SchedulingListSearch>) => void navigate({ to: PATHS[list], search: (prev: SchedulingListSearch) => ({ ...prev, ...patch }), replace: true });
  const { typed, setTyped, q } = useUrlSearchText(search.q, (next) => set({ q: next }));
  // A period ending before it begins is not asked for: the schema's text says why.
  const badPeriod = !!(search.from && search.until && search.from > search.until);
  const filter: SchedulingFilter = { list, q, from: search.from, until: badPeriod ? undefined : search.until, flagged: search.flagged };
  const query = useSchedulingList(filter);
  const scope = query.data?.pages[0]?.scope;
  const paged = usePagedRows(query, JSON.stringify(filter), PAGE_SIZE);
  const filtered = !!(search.from || search.until || search.flagged);
  const listTexts = pagedListTexts(t);
  const clearFilters = () => set({ from: undefined, until: undefined, flagged: undefined });
  const title = t(`titles.${list}`);

  return (
    <Card>
      <ListHeader title={title} create={ability.can('create', 'agendamentos') && { link: <Link to="/schedulings/create" />, label: t('new') }} />
      <CardContent className="flex flex-col gap-4">
        <ListTabs list={list} search={search} />
        <SearchBox label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={setTyped} />
        {scope?.kind === 'team' && scope.salesmen === 1 && <Alert variant="info">{t('noSubordinates')}</Alert>}
        <div role="group" aria-label={t('filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <PeriodDate id="schedulings-from" label={t('filters.from')} value={search.from} onChange={(from) => set({ from })} />
          <PeriodDate id="schedulings-until" label={t('filters.until')} value={search.until} onChange={(until) => set({ until })} />
          <div className="flex items-center gap-3 sm:pt-7">
            <Switch id="schedulings-flagged" checked={!!search.flagged} onCheckedChange={(v) => set({ flagged: v ? true : undefined })} />
            <label htmlFor="schedulings-flagged" className="text-sm">
              {t('filters.flagged')}
            </label>
          </div>
          {filtered && <ClearFiltersButton label={t('filters.clear')} onClick={clearFilters} className="self-end" />}
        </div>

        {badPeriod && <Alert variant="warning">{textOf(SchedulingTexts.period())}</Alert>}
        <PagedListBody paged={paged} texts={listTexts} skeleton={{ testId: 'schedulings-skeleton' }} empty={<ListEmpty>{q || filtered ? t('emptyFilter') : t(`empty.${list}`)}</ListEmpty>}>
          <SchedulingsTable label={title} rows={paged.rows} {...urlSort(search, set)} onOpen={(id) => void navigate({ to: '/schedulings/$id', params: { id } })} />
        </PagedListBody>
        <PagedListFooter paged={paged} texts={listTexts} />
      </CardContent>
    </Card>
  );
}
