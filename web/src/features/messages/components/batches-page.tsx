import type { MessageBatch } from '@ev/shared/schemas/messages';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CARD_LINK_CLASS, DataList, ListEmpty, ListHeader, PagedList, pagedListTexts, usePagedRows, type ListColumn } from '@/components/list';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Segmented } from '@/components/ui/segmented';
import { useAbility } from '@/lib/ability';
import { textOf } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { MessageTexts } from '@ev/shared/schemas/messages';
import { useBatchList, useMessagingState } from '../api/messages-api';
import { SandboxBadge } from './sandbox-badge';
import { BatchProgress } from './batch-progress';

const route = getRouteApi('/_app/messages/');

/**
 * `/messages` (read `mensagens`): the sends, pending (a recipient still queued, held for the next
 * day or being sent) or sent, newest first, each with its progress; a send opens its status.
 */
export function BatchesPage() {
  const { t } = useTranslation('whatsapp');
  const ability = useAbility();
  const format = useFormat();
  const navigate = route.useNavigate();
  const search = route.useSearch();
  const state = search.state ?? 'pending';
  const list = useBatchList(state);
  const paged = usePagedRows(list, state, 20);
  const messaging = useMessagingState();
  const columns: ListColumn<MessageBatch>[] = [
    { id: 'number', header: t('batches.columns.number'), className: 'whitespace-nowrap font-mono text-xs', cell: (b) => b.number },
    {
      id: 'template',
      header: t('batches.columns.template'),
      cell: (b) => (
        <Link to="/messages/status" search={{ batch: b.id }} className="font-mono text-sm font-medium text-primary hover:underline" onClick={(e) => e.stopPropagation()}>
          {b.templateName}
        </Link>
      ),
    },
    { id: 'createdAt', header: t('batches.columns.createdAt'), className: 'whitespace-nowrap', cell: (b) => format.dateTime(b.createdAt) },
    { id: 'createdBy', header: t('batches.columns.createdBy'), cell: (b) => b.createdByName },
    { id: 'total', header: t('batches.columns.total'), className: 'text-end', cell: (b) => format.number(b.total, 0) },
    { id: 'progress', header: t('batches.columns.progress'), className: 'min-w-56', cell: (b) => <BatchProgress batch={b} /> },
  ];
  return (
    <Card>
      <ListHeader title={t('batches.title')} create={ability.can('create', 'mensagens') && messaging.data?.configured === true && { link: <Link to="/messages/create" />, label: t('batches.new') }}>
        {messaging.data?.provider === 'sandbox' && <SandboxBadge />}
      </ListHeader>
      <CardContent className="flex flex-col gap-4">
        {messaging.data && !messaging.data.configured && <Alert variant="warning">{textOf(MessageTexts.notConfigured())}</Alert>}
        <Segmented label={t('batches.tabs.label')} value={state} options={[{ value: 'pending', label: t('batches.tabs.pending') }, { value: 'sent', label: t('batches.tabs.sent') }] as const} onChange={(v) => void navigate({ search: { state: v }, replace: true })} />
        <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'batches-skeleton' }} empty={<ListEmpty>{t(state === 'pending' ? 'batches.emptyPending' : 'batches.emptySent')}</ListEmpty>}>
          <DataList
            label={t('batches.title')}
            rows={paged.rows}
            columns={columns}
            rowKey={(b) => b.id}
            onRowClick={(b) => void navigate({ to: '/messages/status', search: { batch: b.id } })}
            card={(b) => (
              <Link to="/messages/status" search={{ batch: b.id }} className={CARD_LINK_CLASS} data-testid="batch-card">
                <span className="font-mono font-medium text-primary">{b.templateName}</span>
                <span className="text-xs text-muted-foreground">
                  {format.dateTime(b.createdAt)} · {b.createdByName} · {t('batches.recipients', { count: b.total })}
                </span>
                <BatchProgress batch={b} />
              </Link>
            )}
          />
        </PagedList>
      </CardContent>
    </Card>
  );
}
