import type { Sale } from '@ev/shared/schemas/sales';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Section } from '@/components/ui/section';
import { useFormat } from '@/lib/format';
import { Fields } from './parts';

/** The processors' names as the staff know them (another one: its own name). */
const PROCESSORS: Record<string, string> = { sandbox: 'Sandbox', mercadopago: 'Mercado Pago' };

/**
 * "Loja virtual" (docs/store.md "The staff's side"): a store order's own part, what the spec names
 * (its state, payment method, processor, payment id, buyer IP, browser), its Pix (amount, until
 * when) and when it was paid. A payment in review (an amount other than the Pix's, or one after
 * the Pix expired) while the sale is still pending is a warning saying why, what arrived and when,
 * and what the staff do; once the sale has been moved by hand, what arrived stays on record.
 */
export function StoreSection({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const s = sale.store;
  if (!s) return null;
  const { pix, review, userAgent, paidAt } = s.details;
  const open = sale.status === 'pending';
  return (
    <Section title={t('store.title')} boxed className="gap-3" data-testid="sale-store">
      {review && (
        <Alert variant={s.status === 'review' && open ? 'warning' : 'info'} data-testid="sale-store-review">
          <p className="font-medium">{s.status === 'review' && open ? t('store.reviewTitle') : t('store.reviewResolved', { status: t(`status.${sale.status}`) })}</p>
          <p>{t(`store.reviewReason.${review.reason}`)}</p>
          <p className="tabular-nums">
            {t('store.reviewPaid', { amount: format.money(review.amount, 2), date: format.dateTime(review.at), expected: pix ? format.money(pix.amount, 2) : format.money(sale.totals.total, sale.decimals) })}
          </p>
          <p className="break-words">{t('store.reviewPayment', { id: review.paymentId })}</p>
          {s.status === 'review' && open && <p>{t(`store.reviewAction.${review.reason}`)}</p>}
        </Alert>
      )}
      <Fields
        testId="sale-store-fields"
        rows={[
          { label: t('store.state'), value: t(`store.states.${s.status}`), testId: 'sale-store-state' },
          { label: t('store.method'), value: t(`store.methods.${s.paymentMethod}`), testId: 'sale-store-method' },
          { label: t('store.processor'), value: s.processor ? (PROCESSORS[s.processor] ?? s.processor) : null, testId: 'sale-store-processor' },
          { label: t('store.paymentId'), value: s.paymentId, testId: 'sale-store-payment-id' },
          ...(pix
            ? [
                { label: t('store.pixAmount'), value: <span className="tabular-nums">{format.money(pix.amount, 2)}</span>, testId: 'sale-store-pix-amount' },
                { label: t('store.pixUntil'), value: format.dateTime(pix.expiresAt), testId: 'sale-store-pix-until' },
              ]
            : []),
          ...(paidAt ? [{ label: t('store.paidAt'), value: format.dateTime(paidAt), testId: 'sale-store-paid-at' }] : []),
          { label: t('store.buyerIp'), value: s.buyerIp, testId: 'sale-store-ip' },
          { label: t('store.userAgent'), value: userAgent, testId: 'sale-store-user-agent', wide: true },
        ]}
      />
    </Section>
  );
}
