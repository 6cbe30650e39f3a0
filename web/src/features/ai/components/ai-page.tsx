import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Segmented } from '@/components/ui/segmented';
import { useAbility } from '@/lib/ability';
import { ContactsView } from './contacts-view';
import { ConversationsView } from './conversations-view';
import { UsageBadge } from './usage-badge';

const route = getRouteApi('/_app/ai');

/**
 * `/ai` (issue 46, docs/ai.md): the AI area, the window's height. Conversations: the WhatsApp
 * threads (the messages module's), one per number, with the assistant beside the open one; contacts:
 * every number, linked to its client, kept apart for review, or blocked.
 */
export function AiPage() {
  const { t } = useTranslation('ai');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const readsMessages = useAbility().can('read', 'mensagens');
  const view = search.view ?? 'conversations';
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 className="text-lg font-semibold leading-tight">{t('title')}</h1>
        {readsMessages && (
          <div className="flex flex-wrap items-center gap-3">
            <Segmented label={t('views')} value={view} options={[{ value: 'conversations', label: t('conversations') }, { value: 'contacts', label: t('contacts.title') }] as const} onChange={(v) => void navigate({ search: { view: v === 'conversations' ? undefined : v }, replace: true })} />
            <UsageBadge />
          </div>
        )}
      </div>
      {!readsMessages ? (
        <p className="text-sm text-muted-foreground">{t('noMessages')}</p>
      ) : view === 'contacts' ? (
        <ContactsView />
      ) : (
        <ConversationsView />
      )}
    </div>
  );
}
