import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useConversation, useConversations } from '@/components/chat/chat-api';
import { showWhatsApp } from '@/components/chat/phone';
import { ChatMessages, ReplyBox } from '@/components/chat/thread';
import { FetchFailed } from '@/components/fetch-failed';
import { ListEmpty, PagedList, pagedListTexts, usePagedRows } from '@/components/list';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Segmented } from '@/components/ui/segmented';
import { useAbility } from '@/lib/ability';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';

const route = getRouteApi('/_app/messages/replies');

function Thread({ phone }: { phone: string }) {
  const { t } = useTranslation('whatsapp');
  const ability = useAbility();
  const chat = useConversation(phone);
  if (chat.isPending) return <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>;
  if (chat.isError) return <FetchFailed error={chat.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void chat.refetch()} />;
  const { conversation, messages } = chat.data;
  return (
    <section aria-label={t('replies.thread', { name: conversation.clientName ?? showWhatsApp(conversation.phone) })} className="flex flex-col gap-3">
      <h2 className="font-semibold">
        {conversation.clientName ?? t('replies.unknownNumber')} <span className="font-mono text-xs text-muted-foreground">{showWhatsApp(conversation.phone)}</span>
      </h2>
      <ChatMessages messages={messages} className="max-h-[28rem]" />
      {ability.can('create', 'mensagens') && <ReplyBox key={conversation.phone} conversation={conversation} />}
    </section>
  );
}

/**
 * `/messages/replies` (read `mensagens`; issue 16 item 5): what clients wrote back, by number, the
 * latest first: clients' conversations, or unknown numbers kept apart; a conversation's messages
 * and the answer box.
 */
export function RepliesPage() {
  const { t } = useTranslation('whatsapp');
  const format = useFormat();
  const navigate = route.useNavigate();
  const search = route.useSearch();
  const kind = search.kind ?? 'known';
  const list = useConversations(kind);
  const paged = usePagedRows(list, kind, 30);
  return (
    <Card>
      <CardHeader>
        <h1 className="text-lg font-semibold leading-tight">{t('replies.title')}</h1>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Segmented label={t('replies.kind')} value={kind} options={[{ value: 'known', label: t('replies.known') }, { value: 'unknown', label: t('replies.unknown') }] as const} onChange={(v) => void navigate({ search: { kind: v }, replace: true })} />
        <div className="grid gap-4 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <div className="flex flex-col gap-2">
            <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'replies-skeleton' }} empty={<ListEmpty>{t(kind === 'known' ? 'replies.empty' : 'replies.emptyUnknown')}</ListEmpty>}>
              <ul className="flex flex-col gap-1" aria-label={t('replies.title')}>
                {paged.rows.map((c) => (
                  <li key={c.phone}>
                    <button
                      type="button"
                      aria-current={search.phone === c.phone || undefined}
                      onClick={() => void navigate({ search: { kind, phone: c.phone }, replace: true })}
                      className={cn('flex w-full flex-col gap-0.5 rounded-md border border-border p-2 text-start text-sm hover:bg-muted/50', search.phone === c.phone && 'border-primary bg-primary/5')}
                    >
                      <span className="flex items-center justify-between gap-2">
                        <span className="font-medium">{c.clientName ?? c.contactName ?? showWhatsApp(c.phone)}</span>
                        {c.unread > 0 && <span className="rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">{c.unread}</span>}
                      </span>
                      <span className="truncate text-xs text-muted-foreground">{c.lastText}</span>
                      <span className="text-xs text-muted-foreground">{format.dateTime(c.lastAt)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </PagedList>
          </div>
          {search.phone ? <Thread key={search.phone} phone={search.phone} /> : <p className="text-sm text-muted-foreground">{t('replies.choose')}</p>}
        </div>
      </CardContent>
    </Card>
  );
}
