import { CLIENT_SITUATIONS, CLIENT_STATUSES, formatPhone, showDocument, type ClientSummary } from '@ev/shared/schemas/clients';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ReferenceSource } from '@/components/form/fields';
import { CsvExportButton, ImportButton } from '@/components/jobs';
import { FetchFailed } from '@/components/fetch-failed';
import { Alert } from '@/components/ui/alert';
import { CARD_LINK_CLASS, ClearFiltersButton, DataList, ListEmpty, urlSort, ListHeader, PagedList, pagedListTexts, ReferenceFilter, SearchBox, SelectAllBox, SelectBox, SelectFilter, SelectionBar, sortRows, urlSelect, usePagedRows, useRowSelection, useListUrl, type ListColumn, type RowSelectionTexts } from '@/components/list';
import { Card, CardContent } from '@/components/ui/card';
import { useAbility } from '@/lib/ability';
import { apiText } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/use-session';
import { clean, PAGE_SIZE, useClientList, type ClientFilter } from '../api/clients-api';
import { useClientMessage } from '../messages';
import { FlagBadges, SituationBadge, StatusBadge } from './badges';

const route = getRouteApi('/_app/clients/');

type RefFilter = 'salesmanId' | 'regionId' | 'routeId' | 'segmentId' | 'walletId';
const REF_FILTERS: { key: RefFilter; source: ReferenceSource; label: string }[] = [
  // Users: only the active ones who may own clients, filtered by the API.
  { key: 'salesmanId', source: { path: 'users', query: { sells: 'true', active: 'true' } }, label: 'filters.salesman' },
  { key: 'regionId', source: 'regions', label: 'filters.region' },
  { key: 'routeId', source: 'routes', label: 'filters.route' },
  { key: 'segmentId', source: 'segments', label: 'filters.segment' },
  { key: 'walletId', source: 'wallets', label: 'filters.wallet' },
];

const place = (c: ClientSummary) => (c.city ? (c.state ? `${c.city}/${c.state}` : c.city) : '');

/**
 * What another feature does with clients chosen on the list ("Agendar visitas"): the route composes
 * it (features do not import each other). Given, the rows and cards get a checkbox and the list a
 * selection bar with the action's buttons.
 */
export interface ClientSelection {
  /** Most clients chosen at once. */
  max: number;
  texts: RowSelectionTexts;
  /** The action's buttons over the chosen clients (in the order chosen); `clear` empties the choice. */
  actions(chosen: ClientSummary[], clear: () => void): ReactNode;
}

/**
 * `/clients`: the clients in the user's scope. Search (debounced) by name words, CPF/CNPJ or phone;
 * filters; sort by a column; all of them in the URL. A table from `sm` up and cards below; "Carregar
 * mais" by cursor (a short page that still has a cursor is followed at once, until a page's worth
 * of rows or the end). With `selection`, clients are chosen (a box per row and card, all of the
 * page at once) for another feature's action.
 */
