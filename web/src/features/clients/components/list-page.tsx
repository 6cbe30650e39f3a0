import { CLIENT_SITUATIONS, CLIENT_STATUSES, formatPhone, showDocument, type ClientSummary } from '@ev/shared/schemas/clients';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ImportDialog } from '@/components/jobs';
import { Alert } from '@/components/ui/alert';
import { CARD_LINK_CLASS, ClearFiltersButton, ListHeader, MobileCards, PagedListBody, PagedListFooter, pagedListTexts, SearchBox, SelectFilter, usePagedRows, useSearchText } from '@/components/list';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { Label } from '@/components/ui/label';
import { useAbility } from '@/lib/ability';
import { useSession } from '@/lib/use-session';
import { PAGE_SIZE, searchReferences, useClientList, type ClientFilter, type ReferenceSource } from '../api/clients-api';
import { useClientMessage } from '../messages';
import { FlagBadges, SituationBadge, StatusBadge } from './badges';

type RefFilter = 'salesmanId' | 'regionId' | 'routeId' | 'segmentId' | 'walletId';
const REF_FILTERS: { key: RefFilter; source: ReferenceSource; label: string }[] = [
  { key: 'salesmanId', source: 'users', label: 'filters.salesman' },
  { key: 'regionId', source: 'regions', label: 'filters.region' },
  { key: 'routeId', source: 'routes', label: 'filters.route' },
  { key: 'segmentId', source: 'segments', label: 'filters.segment' },
  { key: 'walletId', source: 'wallets', label: 'filters.wallet' },
];

const place = (c: ClientSummary) => (c.city ? (c.state ? `${c.city}/${c.state}` : c.city) : '');

/**
 * `/clients`: the clients in the user's scope. Search (debounced) by name words, CPF/CNPJ or phone;
 * filters; a table from `sm` up and cards below; "Carregar mais" by cursor (a short page that still
 * has a cursor is followed at once, until a page's worth of rows or the end).
 */
