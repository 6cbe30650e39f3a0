import { SchedulingTexts, type SchedulingList } from '@ev/shared/schemas/schedulings';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClearFiltersButton, ListEmpty, ListHeader, PagedList, pagedListTexts, PeriodDate, ReferenceFilter, SearchBox, TextFilter, urlSort, usePagedRows, useUrlSearchText } from '@/components/list';
import { referenceTextsOf, type ReferenceSource } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { useAbility } from '@/lib/ability';
import { textOf } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/use-session';
import { PAGE_SIZE, seesOthers, useDeviceVisitsRefresh, useSchedulingList, type SchedulingFilter, type SchedulingsPage } from '../api/schedulings-api';
import type { SchedulingListSearch } from '../list-search';
import { SchedulingsTable } from './schedulings-table';

const PATHS = { pending: '/schedulings/pending', completed: '/schedulings/completed' } as const;

type RefFilter = 'typeId' | 'clientId' | 'salesmanId' | 'routeId';
/** The filters by another record: the registry or module searched, and the label (its "all" word agrees with it). */
const REF_FILTERS: { key: RefFilter; source: ReferenceSource; label: string; all: string }[] = [
  { key: 'typeId', source: 'schedulings-types', label: 'filters.type', all: 'filters.all' },
  { key: 'clientId', source: 'clients', label: 'filters.client', all: 'filters.all' },
  // The users who may own clients and schedulings, the active ones (as the clients list's filter).
  { key: 'salesmanId', source: { path: 'users', query: { sells: 'true', active: 'true' } }, label: 'filters.salesman', all: 'filters.all' },
  { key: 'routeId', source: 'routes', label: 'filters.route', all: 'filters.allFem' },
];

/** What the filters ask, the search text with them: all of the search but the sort (the other list keeps them). */
const filtersOf = ({ sort: _sort, ...filters }: SchedulingListSearch) => filters;

/** "Pendentes" and "Concluídos": links between the two lists, the one shown marked as the current page. */
function ListTabs({ list, search }: { list: SchedulingList; search: SchedulingListSearch }) {
  const { t } = useTranslation('schedulings');
  return (
    <nav aria-label={t('tabs.label')} className="inline-flex w-full rounded-md border border-border bg-card p-0.5 sm:w-auto">
      {(['pending', 'completed'] as const).map((l) => (
        <Link
          key={l}
          to={PATHS[l]}
          search={filtersOf(search)}
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
 * first), in the user's scope. Search by client or type; filters by period, type, client, salesman
 * (for who sees more than himself), route, city, neighbourhood and the flagged check-ins; sort by
 * a column: all in the URL. A table from `lg` up and cards below; "Carregar mais" by cursor.
 */
export function SchedulingListPage({ list, search }: { list: SchedulingList; search: SchedulingListSearch }) {
  const { t } = useTranslation('schedulings');
  const navigate = useNavigate();
  const ability = useAbility();
  const set = (patch: Partial<SchedulingListSearch>) => void navigate({ to: PATHS[list], search: (prev: SchedulingListSearch) => ({ ...prev, ...patch }), replace: true });
  const { typed, setTyped, q } = useUrlSearchText(search.q, (next) => set({ q: next }));
  // A period ending before it begins is not asked for: the schema's text says why.
  const badPeriod = !!(search.from && search.until && search.from > search.until);
  const { typeId, clientId, salesmanId, routeId, city, neighbourhood, flagged } = search;
  const filter: SchedulingFilter = { list, q, from: search.from, until: badPeriod ? undefined : search.until, typeId, clientId, salesmanId, routeId, city, neighbourhood, flagged };
  const query = useSchedulingList(filter);
  useDeviceVisitsRefresh();
  // Read from the device (offline): said above the list, and what waits to send marked on its rows.
  const fromDevice = !!query.data?.pages[0]?.fromDevice;
  const waiting = new Set(query.data?.pages[0]?.waiting ?? []);
  const user = useSession().data?.user;
  // The scope the list answered with (the same for every filter: kept while a new filter is read).
  const [scope, setScope] = useState<SchedulingsPage['scope'] | undefined>(undefined);
  const answered = fromDevice ? undefined : query.data?.pages[0]?.scope;
  if (answered && answered !== scope) setScope(answered);
  const paged = usePagedRows(query, filter, PAGE_SIZE);
  // Who sees more than himself (the company, a team with salesmen under him) filters by salesman;
  // before the first answer, by the user's flags. A salesman filter from a shared link stays shown.
  const refFilters = REF_FILTERS.filter((f) => f.key !== 'salesmanId' || seesOthers(scope, user) || !!salesmanId);
  const filtered = !!(search.from || search.until || typeId || clientId || salesmanId || routeId || city || neighbourhood || flagged);
  const clearFilters = () => set({ from: undefined, until: undefined, typeId: undefined, clientId: undefined, salesmanId: undefined, routeId: undefined, city: undefined, neighbourhood: undefined, flagged: undefined });
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
          {refFilters.map((f) => (
            <ReferenceFilter
              key={f.key}
              id={`schedulings-${f.key}`}
              source={f.source}
              label={t(f.label)}
              value={search[f.key]}
              onChange={(v) => set({ [f.key]: v })}
              texts={referenceTextsOf(t, { placeholder: t(f.all), clear: t(f.all) })}
            />
          ))}
          <TextFilter id="schedulings-city" label={t('filters.city')} value={city} onChange={(next) => set({ city: next })} maxLength={100} />
          <TextFilter id="schedulings-neighbourhood" label={t('filters.neighbourhood')} value={neighbourhood} onChange={(next) => set({ neighbourhood: next })} maxLength={100} />
          <div className="flex items-center gap-3 sm:pt-7">
            <Switch id="schedulings-flagged" checked={!!flagged} onCheckedChange={(v) => set({ flagged: v ? true : undefined })} />
            <label htmlFor="schedulings-flagged" className="text-sm">
              {t('filters.flagged')}
            </label>
          </div>
          {filtered && <ClearFiltersButton label={t('filters.clear')} onClick={clearFilters} className="self-end" />}
        </div>

        {badPeriod && <Alert variant="warning">{textOf(SchedulingTexts.period())}</Alert>}
        {fromDevice && (
          <Alert variant="info" data-testid="schedulings-from-device">
            {t('device.listFromDevice')}
          </Alert>
        )}
        <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'schedulings-skeleton' }} empty={<ListEmpty>{q || filtered ? t('emptyFilter') : t(`empty.${list}`)}</ListEmpty>}>
          <SchedulingsTable label={title} rows={paged.rows} waiting={waiting} {...urlSort(search, set)} onOpen={(id) => void navigate({ to: '/schedulings/$id', params: { id } })} />
        </PagedList>
      </CardContent>
    </Card>
  );
}
