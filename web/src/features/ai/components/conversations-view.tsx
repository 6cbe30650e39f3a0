import type { Conversation, ConversationEntry } from '@ev/shared/schemas/messages';
import { IconArrowLeft, IconShoppingCartPlus, IconSparkles } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConversation, useConversations } from '@/components/chat/chat-api';
import { showWhatsApp } from '@/components/chat/phone';
import { ChatMessages, ReplyBox } from '@/components/chat/thread';
import { FetchFailed } from '@/components/fetch-failed';
import { ListEmpty, PagedList, pagedListTexts, usePagedRows } from '@/components/list';
import { SearchBox, useUrlSearchText } from '@/components/list/search-box';
import { Button } from '@/components/ui/button';
import { Segmented } from '@/components/ui/segmented';
import { useAbility } from '@/lib/ability';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { LARGE_QUERY, useMediaQuery } from '@/lib/preferences';
import { AssistantPanel } from './assistant-panel';

const route = getRouteApi('/_app/ai');


/**
 * The conversations: the list (clients' or unknown numbers', searched), the open one's messages and
 * answer box, and the assistant. On a phone one pane at a time: the list, then the chat or the assistant.
 */
export function ConversationsView() {
  const { t } = useTranslation('ai');
  const search = route.useSearch();
  const phone = search.phone;
  return (
    <div className={cn('grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)] grid-rows-[minmax(0,1fr)] gap-3 md:grid-cols-[17rem_minmax(0,1fr)] lg:grid-cols-[18rem_minmax(0,1fr)_21rem] xl:grid-cols-[20rem_minmax(0,1fr)_26rem]')}>
      <div className={cn('min-h-0 flex-col gap-2', phone ? 'hidden md:flex' : 'flex')}>
        <ConversationList />
      </div>
      {phone ? <OpenConversation key={phone} phone={phone} /> : <p className="hidden text-sm text-muted-foreground md:block">{t('choose')}</p>}
    </div>
  );
}