export function ClientListPage({ selection: action }: { selection?: ClientSelection } = {}) {
  const { t } = useTranslation(['clients', 'clients-financial']);
  const message = useClientMessage();
  const ability = useAbility();
  const format = useFormat();
  const { data: sessionData } = useSession();
  const { search, navigate, set, typed, setTyped, q } = useListUrl(route);
  const { status = '', situation = '' } = search;
  const refs: Partial<Record<RefFilter, string>> = { salesmanId: search.salesmanId, regionId: search.regionId, routeId: search.routeId, segmentId: search.segmentId, walletId: search.walletId };
  const filter: ClientFilter = { q, status, situation, ...refs };
  const list = useClientList(filter);
  const paged = usePagedRows(list, filter, PAGE_SIZE);
  const { rows } = paged;
  const selection = useRowSelection<ClientSummary>((c) => c.id, action?.max ?? 0);
  // Read from the device (offline: docs/offline.md, "Clients offline"): said above the list; no scope answered.
  const fromDevice = list.data?.pages[0]?.device;
  const scope = fromDevice ? undefined : list.data?.pages[0]?.scope;
  const user = sessionData?.user;
  // A plain salesman sees only his own clients: no salesman filter for him.
  const staff = scope ? scope.kind !== 'own' : !user || !user.vendedor || user.supervisor;
  const filtered = !!(status || situation || Object.values(refs).some(Boolean));
  const clearFilters = () => set({ status: undefined, situation: undefined, salesmanId: undefined, regionId: undefined, routeId: undefined, segmentId: undefined, walletId: undefined });
  const comboTexts = {
    search: t('combobox.search'),
    empty: t('combobox.empty'),
    loading: t('combobox.loading'),
    failed: t('combobox.failed'),
    clear: t('filters.all'),
  };
  const columns = useMemo<ListColumn<ClientSummary>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        sortBy: (c) => c.name,
        className: 'max-w-xs',
        cell: (c) => (
          <div className="flex flex-wrap items-center gap-1.5">
            <Link to="/clients/$id" params={{ id: c.id }} className="font-medium text-primary hover:underline" onClick={(e) => e.stopPropagation()}>
              {c.name}
            </Link>
            <FlagBadges incomplete={c.incomplete} blocked={c.blocked} />
          </div>
        ),
      },
      { id: 'nickname', header: t('columns.nickname'), sortBy: (c) => c.nickname, className: 'max-w-40 truncate', cell: (c) => c.nickname },
      { id: 'document', header: t('columns.document'), sortBy: (c) => c.document, className: 'whitespace-nowrap font-mono text-xs', cell: (c) => showDocument(c.document) },
      { id: 'phone', header: t('columns.phone'), className: 'whitespace-nowrap', cell: (c) => formatPhone(c.phone1) },
      { id: 'city', header: t('columns.city'), sortBy: place, cell: place },
      { id: 'status', header: t('columns.status'), sortBy: (c) => t(`status.${c.status}`), cell: (c) => <StatusBadge status={c.status} /> },
      { id: 'situation', header: t('columns.situation'), sortBy: (c) => t(`situation.${c.situation}`), cell: (c) => <SituationBadge situation={c.situation} /> },
    ],
    [t],
  );
  // The rows as shown (sorted): "select all" takes them in that order.
  const shown = action ? sortRows(rows, columns, search.sort) : rows;
  const listColumns: ListColumn<ClientSummary>[] = action
    ? [
        {
          id: 'select',
          header: <SelectAllBox selection={selection} shown={shown} label={action.texts.selectAll} />,
          headerClassName: 'w-10',
          className: 'w-10',
          cell: (c) => <SelectBox checked={selection.has(c)} label={action.texts.select(c.name)} onChange={() => selection.toggle(c)} />,
        },
        ...columns,
      ]
    : columns;

  return (
    <Card>
      <ListHeader title={t('title')} create={ability.can('create', 'clientes') && { link: <Link to="/clients/$id" params={{ id: 'new' }} />, label: t('new') }}>
        {/* The clients' CSV, for who has its own (high-risk) ability: what the filters show, in the user's scope. */}
        {ability.can('export', 'clientes') && !fromDevice && <CsvExportButton name="clients" query={{ ...clean(filter) }} texts={{ label: t('export.csv'), started: t('export.started'), failed: t('export.failed') }} testId="clients-export-progress" />}
        {/* The ERP's receivables: for users who see the whole company and may update clients. */}
        {scope?.kind === 'all' && ability.can('update', 'clientes') && (
          <ImportButton
            name="installments"
            label={t('clients-financial:import.title')}
            title={t('clients-financial:import.title')}
            confirmLabel={(count) => t('clients-financial:import.confirm', { count })}
            refresh={['clients', 'financial']}
            onDone={(job, close) => {
              // The installments are written: say so and close (the financial tabs are refreshed).
              toast.success(t('clients-financial:import.done', { count: job.result?.accepted ?? 0 }));
              close();
            }}
          />
        )}
      </ListHeader>
      <CardContent className="flex flex-col gap-4">
        <SearchBox label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={setTyped} />
        <div role="group" aria-label={t('filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <SelectFilter id="clients-status" label={t('filters.status')} {...urlSelect(search, set, 'status')} all={t('filters.all')} options={CLIENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
          <SelectFilter id="clients-situation" label={t('filters.situation')} {...urlSelect(search, set, 'situation')} all={t('filters.allFem')} options={CLIENT_SITUATIONS.map((s) => ({ value: s, label: t(`situation.${s}`) }))} />
          {REF_FILTERS.filter((f) => f.key !== 'salesmanId' || staff).map((f) => (
            <ReferenceFilter
              key={f.key}
              id={`clients-${f.key}`}
              source={f.source}
              label={t(f.label)}
              value={refs[f.key]}
              onChange={(v) => set({ [f.key]: v })}
              texts={{ ...comboTexts, placeholder: f.key === 'regionId' || f.key === 'routeId' ? t('filters.allFem') : t('filters.all') }}
            />
          ))}
          {filtered && <ClearFiltersButton label={t('filters.clear')} onClick={clearFilters} className="self-end" />}
        </div>

        {scope?.kind === 'team' && scope.salesmen === 1 && <Alert variant="info">{message('noSubordinates')}</Alert>}
        {sessionData && !sessionData.branch && <Alert variant="info">{apiText('noBranches')}</Alert>}
        {/* The browser said it was online but the server was not reached: said as a failed read, with its retry, above the device's list. */}
        {fromDevice?.unreached && <FetchFailed error={null} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void list.refetch()} />}
        {fromDevice && (
          <Alert variant="info" data-testid="clients-from-device">
            {t('offline.listBanner', { at: format.dateTime(fromDevice.syncedAt) })}
          </Alert>
        )}
        {fromDevice && fromDevice.total > rows.length && <p className="text-sm text-muted-foreground">{t('offline.more', { shown: rows.length, total: fromDevice.total })}</p>}

        {action && (shown.length > 0 || selection.size > 0) && (
          <SelectionBar selection={selection} shown={shown} texts={action.texts}>
            {action.actions(selection.rows, selection.clear)}
          </SelectionBar>
        )}

        <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'clients-skeleton' }} empty={<ListEmpty>{q ? message('emptySearch') : filtered ? t('emptyFilter') : t('empty')}</ListEmpty>}>
          <DataList
            label={t('title')}
            rows={rows}
            columns={listColumns}
            rowKey={(c) => c.id}
            onRowClick={(c) => void navigate({ to: '/clients/$id', params: { id: c.id } })}
            {...urlSort(search, set)}
            card={(c) => {
              const card = (
                <Link to="/clients/$id" params={{ id: c.id }} className={cn(CARD_LINK_CLASS, action && 'min-w-0 flex-1')} data-testid="client-card">
                  <span className="flex flex-wrap items-center gap-1.5">
                    <span className="font-medium text-primary">{c.name}</span>
                    <FlagBadges incomplete={c.incomplete} blocked={c.blocked} />
                  </span>
                  {c.nickname && <span className="text-muted-foreground">{c.nickname}</span>}
                  <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                    {c.document && <span className="font-mono">{showDocument(c.document)}</span>}
                    {c.phone1 && <span>{formatPhone(c.phone1)}</span>}
                    {place(c) && <span>{place(c)}</span>}
                  </span>
                  <span className="flex flex-wrap gap-1.5">
                    <StatusBadge status={c.status} />
                    <SituationBadge situation={c.situation} />
                  </span>
                </Link>
              );
              return action ? (
                <div className="flex items-start gap-2">
                  <SelectBox checked={selection.has(c)} label={action.texts.select(c.name)} onChange={() => selection.toggle(c)} className="m-0 mt-1.5 p-2" />
                  {card}
                </div>
              ) : (
                card
              );
            }}
          />
        </PagedList>
      </CardContent>
    </Card>
  );
}
