import type { Sale } from '@ev/shared/schemas/sales';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';

/** The order's figures: items, each discount and increase, the total (at the sale's decimals). */
export function TotalsBlock({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const money = (v: string) => format.money(v, sale.decimals);
  const { totals } = sale;
  const row = (label: string, value: string, sub = false, testId?: string) => (
    <div className={cn('flex justify-between gap-4', sub && 'ps-4 text-muted-foreground')} data-testid={testId}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{money(value)}</dd>
    </div>
  );
  return (
    <div className="flex max-w-md flex-col gap-1 text-sm" data-testid="sale-totals">
      <dl>{row(t('totals.items'), totals.items, false, 'sale-total-items')}</dl>
      <p className="pt-1 font-medium">{t('totals.discounts')}</p>
      <dl className="flex flex-col gap-1">
        {row(t('totals.discountItems'), totals.discounts.items, true)}
        {row(t('totals.discountGeneral'), totals.discounts.general, true)}
        {row(t('totals.discountPayment'), totals.discounts.payment, true)}
        {row(t('totals.discountOther'), totals.discounts.other, true)}
      </dl>
      <p className="pt-1 font-medium">{t('totals.increases')}</p>
      <dl className="flex flex-col gap-1">
        {row(t('totals.increasePayment'), totals.increases.payment, true)}
        {row(t('totals.increaseTransport'), totals.increases.transport, true)}
        {row(t('totals.increaseOther'), totals.increases.other, true)}
      </dl>
      <dl className="mt-1 border-t border-border pt-2 text-base font-semibold">
        <div className="flex justify-between gap-4" data-testid="sale-total">
          <dt>{t('totals.total')}</dt>
          <dd className="tabular-nums">{money(totals.total)}</dd>
        </div>
      </dl>
    </div>
  );
}