function ConversationList() {
  const { t } = useTranslation('ai');
  const format = useFormat();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const kind = search.kind ?? 'known';
  const text = useUrlSearchText(search.q, (q) => void navigate({ search: (s) => ({ ...s, q }), replace: true }));
  const list = useConversations(kind, text.q);
  const paged = usePagedRows(list, `${kind}|${text.q}`, 30);
  return (
    <>
      <Segmented label={t('kind')} value={kind} options={[{ value: 'known', label: t('known') }, { value: 'unknown', label: t('unknown') }] as const} onChange={(v) => void navigate({ search: (s) => ({ ...s, kind: v === 'known' ? undefined : v, phone: undefined, pane: undefined }), replace: true })} />
      <SearchBox label={t('search')} placeholder={t('searchPlaceholder')} value={text.typed} onChange={text.setTyped} />
      <div className="min-h-0 flex-1 overflow-y-auto pe-1">
        <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'ai-conversations-skeleton', height: 'h-16' }} empty={<ListEmpty>{text.q ? t('noneFound') : t(kind === 'known' ? 'empty' : 'emptyUnknown')}</ListEmpty>}>
          <ul className="flex flex-col gap-1" aria-label={t('conversations')}>
            {paged.rows.map((c) => (
              <li key={c.phone}>
                <Link
                  from="/ai"
                  search={(s) => ({ ...s, phone: c.phone, pane: undefined })}
                  replace
                  aria-current={search.phone === c.phone ? 'page' : undefined}
                  className={cn('flex w-full flex-col gap-0.5 rounded-md border border-border p-2 text-start text-sm hover:bg-muted/50', search.phone === c.phone && 'border-primary bg-primary/5')}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate font-medium">{c.clientName ?? c.contactName ?? showWhatsApp(c.phone)}</span>
                    {c.unread > 0 && (
                      <span className="shrink-0 rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
                        <span className="sr-only">{t('unread', { count: c.unread })}</span>
                        <span aria-hidden>{c.unread}</span>
                      </span>
                    )}
                  </span>
                  <span className="truncate text-xs text-muted-foreground">
                    {c.lastDirection === 'out' && `${t('you')}: `}
                    {c.lastText}
                  </span>
                  <span className="flex justify-between gap-2 text-xs text-muted-foreground">
                    <span>{format.dateTime(c.lastAt)}</span>
                    {c.windowEndsAt && <span>{t('windowOpen')}</span>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </PagedList>
      </div>
    </>
  );
}

/** The open conversation: its messages and answer box, and the assistant beside (wide) or instead (narrow). */
function OpenConversation({ phone }: { phone: string }) {
  const { t } = useTranslation('ai');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const ability = useAbility();
  // The assistant stands beside the chat from the large width; below it, one of the two at a time.
  const wide = useMediaQuery(LARGE_QUERY);
  const chat = useConversation(phone);
  // The answer's text and the order message are this conversation's: the assistant fills them.
  const [reply, setReply] = useState('');
  const [orderText, setOrderText] = useState<string | null>(null);
  const showAssistant = (pane: 'assistant' | undefined) => void navigate({ search: (s) => ({ ...s, pane }), replace: true });
  const assistantOnly = !wide && search.pane === 'assistant';
  if (chat.isPending) return <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>;
  if (chat.isError)
    return (
      <div className="flex flex-col gap-2">
        <BackToList />
        <FetchFailed error={chat.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void chat.refetch()} />
      </div>
    );
  const { conversation, messages } = chat.data;
  const name = conversation.clientName ?? conversation.contactName ?? showWhatsApp(conversation.phone);
  const lastInbound = [...messages].reverse().find((m) => m.direction === 'in');
  const assistant = (
    <AssistantPanel
      conversation={conversation}
      orderText={orderText ?? lastInbound?.text ?? ''}
      onOrderText={setOrderText}
      onUseReply={(text) => {
        setReply(text);
        if (!wide) showAssistant(undefined);
      }}
    />
  );
  return (
    <>
      <section aria-label={t('thread', { name })} className={cn('min-h-0 flex-col gap-2', assistantOnly ? 'hidden' : 'flex')}>
        <ConversationHeader conversation={conversation} name={name} onAssistant={wide ? null : () => showAssistant('assistant')} />
        <ChatMessages messages={messages} className="min-h-0 flex-1" action={(m) => (m.direction === 'in' && ability.can('create', 'vendas') && conversation.clientId ? <OrderFromMessage message={m} onPick={(text) => { setOrderText(text); if (!wide) showAssistant('assistant'); }} /> : null)} />
        {conversation.blocked ? <p className="border-t border-border pt-3 text-sm text-muted-foreground">{t('blockedNote')}</p> : ability.can('create', 'mensagens') && <ReplyBox conversation={conversation} text={reply} onText={setReply} />}
      </section>
      {(wide || assistantOnly) && (
        <aside aria-label={t('assistant.title')} className="flex min-h-0 flex-col gap-2">
          {!wide && (
            <div>
              <Button variant="ghost" size="sm" onClick={() => showAssistant(undefined)}>
                <IconArrowLeft aria-hidden className="rtl:rotate-180" />
                {t('backToChat')}
              </Button>
            </div>
          )}
          {assistant}
        </aside>
      )}
    </>
  );
}

function BackToList() {
  const { t } = useTranslation('ai');
  return (
    <div className="md:hidden">
      <Button variant="ghost" size="sm" asChild>
        <Link from="/ai" search={(s) => ({ ...s, phone: undefined, pane: undefined })} replace>
          <IconArrowLeft aria-hidden className="rtl:rotate-180" />
          {t('backToList')}
        </Link>
      </Button>
    </div>
  );
}

function ConversationHeader({ conversation, name, onAssistant }: { conversation: Conversation; name: string; onAssistant: (() => void) | null }) {
  const { t } = useTranslation('ai');
  const format = useFormat();
  return (
    <div className="flex flex-col gap-1">
      <BackToList />
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate font-semibold">
            {conversation.clientId ? (
              <Link to="/clients/$id" params={{ id: conversation.clientId }} className="underline-offset-4 hover:underline">
                {name}
              </Link>
            ) : (
              name
            )}
          </h2>
          <p className="text-xs text-muted-foreground">
            <span className="font-mono">{showWhatsApp(conversation.phone)}</span>
            {conversation.contactName && conversation.clientName && ` · ${conversation.contactName}`}
            {' · '}
            {conversation.windowEndsAt ? t('windowUntil', { until: format.dateTime(conversation.windowEndsAt) }) : t('windowClosed')}
          </p>
        </div>
        {onAssistant && (
          <Button variant="outline" size="sm" onClick={onAssistant}>
            <IconSparkles aria-hidden />
            {t('assistant.open')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Under a client's message: read it as an order in the assistant. */
function OrderFromMessage({ message, onPick }: { message: ConversationEntry; onPick(text: string): void }) {
  const { t } = useTranslation('ai');
  return (
    <Button variant="link" size="sm" className="mt-1 h-auto px-0 text-xs" onClick={() => onPick(message.text)}>
      <IconShoppingCartPlus aria-hidden />
      {t('draft.fromMessage')}
    </Button>
  );
}
