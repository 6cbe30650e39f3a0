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
        {totals.discounts.loyalty && Number(totals.discounts.loyalty) > 0 ? row(t('totals.discountLoyalty'), totals.discounts.loyalty, true, 'sale-total-loyalty') : null}
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
      <LoyaltyFacts sale={sale} />
    </div>
  );
}

/** What the sale did with the client's cashback and points (docs/loyalty.md): its credit at paid, what was taken back of it, the use given back. */
function LoyaltyFacts({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const l = sale.loyalty;
  if (!l || (!l.credit && !l.returned)) return null;
  const amounts = (cashback: string, points: number) => t('totals.loyaltyAmounts', { cashback: format.money(cashback, sale.decimals), count: points, points: format.number(points, 0) });
  return (
    <ul className="mt-2 flex flex-col gap-0.5 text-muted-foreground" data-testid="sale-loyalty">
      {l.credit && (
        <li>
          {t('totals.loyaltyCredit', { amounts: amounts(l.credit.cashback, l.credit.points) })}
          {l.credit.expiresOn && l.credit.points > 0 ? ` ${t('totals.loyaltyExpires', { date: format.date(l.credit.expiresOn) })}` : ''}
        </li>
      )}
      {l.reversed && <li>{t('totals.loyaltyReversed', { amounts: amounts(l.reversed.cashback, l.reversed.points) })}</li>}
      {l.returned && <li>{t('totals.loyaltyReturned')}</li>}
    </ul>
  );
}