export function ClientListPage() {
  const { t } = useTranslation(['clients', 'clients-financial']);
  const message = useClientMessage();
  const ability = useAbility();
  const navigate = useNavigate();
  const { data: sessionData } = useSession();
  const { typed, setTyped, q } = useSearchText();
  const [status, setStatus] = useState('');
  const [situation, setSituation] = useState('');
  const [refs, setRefs] = useState<Partial<Record<RefFilter, ComboboxOption | null>>>({});
  const filter: ClientFilter = { q, status, situation, ...Object.fromEntries(Object.entries(refs).map(([k, v]) => [k, v?.value])) };
  const list = useClientList(filter);
  const paged = usePagedRows(list, JSON.stringify(filter), PAGE_SIZE);
  const { rows } = paged;
  const scope = list.data?.pages[0]?.scope;
  const [importing, setImporting] = useState(false);
  const [importRound, setImportRound] = useState(0);
  const qc = useQueryClient();
  const user = sessionData?.user;
  // A plain salesman sees only his own clients: no salesman filter for him.
  const staff = scope ? scope.kind !== 'own' : !user || !user.vendedor || user.supervisor;
  const filtered = !!(status || situation || Object.values(refs).some(Boolean));
  const listTexts = pagedListTexts(t);
  const clearFilters = () => {
    setStatus('');
    setSituation('');
    setRefs({});
  };
  const comboTexts = {
    search: t('combobox.search'),
    empty: t('combobox.empty'),
    loading: t('combobox.loading'),
    failed: t('combobox.failed'),
    clear: t('filters.all'),
  };

  return (
    <Card>
      <ListHeader title={t('title')}>
        {/* The ERP's receivables: for users who see the whole company and may update clients. */}
        {scope?.kind === 'all' && ability.can('update', 'clientes') && (
          <Button variant="outline" onClick={() => setImporting(true)}>
            <IconFileImport aria-hidden />
            {t('clients-financial:import.title')}
          </Button>
        )}
        {ability.can('create', 'clientes') && (
          <Button asChild>
            <Link to="/clients/$id" params={{ id: 'new' }}>
              <IconPlus aria-hidden />
              {t('new')}
            </Link>
          </Button>
        )}
      </ListHeader>
      <ImportDialog
        key={importRound}
        name="installments"
        title={t('clients-financial:import.title')}
        open={importing}
        onOpenChange={setImporting}
        confirmLabel={(count) => t('clients-financial:import.confirm', { count })}
        onDone={(job) => {
          // The installments are written: say so, refresh the financial tabs and close (a new dialog next time).
          toast.success(t('clients-financial:import.done', { count: job.result?.accepted ?? 0 }));
          void qc.invalidateQueries({ queryKey: ['clients', 'financial'] });
          setImporting(false);
          setImportRound((n) => n + 1);
        }}
      />
      <CardContent className="flex flex-col gap-4">
        <SearchBox label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={setTyped} />
        <div role="group" aria-label={t('filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <SelectFilter
            id="clients-status"
            label={t('filters.status')}
            value={status}
            onChange={setStatus}
            all={t('filters.all')}
            options={CLIENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
          <SelectFilter
            id="clients-situation"
            label={t('filters.situation')}
            value={situation}
            onChange={setSituation}
            all={t('filters.allFem')}
            options={CLIENT_SITUATIONS.map((s) => ({ value: s, label: t(`situation.${s}`) }))}
          />
          {REF_FILTERS.filter((f) => f.key !== 'salesmanId' || staff).map((f) => (
            <div key={f.key} className="flex flex-col gap-1.5">
              <Label htmlFor={`clients-${f.key}`}>{t(f.label)}</Label>
              <Combobox
                id={`clients-${f.key}`}
                value={refs[f.key]?.value ?? null}
                selectedLabel={refs[f.key]?.label ?? null}
                onChange={(_v, option) => setRefs((r) => ({ ...r, [f.key]: option }))}
                search={(term, signal) => searchReferences(f.source, term, signal).then((items) => items.map((i) => ({ value: i.id, label: i.name })))}
                queryKey={[f.source]}
                texts={{ ...comboTexts, placeholder: f.key === 'regionId' || f.key === 'routeId' ? t('filters.allFem') : t('filters.all') }}
              />
            </div>
          ))}
          {filtered && <ClearFiltersButton label={t('filters.clear')} onClick={clearFilters} className="self-end" />}
        </div>

        {scope?.kind === 'team' && scope.salesmen === 1 && <Alert variant="info">{message('noSubordinates')}</Alert>}

        <PagedListBody
          paged={paged}
          texts={listTexts}
          skeleton={{ testId: 'clients-skeleton' }}
          empty={
            <p role="status" className="py-8 text-center text-sm text-muted-foreground">
              {q ? message('emptySearch') : filtered ? t('emptyFilter') : t('empty')}
            </p>
          }
        >
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-border">
                  {(['name', 'nickname', 'document', 'phone', 'city', 'status', 'situation'] as const).map((c) => (
                    <th key={c} scope="col" className="px-3 py-2 text-start font-medium text-muted-foreground">
                      {t(`columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id} className="cursor-pointer border-b border-border last:border-0 hover:bg-muted/50" onClick={() => void navigate({ to: '/clients/$id', params: { id: c.id } })}>
                    <td className="max-w-xs px-3 py-2">
                      <div className="flex flex-wrap items-center gap-1.5">
                        <Link to="/clients/$id" params={{ id: c.id }} className="font-medium text-primary hover:underline" onClick={(e) => e.stopPropagation()}>
                          {c.name}
                        </Link>
                        <FlagBadges incomplete={c.incomplete} blocked={c.blocked} />
                      </div>
                    </td>
                    <td className="max-w-40 truncate px-3 py-2">{c.nickname}</td>
                    <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{showDocument(c.document)}</td>
                    <td className="whitespace-nowrap px-3 py-2">{formatPhone(c.phone1)}</td>
                    <td className="px-3 py-2">{place(c)}</td>
                    <td className="px-3 py-2">
                      <StatusBadge status={c.status} />
                    </td>
                    <td className="px-3 py-2">
                      <SituationBadge situation={c.situation} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <MobileCards label={t('title')} rows={rows} rowKey={(c) => c.id}>
            {(c) => (
              <Link to="/clients/$id" params={{ id: c.id }} className={CARD_LINK_CLASS} data-testid="client-card">
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
            )}
          </MobileCards>
        </PagedListBody>
        <PagedListFooter paged={paged} texts={listTexts} />
      </CardContent>
    </Card>
  );
}
