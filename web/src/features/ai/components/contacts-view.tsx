import type { Contact } from '@ev/shared/schemas/messages';
import { IconBan, IconLink, IconMessage, IconUserPlus } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showWhatsApp } from '@/components/chat/phone';
import { ListEmpty, PagedList, pagedListTexts, usePagedRows } from '@/components/list';
import { SearchBox, useUrlSearchText } from '@/components/list/search-box';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Segmented } from '@/components/ui/segmented';
import { useAbility } from '@/lib/ability';
import { scopeUserOf, seesEveryClient } from '@/lib/client-scope';
import { apiErrorText } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { clientKeys, searchClients } from '@/lib/queries/clients';
import { useSession } from '@/lib/use-session';
import { useBlockContact, useContacts, useLinkContact } from '../api/ai-api';

const route = getRouteApi('/_app/ai');

/**
 * The contacts (docs/messages.md "Contacts"): every number that wrote or was written to, linked to
 * its client, kept apart for review, or blocked; a number is linked to a client, made a client, or
 * blocked (its messages are still kept; it leaves the conversations).
 */
export function ContactsView() {
  const { t } = useTranslation('ai');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const status = search.status ?? 'review';
  const text = useUrlSearchText(search.q, (q) => void navigate({ search: (s) => ({ ...s, q }), replace: true }));
  const list = useContacts(status, text.q);
  const paged = usePagedRows(list, `${status}|${text.q}`, 30);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Segmented label={t('contacts.state')} value={status} options={[{ value: 'review', label: t('contacts.review') }, { value: 'linked', label: t('contacts.linked') }, { value: 'blocked', label: t('contacts.blocked') }] as const} onChange={(v) => void navigate({ search: (s) => ({ ...s, status: v === 'review' ? undefined : v }), replace: true })} />
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <SearchBox label={t('contacts.search')} placeholder={t('searchPlaceholder')} value={text.typed} onChange={text.setTyped} />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto pe-1">
        <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'ai-contacts-skeleton', height: 'h-20' }} empty={<ListEmpty>{text.q ? t('noneFound') : t(`contacts.empty.${status}`)}</ListEmpty>}>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-2 md:grid-cols-2 xl:grid-cols-3" aria-label={t('contacts.title')}>
            {paged.rows.map((c) => (
              <ContactCard key={c.phone} contact={c} />
            ))}
          </ul>
        </PagedList>
      </div>
    </div>
  );
}

