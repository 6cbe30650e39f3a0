import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoadingBlocks } from '@/components/loading-blocks';
import { cardActionTexts, RecordCardActions } from '@/components/record-card-actions';
import { RecordDetails, RecordPageFrame, RECORD_ID, recordReadState, useCardToggles } from '@/components/record-page';
import { Alert } from '@/components/ui/alert';
import { CardContent } from '@/components/ui/card';
import { Section } from '@/components/ui/section';
import { useAbility } from '@/lib/ability';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { useSale } from '../api/sales-api';
import { ConsignmentSection } from './consignment-section';
import { DeliveryLinkSection } from './detail/delivery-link';
import { EntryActions } from './detail/entry-actions';
import { AddressBlock, AuthorizerFields, ExtraFields, ObservationFields, OrderFields, PaymentFields, SaleHeader, TransportFields } from './detail/fields';
import { HistoryList } from './detail/history';
import { InstallmentsTable } from './detail/installments';
import { ItemsTable } from './detail/items';
import { LocationBlock } from './detail/location';
import { DeleteDraftButton, MoveButtons } from './detail/moves';
import { SaleSendActions } from './detail/send';
import { StoreSection } from './detail/store';
import { TotalsBlock } from './detail/totals';

/**
 * `/sales/{id}` (read vendas): a sale or a draft, read only (the order entry edits drafts and
 * corrects pending sales), shown whole (docs/sales.md "The sale's page"): its header, the order's
 * data, payment, items, totals, installments, transport, shipping address, observations, extra
 * data, who authorized a price below the minimum, where it was closed, and the history (a store
 * order: its store part first, `detail/store.tsx`); the status
 * moves its user may make (docs/sales.md "Who moves a sale"); a draft's deletion, for who may
 * delete `vendas`. Each section in its file under `detail/`.
 */
export function SaleDetailPage({ id }: { id: string }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const ability = useAbility();
  const toggles = useCardToggles();
  const validId = RECORD_ID.test(id);
  const query = useSale(id, validId);
  const sale = query.data ?? null;
  const title = sale ? (sale.number === null ? t('draft') : t('number', { number: sale.number })) : t('singular');
  const back = { link: <Link to="/sales" search={sale?.status === 'typing' ? { tab: 'drafts' } : {}} />, label: t('title') };
  const readState = query.isPending && validId ? <LoadingBlocks label={t('loading')} rows={[{ count: 4, columns: 'sm:grid-cols-2 lg:grid-cols-4', height: 'h-10' }, { count: 1, height: 'h-40' }]} testId="sale-loading" /> : recordReadState({ validId, creating: false, query }, t, back);
  const closed = sale !== null && sale.status !== 'typing';

  return (
    <RecordPageFrame
      back={back}
      title={title}
      actions={<RecordCardActions texts={cardActionTexts(t)} onReload={validId ? () => void query.refetch() : undefined} {...toggles.actionProps(!!sale)} />}
    >
      <CardContent className={cn('flex flex-col gap-6', toggles.collapsed && 'hidden')}>
        {toggles.help && <Alert variant="info">{t('help')}</Alert>}
        {toggles.details && sale && (
          <RecordDetails
            record={sale}
            t={t}
            extra={
              sale.closedAt ? (
                <>
                  <dt className="text-muted-foreground">{t('details.closedAt')}</dt>
                  <dd>{format.dateTime(sale.closedAt)}</dd>
                </>
              ) : null
            }
          />
        )}
        {readState ??
          (sale && (
            <>
              <SaleHeader sale={sale} />
              <SaleSendActions sale={sale} />
              {(ability.can('create', 'vendas') || ability.can('update', 'vendas')) && <EntryActions sale={sale} canCreate={ability.can('create', 'vendas')} canEdit={ability.can('update', 'vendas')} />}
              {sale.status === 'typing' ? ability.can('delete', 'vendas') && <DeleteDraftButton sale={sale} /> : <MoveButtons key={sale.version} sale={sale} />}
              {sale.store && <StoreSection sale={sale} />}
              {sale.consignment && <ConsignmentSection sale={sale} canSettle={ability.can('update', 'vendas')} />}
              <Section title={t('detail.order')}>
                <OrderFields sale={sale} />
              </Section>
              <Section title={t('detail.payment')}>
                <PaymentFields sale={sale} />
              </Section>
              <Section title={t('detail.items')}>
                <ItemsTable sale={sale} />
              </Section>
              <Section title={t('detail.totals')}>
                <TotalsBlock sale={sale} />
              </Section>
              {closed && (
                <Section title={t('detail.installments')}>
                  <InstallmentsTable sale={sale} />
                </Section>
              )}
              <Section title={t('detail.transport')}>
                <TransportFields sale={sale} />
              </Section>
              <Section title={t('entry.shippingAddress')}>
                <AddressBlock sale={sale} />
              </Section>
              <Section title={t('detail.observations')}>
                <ObservationFields sale={sale} />
              </Section>
              <Section title={t('entry.extra')}>
                <ExtraFields sale={sale} />
              </Section>
              {sale.authorizer && (
                <Section title={t('detail.authorization')}>
                  <AuthorizerFields authorizer={sale.authorizer} />
                </Section>
              )}
              {closed && (
                <Section title={t('detail.location')}>
                  <LocationBlock sale={sale} />
                </Section>
              )}
              <DeliveryLinkSection sale={sale} />
              <Section title={t('detail.history')}>
                <HistoryList sale={sale} />
              </Section>
            </>
          ))}
      </CardContent>
    </RecordPageFrame>
  );
}
