import { parameterCount, type Conversation } from '@ev/shared/schemas/messages';
import { IconSend } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { ListEmpty, PagedList, pagedListTexts, usePagedRows } from '@/components/list';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input, selectClass, textareaClass } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Segmented } from '@/components/ui/segmented';
import { useAbility } from '@/lib/ability';
import { apiErrorText } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { useConversation, useConversations, useReply, useTemplateList } from '../api/messages-api';
import { showWhatsApp } from './status-page';

const route = getRouteApi('/_app/messages/replies');

/** The answer box: free text while the 24-hour window is open, an approved template with its values after. */
function ReplyBox({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('whatsapp');
  const format = useFormat();
  const reply = useReply(conversation.phone);
  const templates = useTemplateList({ status: 'approved' });
  const approved = useMemo(() => templates.data?.pages.flatMap((p) => p.items) ?? [], [templates.data]);
  const [text, setText] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [values, setValues] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const template = approved.find((x) => x.id === templateId);
  const open = !!conversation.windowEndsAt;
  const submit = async () => {
    setError(null);
    try {
      await reply.mutateAsync(open ? { text } : { templateId, body: values });
      setText('');
      setValues([]);
    } catch (e) {
      setError(apiErrorText(e, t('replies.failed')));
    }
  };
  return (
    <form
      className="flex flex-col gap-2 border-t border-border pt-3"
      aria-label={t('replies.answer')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {open ? (
        <>
          <Label htmlFor="reply-text">{t('replies.text', { until: format.dateTime(conversation.windowEndsAt) })}</Label>
          <textarea id="reply-text" className={textareaClass} maxLength={4096} value={text} onChange={(e) => setText(e.target.value)} />
        </>
      ) : (
        <>
          <Alert variant="info">{t('replies.windowClosed')}</Alert>
          <Label htmlFor="reply-template">{t('create.template')}</Label>
          <select id="reply-template" className={selectClass} value={templateId} onChange={(e) => { setTemplateId(e.target.value); setValues([]); }}>
            <option value="">{t('create.chooseTemplate')}</option>
            {approved.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name} ({t(`language.${x.language}`)})
              </option>
            ))}
          </select>
          {template &&
            Array.from({ length: parameterCount(template.body) }, (_, i) => (
              <div key={i} className="flex flex-col gap-1.5">
                <Label htmlFor={`reply-value-${i}`}>{t('create.param', { n: i + 1 })}</Label>
                <Input id={`reply-value-${i}`} maxLength={200} value={values[i] ?? ''} onChange={(e) => setValues(Object.assign([...values], { [i]: e.target.value }))} />
              </div>
            ))}
        </>
      )}
      {error && <Alert variant="error">{error}</Alert>}
      <div>
        <Button type="submit" disabled={reply.isPending || (open ? !text.trim() : !template)}>
          <IconSend aria-hidden />
          {reply.isPending ? t('create.sending') : t('replies.send')}
        </Button>
      </div>
    </form>
  );
}

function Thread({ phone }: { phone: string }) {
  const { t } = useTranslation('whatsapp');
  const format = useFormat();
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
      <ol className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto rounded-md bg-muted/40 p-3">
        {messages.map((m) => (
          <li key={m.id} className={cn('max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-sm', m.direction === 'in' ? 'self-start bg-card' : 'self-end bg-primary/10')}>
            <p className="whitespace-pre-wrap break-words">{m.text}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              {format.dateTime(m.at)}
              {m.status && ` · ${t(`recipientStatus.${m.status}`)}`}
            </p>
            {m.failure && <p className="text-xs">{m.failure}</p>}
          </li>
        ))}
      </ol>
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
