import type { Client } from '@ev/shared/schemas/clients';
import { IconChartLine } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';

import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { RecordDetails, RecordPageFrame, useRecordPage } from '@/components/record-page';
import { CardContent } from '@/components/ui/card';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/use-session';
import { useFinancialPosition } from '../api/clients-financial-api';
import { cn } from '@/lib/cn';
import { useOfflineStatus } from '@/lib/offline/status';
import { useClient, useLinkCreatedContact, useRevalidateClient, useSaveClient, type ClientShown } from '../api/clients-api';
import { useClientMessage } from '../messages';
import { Badge, FlagBadges, SituationBadge, StatusBadge } from './badges';
import { ClientForm, type ClientPrefill } from './client-form';
import { CLIENT_VIEW_TABS, ClientView, type ClientViewTab } from './client-view';
import { DeviceFinancial } from './device-financial';

/**
 * `/clients/{id}`: a client, viewed and edited in place; `/clients/new` creates one. A header card
 * (name, situation, status, completeness, credit limit) with the spec's card actions (reload,
 * help, collapse, show, reload cache, new), then the client's tabs (`tabs`: those other features
 * add, composed by the route).
 */
export function ClientDetailPage({ id, tabs: extraTabs = [], prefill }: { id: string; tabs?: readonly ClientViewTab[]; prefill?: ClientPrefill }) {
  // The company's "show pending titles and credits" (spec section 3): open titles and available credit in the header.
  const showPending = useSession().data?.company.settings.customers.showPendingTitlesAndCredits ?? false;
  const { t } = useTranslation(['clients', 'clients-financial']);
  const format = useFormat();
  const message = useClientMessage();
  const navigate = useNavigate();
  const revalidate = useRevalidateClient();
  // A client made from a WhatsApp contact: the contact is linked to it (its conversation becomes the client's).
  const linkContact = useLinkCreatedContact(prefill?.contact);
  const page = useRecordPage<Client>({ id, subject: 'clientes', read: useClient, save: useSaveClient(), revalidate, openCreated: (saved: string) => void linkContact(saved).then(() => navigate({ to: '/clients/$id', params: { id: saved }, replace: true })), newLink: <Link to="/clients/$id" params={{ id: 'new' }} />, back: { link: <Link to="/clients" />, label: t('title') }, t });
  const { creating, record: client, collapsed, help, details } = page;
  const title = creating ? t('newTitle') : client ? client.name : t('singular');
  // Without signal the record is the device's (docs/offline.md, "Clients offline"): read only, the server's tabs say so.
  const status = useOfflineStatus();
  const fromDevice = !!(client as ClientShown | null)?.fromDevice;
  const offline = fromDevice || !status.online;

  const body = page.readState() ?? (
    <ClientView
      key={page.formKey}
      tabs={extraTabs.length ? [...CLIENT_VIEW_TABS, ...extraTabs] : CLIENT_VIEW_TABS}
      client={client}
      offline={offline}
      form={<ClientForm record={client} prefill={prefill} readOnly={!page.canEdit || fromDevice} save={page.save} onSaved={page.onSaved} onCancel={() => void navigate({ to: '/clients' })} />}
    />
  );

  return (
    <RecordPageFrame
      back={page.back}
      title={title}
      actions={page.cardActions(
        client
          ? [
              {
                label: t('clients-financial:dashboard.title'),
                link: (
                  <Link to="/clients/dashboard-one/$id" params={{ id: client.id }}>
                    <IconChartLine aria-hidden />
                  </Link>
                ),
              },
            ]
          : [],
      )}
    >
      {/* Collapsing hides the card's content without unmounting it: nothing typed is lost. */}
      <CardContent className={cn('flex flex-col gap-4', collapsed && 'hidden')}>
        {help && <Alert variant="info">{t('help')}</Alert>}
        {fromDevice && (
          <Alert variant="info" data-testid="client-from-device">
            {status.lastSync ? t('offline.recordBanner', { at: format.dateTime(status.lastSync.at) }) : t('offline.recordNoSync')}
          </Alert>
        )}
        {client && (
          <div className="flex flex-col gap-3" data-testid="client-summary">
            <div className="flex flex-wrap items-center gap-2">
              <SituationBadge situation={client.situation} />
              <StatusBadge status={client.status} />
              {client.incomplete ? <FlagBadges incomplete blocked={false} /> : <Badge kind="good">{t('badges.complete')}</Badge>}
              <FlagBadges incomplete={false} blocked={client.blocked} />
              <span className="text-sm text-muted-foreground">
                {t('creditLimit')}: <span className="font-medium text-foreground">{client.creditLimit ? format.money(client.creditLimit) : t('noCreditLimit')}</span>
              </span>
            </div>
            {showPending && (offline ? <DeviceFinancial clientId={client.id} compact /> : <PendingFigures clientId={client.id} />)}
            {client.incomplete && <Alert variant="warning">{message('incomplete')}</Alert>}
            {client.blocked && <Alert variant="warning">{message('situationBlocks')}</Alert>}
          </div>
        )}
        {details && client && (
          <RecordDetails
            record={client}
            t={t}
            extra={
              <>
                <dt className="text-muted-foreground">{t('details.lastPurchase')}</dt>
                <dd>{format.date(client.lastPurchaseDate) || '—'}</dd>
              </>
            }
          />
        )}
        {body}
      </CardContent>
    </RecordPageFrame>
  );
}

/** The client's open titles and available credit, from its financial position (company setting). */
function PendingFigures({ clientId }: { clientId: string }) {
  const { t } = useTranslation('clients-financial');
  const format = useFormat();
  const position = useFinancialPosition(clientId, { status: '', type: '' });
  if (!position.data) return null;
  const { totals, credit } = position.data;
  return (
    <p className="flex flex-wrap gap-x-4 text-sm text-muted-foreground" data-testid="client-pending">
      <span>
        {t('totals.open')}: <span className="font-medium text-foreground">{format.money(totals.open)}</span>
      </span>
      <span>
        {t('totals.expired')}: <span className="font-medium text-foreground">{format.money(totals.expired)}</span>
      </span>
      {credit.available !== null && (
        <span>
          {t('credit.available')}: <span className="font-medium text-foreground">{format.money(credit.available)}</span>
        </span>
      )}
    </p>
  );
}
