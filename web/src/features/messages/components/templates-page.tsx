import { MessageTexts, TEMPLATE_STATUSES, type MessageTemplate } from '@ev/shared/schemas/messages';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CARD_LINK_CLASS, ClearFiltersButton, DataList, ListEmpty, ListHeader, PagedList, pagedListTexts, SearchBox, SelectFilter, urlSelect, urlSort, usePagedRows, useListUrl, type ListColumn } from '@/components/list';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { useAbility } from '@/lib/ability';
import { textOf } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { useMessagingState, useTemplateList, type TemplateFilter } from '../api/messages-api';
import { SandboxBadge } from './sandbox-badge';
import { TemplateStatusBadge } from './template-status';

const route = getRouteApi('/_app/messages/templates/');

/**
 * `/messages/templates` (read `mensagens`): the company's templates by name, their category,
 * language and review by WhatsApp; search by words of the name and the body, filter by status;
 * a table from `sm` up and cards below. Pending ones are looked at again until reviewed.
 */
export function TemplatesPage() {
  const { t } = useTranslation('whatsapp');
  const ability = useAbility();
  const format = useFormat();
  const { search, navigate, set, typed, setTyped, q } = useListUrl(route);
  const status = search.status ?? '';
  const filter: TemplateFilter = { q, status };
  const paged = usePagedRows(useTemplateList(filter), filter, 1000);
  const state = useMessagingState();

  const columns: ListColumn<MessageTemplate>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      sortBy: (m) => m.name,
      cell: (m) => (
        <Link to="/messages/templates/$id" params={{ id: m.id }} className="font-mono text-sm font-medium text-primary hover:underline" onClick={(e) => e.stopPropagation()}>
          {m.name}
        </Link>
      ),
    },
    { id: 'category', header: t('columns.category'), sortBy: (m) => t(`category.${m.category}`), cell: (m) => t(`category.${m.category}`) },
    { id: 'language', header: t('columns.language'), sortBy: (m) => m.language, cell: (m) => t(`language.${m.language}`) },
    { id: 'body', header: t('columns.body'), className: 'max-w-sm truncate', cell: (m) => m.body },
    { id: 'status', header: t('columns.status'), sortBy: (m) => t(`status.${m.status}`), cell: (m) => <TemplateStatusBadge status={m.status} /> },
    { id: 'updatedAt', header: t('columns.updatedAt'), sortBy: (m) => m.updatedAt, className: 'whitespace-nowrap', cell: (m) => format.dateTime(m.updatedAt) },
  ];

  return (
    <Card>
      <ListHeader title={t('templates.title')} create={ability.can('create', 'mensagens') && state.data?.configured === true && { link: <Link to="/messages/templates/$id" params={{ id: 'new' }} />, label: t('templates.new') }}>
        {state.data?.provider === 'sandbox' && <SandboxBadge />}
      </ListHeader>
      <CardContent className="flex flex-col gap-4">
        {state.data && !state.data.configured && (
          <Alert variant="warning">
            {textOf(MessageTexts.notConfigured())}{' '}
            {ability.can('read', 'admin') && (
              <Link to="/messages/settings" className="font-medium underline">
                {t('openSettings')}
              </Link>
            )}
          </Alert>
        )}
        <SearchBox label={t('templates.search')} placeholder={t('templates.searchPlaceholder')} value={typed} onChange={setTyped} />
        <div role="group" aria-label={t('filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <SelectFilter id="templates-status" label={t('filters.status')} {...urlSelect(search, set, 'status')} all={t('filters.all')} options={TEMPLATE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
          {status && <ClearFiltersButton label={t('filters.clear')} onClick={() => set({ status: undefined })} className="self-end" />}
        </div>
        <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'templates-skeleton' }} empty={<ListEmpty>{q || status ? t('templates.emptyFilter') : t('templates.empty')}</ListEmpty>}>
          <DataList
            label={t('templates.title')}
            rows={paged.rows}
            columns={columns}
            rowKey={(m) => m.id}
            onRowClick={(m) => void navigate({ to: '/messages/templates/$id', params: { id: m.id } })}
            {...urlSort(search, set)}
            card={(m) => (
              <Link to="/messages/templates/$id" params={{ id: m.id }} className={CARD_LINK_CLASS} data-testid="template-card">
                <span className="font-mono font-medium text-primary">{m.name}</span>
                <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                  <span>{t(`category.${m.category}`)}</span>
                  <span>{t(`language.${m.language}`)}</span>
                </span>
                <span className="line-clamp-2 text-sm">{m.body}</span>
                <span>
                  <TemplateStatusBadge status={m.status} />
                </span>
              </Link>
            )}
          />
        </PagedList>
      </CardContent>
    </Card>
  );
}
