import type { Sale, SaleStatus } from '@ev/shared/schemas/sales';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { CopyField } from '@/components/ui/copy-field';
import { Section } from '@/components/ui/section';
import { apiErrorText } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { useDeliveryLink } from '../../api/delivery-api';

/** The statuses whose delivery is ahead, or done (the link then shows the success page): a draft has none, a cancelled or refunded sale no use for one. */
const WITH_LINK: readonly SaleStatus[] = ['pending', 'paid', 'processing', 'receipt', 'delivered', 'completed'];

/** The sale's delivery link where it has one (the section and the message to the client read the same query). */
export function useSaleDeliveryLink(sale: Sale) {
  const shown = WITH_LINK.includes(sale.status);
  return { shown, link: useDeliveryLink(sale.id, shown) };
}

/**
 * The sale's delivery confirmation link (docs/sales.md "The delivery confirmation"), to copy into a
 * message to the client or the driver: whoever opens it confirms the delivery once, without a session.
 */
export function DeliveryLinkSection({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const { shown, link } = useSaleDeliveryLink(sale);
  if (!shown) return null;
  return (
    <Section title={t('detail.deliveryLink.title')} data-testid="sale-delivery-link">
      {link.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('loading')}
        </p>
      ) : link.isError ? (
        <Alert variant="error">{apiErrorText(link.error, t('detail.deliveryLink.failed'))}</Alert>
      ) : (
        <>
          <CopyField id={`sale-delivery-link-${sale.id}`} label={t('detail.deliveryLink.label')} value={link.data.url} copyLabel={t('detail.deliveryLink.copy')} copiedLabel={t('detail.deliveryLink.copied')} />
          <p className="text-sm text-muted-foreground">{t('detail.deliveryLink.hint', { date: format.date(link.data.expiresAt) })}</p>
        </>
      )}
    </Section>
  );
}