function ContactCard({ contact: c }: { contact: Contact }) {
  const { t } = useTranslation('ai');
  const format = useFormat();
  const ability = useAbility();
  const manages = ability.can('update', 'mensagens');
  // Blocking is the company's users' (a blocked number is in no salesman's list).
  const session = useSession().data;
  const blocks = manages && seesEveryClient(ability, scopeUserOf(session), 'mensagens');
  const [linking, setLinking] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const block = useBlockContact();
  const link = useLinkContact();
  const [error, setError] = useState<string | null>(null);
  const setBlocked = async (blocked: boolean) => {
    setError(null);
    try {
      await block.mutateAsync({ phone: c.phone, body: { blocked } });
      setBlocking(false);
    } catch (e) {
      setError(apiErrorText(e, t('contacts.failed')));
      setBlocking(false);
    }
  };
  const unlink = async () => {
    setError(null);
    try {
      await link.mutateAsync({ phone: c.phone, body: { clientId: null } });
    } catch (e) {
      setError(apiErrorText(e, t('contacts.failed')));
    }
  };
  const title = c.clientName ?? c.contactName ?? showWhatsApp(c.phone);
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border bg-card p-3 text-sm" data-testid="ai-contact">
      <div className="min-w-0">
        <p className="truncate font-medium">{title}</p>
        <p className="text-xs text-muted-foreground">
          <span className="font-mono">{showWhatsApp(c.phone)}</span>
          {c.contactName && c.contactName !== title && ` · ${t('contacts.whatsappName', { name: c.contactName })}`}
        </p>
        <p className="mt-1 truncate text-xs">{c.lastText}</p>
        <p className="text-xs text-muted-foreground">{t('contacts.lastAt', { at: format.dateTime(c.lastAt) })}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {c.status !== 'blocked' && (
          <Button size="sm" variant="outline" asChild>
            <Link from="/ai" search={{ kind: c.status === 'linked' ? undefined : 'unknown', phone: c.phone }}>
              <IconMessage aria-hidden />
              {t('contacts.open')}
            </Link>
          </Button>
        )}
        {manages && c.status === 'review' && (
          <>
            <Button size="sm" variant="outline" onClick={() => setLinking(true)}>
              <IconLink aria-hidden />
              {t('contacts.link')}
            </Button>
            {ability.can('create', 'clientes') && (
              <Button size="sm" variant="outline" asChild>
                <Link to="/clients/$id" params={{ id: 'new' }} search={{ name: c.contactName ?? undefined, contact: c.phone }}>
                  <IconUserPlus aria-hidden />
                  {t('contacts.createClient')}
                </Link>
              </Button>
            )}
          </>
        )}
        {manages && c.status === 'linked' && (
          <Button size="sm" variant="ghost" onClick={() => void unlink()} disabled={link.isPending}>
            {t('contacts.unlink')}
          </Button>
        )}
        {blocks &&
          (c.status === 'blocked' ? (
            <Button size="sm" variant="outline" onClick={() => void setBlocked(false)} disabled={block.isPending}>
              {t('contacts.unblock')}
            </Button>
          ) : (
            <Button size="sm" variant="ghost" onClick={() => setBlocking(true)}>
              <IconBan aria-hidden />
              {t('contacts.block')}
            </Button>
          ))}
      </div>
      {error && <Alert variant="error">{error}</Alert>}
      {linking && <LinkDialog contact={c} onClose={() => setLinking(false)} />}
      <ConfirmDialog open={blocking} onOpenChange={setBlocking} title={t('contacts.blockTitle', { name: title })} description={t('contacts.blockHint')} confirmLabel={t('contacts.block')} cancelLabel={t('cancel')} onConfirm={() => void setBlocked(true)} busy={block.isPending} destructive />
    </li>
  );
}

/** Links a number to a client the user sees (the clients' own search). */
function LinkDialog({ contact, onClose }: { contact: Contact; onClose(): void }) {
  const { t } = useTranslation('ai');
  const link = useLinkContact();
  const [clientId, setClientId] = useState<string | null>(null);
  const [label, setLabel] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!clientId) return;
    setError(null);
    try {
      await link.mutateAsync({ phone: contact.phone, body: { clientId } });
      onClose();
    } catch (e) {
      setError(apiErrorText(e, t('contacts.failed')));
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader title={t('contacts.linkTitle', { number: showWhatsApp(contact.phone) })} description={t('contacts.linkHint')} closeLabel={t('close')} />
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Label htmlFor="ai-link-client">{t('contacts.client')}</Label>
          <Combobox
            id="ai-link-client"
            value={clientId}
            selectedLabel={label}
            queryKey={clientKeys.search({ limit: '10', picker: 'contact' })}
            texts={{ placeholder: t('contacts.chooseClient'), search: t('contacts.searchClient'), empty: t('contacts.noClients'), loading: t('loading'), failed: t('fetchFailed') }}
            search={async (q, signal) => (await searchClients(q, signal, 10)).map((c) => ({ value: c.id, label: c.name, description: [c.nickname, c.document].filter(Boolean).join(' · ') }))}
            onChange={(value, option) => {
              setClientId(value);
              setLabel(option?.label ?? null);
            }}
          />
          {error && <Alert variant="error">{error}</Alert>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!clientId || link.isPending}>
              {t('contacts.link')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
