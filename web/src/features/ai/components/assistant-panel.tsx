import type { AiClientSummary, AiSuggestion } from '@ev/shared/schemas/ai';
import type { Conversation } from '@ev/shared/schemas/messages';
import { IconBulb, IconCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { LoadingBlocks } from '@/components/loading-blocks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAbility } from '@/lib/ability';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { useAcceptSuggestion, useAiSummary, useReplySuggestion } from '../api/ai-api';
import { DraftOrder } from './draft-order';

/**
 * The assistant beside a conversation (docs/ai.md): the client's summary, a suggested reply and a
 * draft order from a message. It never sends nor closes: a reply it suggests goes into the answer
 * box for the user to send; a draft order opens in order entry for the user to check and close.
 */
export function AssistantPanel({ conversation, orderText, onOrderText, onUseReply }: { conversation: Conversation; orderText: string; onOrderText(text: string): void; onUseReply(text: string): void }) {
  const { t } = useTranslation('ai');
  const ability = useAbility();
  const linked = !!conversation.clientId;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto rounded-md border border-border bg-card p-3" data-testid="ai-assistant">
      {linked ? (
        <Summary phone={conversation.phone} />
      ) : (
        <Alert variant="info">
          <p>{t('assistant.noClient')}</p>
          <Link from="/ai" search={{ view: 'contacts', status: 'review', q: conversation.phone }} className="mt-1 inline-block text-sm font-medium underline underline-offset-4">
            {t('assistant.linkContact')}
          </Link>
        </Alert>
      )}
      {linked && ability.can('create', 'mensagens') && <SuggestedReply phone={conversation.phone} onUse={onUseReply} />}
      {linked && ability.can('create', 'vendas') && <DraftOrder key={conversation.phone} phone={conversation.phone} text={orderText} onText={onOrderText} />}
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-1.5">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Summary({ phone }: { phone: string }) {
  const { t } = useTranslation('ai');
  const summary = useAiSummary(phone, true);
  if (summary.isPending) return <LoadingBlocks label={t('assistant.loading')} rows={[{ count: 1, height: 'h-16' }, { count: 1, height: 'h-12' }, { count: 1, height: 'h-12' }]} testId="ai-summary-skeleton" />;
  if (summary.isError) {
    if (summary.error instanceof ApiError && summary.error.status === 409) return <Alert variant="info">{apiErrorText(summary.error, t('assistant.noClient'))}</Alert>;
    return <FetchFailed error={summary.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void summary.refetch()} />;
  }
  return <SummaryBody s={summary.data} />;
}

function SummaryBody({ s }: { s: AiClientSummary }) {
  const { t } = useTranslation('ai');
  const format = useFormat();
  const p = s.purchases;
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="ai-summary">
      <div>
        <Link to="/clients/$id" params={{ id: s.client.id }} className="font-semibold underline-offset-4 hover:underline">
          {s.client.name}
        </Link>
        <p className="text-xs text-muted-foreground">{[s.client.nickname, s.client.city, s.client.salesmanName && t('summary.salesman', { name: s.client.salesmanName })].filter(Boolean).join(' · ')}</p>
      </div>
      <Block title={t('summary.purchases')}>
        {p.last.length === 0 ? (
          <p className="text-muted-foreground">{t('summary.noPurchases')}</p>
        ) : (
          <>
            <ul className="flex flex-col gap-0.5">
              {p.last.map((sale) => (
                <li key={sale.saleId} className="flex justify-between gap-2">
                  <Link to="/sales/$id" params={{ id: sale.saleId }} className="underline-offset-4 hover:underline">
                    {t('summary.sale', { number: sale.number, date: format.date(sale.date) })}
                  </Link>
                  <span className="tabular-nums">{format.money(sale.total)}</span>
                </li>
              ))}
            </ul>
            {p.rhythmDays !== null && <p className="text-muted-foreground">{t('summary.rhythm', { count: p.rhythmDays })}</p>}
            {p.nextExpected && <p className="text-muted-foreground">{t('summary.next', { date: format.date(p.nextExpected) })}</p>}
          </>
        )}
      </Block>
      <Block title={t('summary.titles')}>
        {s.titles.openCount === 0 && s.titles.overdueCount === 0 ? (
          <p className="text-muted-foreground">{t('summary.noTitles')}</p>
        ) : (
          <>
            <p>{t('summary.open', { count: s.titles.openCount, value: format.money(s.titles.openValue) })}</p>
            {s.titles.overdueCount > 0 && (
              <p className="font-medium text-destructive">
                {t('summary.overdue', { count: s.titles.overdueCount, value: format.money(s.titles.overdueValue) })}
                {s.titles.oldestOverdue && ` · ${t('summary.oldest', { date: format.date(s.titles.oldestOverdue) })}`}
              </p>
            )}
          </>
        )}
      </Block>
      <Block title={t('summary.lastVisit')}>
        {s.lastVisit ? (
          <p>
            {format.date(s.lastVisit.date)}
            {s.lastVisit.occurrence && ` · ${s.lastVisit.occurrence}`}
            {s.lastVisit.notes && <span className="block text-xs text-muted-foreground">{s.lastVisit.notes}</span>}
          </p>
        ) : (
          <p className="text-muted-foreground">{t('summary.noVisit')}</p>
        )}
      </Block>
      <Block title={t('summary.usual')}>
        {s.usual.length === 0 ? (
          <p className="text-muted-foreground">{t('summary.noUsual')}</p>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {s.usual.map((u) => (
              <li key={u.productId} className="flex justify-between gap-2">
                <span className="min-w-0 truncate">{u.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{t('summary.daysSince', { count: u.daysSince })}</span>
              </li>
            ))}
          </ul>
        )}
      </Block>
    </div>
  );
}

/** A reply the assistant suggests: the user takes it into the answer box (logged), edits it if he likes, and sends it himself. */
function SuggestedReply({ phone, onUse }: { phone: string; onUse(text: string): void }) {
  const { t } = useTranslation('ai');
  const suggest = useReplySuggestion();
  const accept = useAcceptSuggestion();
  const [suggestion, setSuggestion] = useState<AiSuggestion | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ask = async () => {
    setError(null);
    try {
      setSuggestion(await suggest.mutateAsync({ phone }));
    } catch (e) {
      setError(apiErrorText(e, t('assistant.failed')));
    }
  };
  const use = async () => {
    if (!suggestion?.text) return;
    setError(null);
    try {
      await accept.mutateAsync({ id: suggestion.id, body: { kind: 'reply', text: suggestion.text } });
      onUse(suggestion.text);
      setSuggestion(null);
    } catch (e) {
      setError(apiErrorText(e, t('assistant.failed')));
    }
  };
  return (
    <Block title={t('reply.title')}>
      {suggestion?.text ? (
        <div className="flex flex-col gap-2">
          <p className="whitespace-pre-wrap rounded-md bg-muted/60 p-2 text-sm" data-testid="ai-reply-suggestion">
            {suggestion.text}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void use()} disabled={accept.isPending}>
              <IconCheck aria-hidden />
              {t('reply.use')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => void ask()} disabled={suggest.isPending}>
              {t('reply.again')}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button size="sm" variant="outline" onClick={() => void ask()} disabled={suggest.isPending}>
            <IconBulb aria-hidden />
            {suggest.isPending ? t('reply.thinking') : t('reply.suggest')}
          </Button>
        </div>
      )}
      {error && <Alert variant="error">{error}</Alert>}
    </Block>
  );
}
