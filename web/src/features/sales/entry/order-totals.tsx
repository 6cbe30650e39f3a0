import { Decimal } from '@ev/shared/money';
import type { SaleTotals } from '@ev/shared/sales/totals';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { Formatter } from '@/lib/format';
import type { EntryHeader } from './entry-state';

type Adjustment = 'generalDiscountPercent' | 'otherDiscount' | 'transportIncrease' | 'otherIncrease';

/**
 * The order's summary: its discounts and increases as typed, each figure of the shared
 * `saleTotals` and the installments the condition makes of the total.
 */
export function OrderTotals({
  header: h,
  totals,
  installments,
  orderDiscounts,
  fieldErrors,
  format,
  decimals,
  onHeader,
}: {
  header: EntryHeader;
  totals: SaleTotals;
  installments: { installment: number | string; dueDate: string; value: string }[];
  /** The company's "discounts on the order": the general discount and the other discount may be typed. */
  orderDiscounts: boolean;
  fieldErrors: Record<string, string>;
  format: Formatter;
  decimals: number;
  onHeader(patch: Partial<EntryHeader>): void;
}) {
  const { t } = useTranslation('sales');
  const fields: [Adjustment, string, boolean][] = [
    ['generalDiscountPercent', t('entry.generalDiscount'), !orderDiscounts],
    ['otherDiscount', t('entry.otherDiscount'), !orderDiscounts],
    ['transportIncrease', t('entry.transportIncrease'), false],
    ['otherIncrease', t('entry.otherIncrease'), false],
  ];
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-4">
        {fields.map(([field, label, off]) => (
          <FormField key={field} label={label} error={fieldErrors[field]}>
            <Input inputMode="decimal" autoComplete="off" disabled={off} className="text-end tabular-nums" value={h[field]} onChange={(e) => onHeader({ [field]: e.target.value })} />
          </FormField>
        ))}
      </div>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="entry-totals">
        <dt>{t('entry.totalItems', { count: totals.count })}</dt>
        <dd className="text-end tabular-nums">{format.money(totals.items, decimals)}</dd>
        <dt>{t('entry.discountItems')}</dt>
        <dd className="text-end tabular-nums">− {format.money(totals.discounts.items, decimals)}</dd>
        <dt>{t('entry.discountGeneral')}</dt>
        <dd className="text-end tabular-nums">− {format.money(totals.discounts.general, decimals)}</dd>
        <dt>{t('entry.discountPayment')}</dt>
        <dd className="text-end tabular-nums">− {format.money(totals.discounts.payment, decimals)}</dd>
        <dt>{t('entry.discountOther')}</dt>
        <dd className="text-end tabular-nums">− {format.money(totals.discounts.other, decimals)}</dd>
        {!new Decimal(totals.discounts.loyalty).isZero() && (
          <>
            <dt>{t('entry.discountLoyalty')}</dt>
            <dd className="text-end tabular-nums" data-testid="entry-loyalty-discount">
              − {format.money(totals.discounts.loyalty, decimals)}
            </dd>
          </>
        )}
        <dt>{t('entry.increasePayment')}</dt>
        <dd className="text-end tabular-nums">+ {format.money(totals.increases.payment, decimals)}</dd>
        <dt>{t('entry.increaseTransport')}</dt>
        <dd className="text-end tabular-nums">+ {format.money(totals.increases.transport, decimals)}</dd>
        <dt>{t('entry.increaseOther')}</dt>
        <dd className="text-end tabular-nums">+ {format.money(totals.increases.other, decimals)}</dd>
        <dt className="border-t border-border pt-1 text-base font-semibold">{t('entry.total')}</dt>
        <dd className="border-t border-border pt-1 text-end text-base font-semibold tabular-nums" data-testid="entry-total">
          {format.money(totals.total, decimals)}
        </dd>
      </dl>
      {installments.length > 0 && (
        <div className="text-sm">
          <p className="font-medium">{t('entry.installmentsPreview')}</p>
          <ul className="text-muted-foreground">
            {installments.map((p) => (
              <li key={p.installment}>
                {p.installment} · {format.date(p.dueDate)} · {format.money(p.value, decimals)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
