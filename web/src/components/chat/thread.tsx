import { parameterCount, type Conversation, type ConversationEntry } from '@ev/shared/schemas/messages';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, selectClass, textareaClass } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiErrorText } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { useApprovedTemplates, useReply } from './chat-api';

/**
 * A conversation's messages and its answer box (the `whatsapp` namespace's texts), for the screens
 * that show a WhatsApp conversation: the messages' replies and the AI area.
 */

/** The messages, oldest first, the client's at the start and ours at the end; `action` adds a control under a message. */
export function ChatMessages({ messages, action, className }: { messages: ConversationEntry[]; action?: (m: ConversationEntry) => ReactNode; className?: string }) {
  const { t } = useTranslation('whatsapp');
  const format = useFormat();
  const list = useRef<HTMLOListElement>(null);
  const last = messages.at(-1)?.id;
  // The latest message in view when the conversation opens and when one arrives (the list scrolls, not the page).
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [last]);
  return (
    <ol ref={list} className={cn('flex flex-col gap-2 overflow-y-auto rounded-md bg-muted/40 p-3', className)} tabIndex={0} aria-label={t('replies.messages')}>
      {messages.map((m) => (
        <li key={m.id} className={cn('max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-sm', m.direction === 'in' ? 'self-start bg-card' : 'self-end bg-primary/10')}>
          <p className="whitespace-pre-wrap break-words">{m.text}</p>
          <p className="mt-1 text-xs text-muted-foreground">
            {format.dateTime(m.at)}
            {m.status && ` · ${t(`recipientStatus.${m.status}`)}`}
          </p>
          {m.failure && <p className="text-xs">{m.failure}</p>}
          {action?.(m)}
        </li>
      ))}
    </ol>
  );
}

/**
 * The answer box: free text while the 24-hour window is open, an approved template with its values
 * after. `text` and `onText` make the free text the caller's (an accepted suggestion fills it).
 */
export function ReplyBox({ conversation, text: givenText, onText, onSent }: { conversation: Conversation; text?: string; onText?(text: string): void; onSent?(): void }) {
  const { t } = useTranslation('whatsapp');
  const format = useFormat();
  const reply = useReply(conversation.phone);
  const open = !!conversation.windowEndsAt;
  const templates = useApprovedTemplates(!open);
  const approved = templates.data ?? [];
  const [ownText, setOwnText] = useState('');
  const text = givenText ?? ownText;
  const setText = onText ?? setOwnText;
  const [templateId, setTemplateId] = useState('');
  const [values, setValues] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const template = approved.find((x) => x.id === templateId);
  const submit = async () => {
    setError(null);
    try {
      await reply.mutateAsync(open ? { text } : { templateId, body: values });
      setText('');
      setValues([]);
      onSent?.();
    } catch (e) {
      // What was typed stays in the box, to send again.
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
          <textarea
            id="reply-text"
            className={textareaClass}
            maxLength={4096}
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              // Ctrl+Enter sends, as chat apps do; Enter alone breaks the line.
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && text.trim() && !reply.isPending) {
                e.preventDefault();
                void submit();
              }
            }}
          />
        </>
      ) : (
        <>
          <Alert variant="info">{t('replies.windowClosed')}</Alert>
          <Label htmlFor="reply-template">{t('create.template')}</Label>
          <select
            id="reply-template"
            className={selectClass}
            value={templateId}
            onChange={(e) => {
              setTemplateId(e.target.value);
              setValues([]);
            }}
          >
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
