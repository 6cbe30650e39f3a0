import type { Sale } from '@ev/shared/schemas/sales';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { LARGE_QUERY, useMediaQuery } from '@/lib/preferences';
import { CardLine, CardRow, END, Scroller, TD, TH } from './parts';

/** The sale's installments as the client's financial position holds them, and where its payment stands: a table from `lg`, cards below. */
export function InstallmentsTable({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const large = useMediaQuery(LARGE_QUERY);
  if (!sale.installments.length) return <p className="text-sm text-muted-foreground">{t('detail.noInstallments')}</p>;
  const money = (v: string) => format.money(v, sale.decimals);
  return (
    <>
      <p className="text-sm" data-testid="sale-payment">
        {t('payment.title')}: <strong>{t(`payment.${sale.payment}`)}</strong>
      </p>
      {large ? (
        <Scroller label={t('detail.installments')}>
          <table className="w-full text-sm">
            <thead className="bg-muted/50">
              <tr>
                <th className={TH}>{t('installments.installment')}</th>
                <th className={TH}>{t('installments.dueDate')}</th>
                <th className={cn(TH, 'text-end')}>{t('installments.value')}</th>
                <th className={cn(TH, 'text-end')}>{t('installments.paidValue')}</th>
                <th className={TH}>{t('installments.status')}</th>
              </tr>
            </thead>
            <tbody>
              {sale.installments.map((i) => (
                <tr key={i.installment} className="border-t border-border" data-testid="sale-installment">
                  <td className={cn(TD, 'tabular-nums')}>{i.installment}</td>
                  <td className={cn(TD, 'whitespace-nowrap')}>{format.date(i.dueDate)}</td>
                  <td className={cn(TD, END)}>{money(i.value)}</td>
                  <td className={cn(TD, END)}>{money(i.paidValue)}</td>
                  <td className={TD}>{t(`installments.${i.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroller>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('detail.installments')}>
          {sale.installments.map((i) => (
            <CardRow key={i.installment} testId="sale-installment">
              <span className="flex justify-between gap-2 font-medium">
                <span className="tabular-nums">{i.installment}</span>
                <span>{t(`installments.${i.status}`)}</span>
              </span>
              <CardLine label={t('installments.dueDate')}>{format.date(i.dueDate)}</CardLine>
              <CardLine label={t('installments.value')}>{money(i.value)}</CardLine>
              <CardLine label={t('installments.paidValue')}>{money(i.paidValue)}</CardLine>
            </CardRow>
          ))}
        </ul>
      )}
    </>
  );
}
