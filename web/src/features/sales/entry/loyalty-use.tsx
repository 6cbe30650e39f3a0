import { Decimal } from '@ev/shared/money';
import type { LoyaltyBalance } from '@ev/shared/schemas/loyalty';
import type { SaleTotals } from '@ev/shared/sales/totals';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { Formatter } from '@/lib/format';
import { decimalText } from '@/lib/masks';
import { pointsOf, readable, type EntryHeader } from './entry-state';

/**
 * The client's cashback and points in the order (docs/loyalty.md "In an order"): what it has to
 * use today, and what this order uses of it, a payment discount the totals take off last and the
 * close debits, up to the order's total before it. A pending sale
 * being corrected keeps the use its close debited: shown, not typed.
 */
export function LoyaltyUse({
  balance,
  header: h,
  totals,
  kept,
  fieldErrors,
  format,
  decimals,
  onHeader,
}: {
  balance: LoyaltyBalance;
  header: EntryHeader;
  totals: Pick<SaleTotals, 'total' | 'discounts'>;
  kept: boolean;
  fieldErrors: Record<string, string>;
  format: Formatter;
  decimals: number;
  onHeader(patch: Partial<EntryHeader>): void;
}) {
  const { t } = useTranslation('sales');
  const cashbackTyped = h.loyaltyCashback ?? '';
  const pointsTyped = h.loyaltyPoints ?? '';
  if (kept) {
    return (
      <section aria-labelledby="entry-loyalty" className="rounded-md border border-border p-3 text-sm" data-testid="entry-loyalty">
        <Heading title={t('entry.loyalty.title')} />
        <p className="mt-1">
          {t('entry.loyalty.kept', {
            cashback: format.money(readable(cashbackTyped), decimals),
            points: format.number(pointsOf(pointsTyped), 0),
          })}
        </p>
      </section>
    );
  }
  // The most the order takes: its total before the use.
  const room = new Decimal(totals.total).plus(totals.discounts.loyalty);
  const allCashback = Decimal.max(0, Decimal.min(balance.cashback, room)).toFixed(decimals);
  const pointValue = new Decimal(balance.pointValue);
  // The most points the order's room takes (what is left after the cashback typed), whole.
  const roomForPoints = Decimal.max(0, room.minus(readable(cashbackTyped)));
  const allPoints = pointValue.gt(0) ? Math.min(balance.points, roomForPoints.div(pointValue).floor().toNumber()) : 0;
  const nothing = new Decimal(balance.cashback).isZero() && balance.points === 0;
  return (
    <section aria-labelledby="entry-loyalty" className="flex flex-col gap-3 rounded-md border border-border p-3 text-sm" data-testid="entry-loyalty">
      <Heading title={t('entry.loyalty.title')} />
      {nothing && !cashbackTyped && !pointsTyped ? (
        <p className="text-muted-foreground">{t('entry.loyalty.none')}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {(balance.enabled.cashback || cashbackTyped) && (
            <UseField
              label={t('entry.loyalty.cashback')}
              hint={t('entry.loyalty.cashbackAvailable', { amount: format.money(balance.cashback, decimals) })}
              error={fieldErrors['loyaltyUse.cashback']}
              value={cashbackTyped}
              inputMode="decimal"
              testId="entry-loyalty-cashback"
              onChange={(v) => onHeader({ loyaltyCashback: v.replace(/[^\d,.]/g, '') })}
              all={{ label: t('entry.loyalty.useAllCashback'), disabled: new Decimal(allCashback).isZero(), take: () => onHeader({ loyaltyCashback: decimalText(allCashback) }) }}
            />
          )}
          {(balance.enabled.points || pointsTyped) && (
            <UseField
              label={t('entry.loyalty.points')}
              hint={[
                t('entry.loyalty.pointsAvailable', { count: balance.points, points: format.number(balance.points, 0), value: format.money(balance.pointsValue, decimals), pointValue: format.money(balance.pointValue, 4) }),
                balance.nextExpiry ? t('entry.loyalty.nextExpiry', { count: balance.nextExpiry.points, points: format.number(balance.nextExpiry.points, 0), date: format.date(balance.nextExpiry.on) }) : '',
              ]
                .filter(Boolean)
                .join(' ')}
              error={fieldErrors['loyaltyUse.points']}
              value={pointsTyped}
              inputMode="numeric"
              maxLength={9}
              testId="entry-loyalty-points"
              onChange={(v) => onHeader({ loyaltyPoints: v.replace(/\D/g, '') })}
              all={{ label: t('entry.loyalty.useAllPoints'), disabled: allPoints <= 0, take: () => onHeader({ loyaltyPoints: String(allPoints) }) }}
            />
          )}
        </div>
      )}
      {fieldErrors.loyaltyUse && <p className="font-medium text-destructive">{fieldErrors.loyaltyUse}</p>}
    </section>
  );
}

/** One kind of the balance to use: its amount as typed, what is available, and a button that takes all the order can. */
function UseField(p: {
  label: string;
  hint: string;
  error?: string;
  value: string;
  inputMode: 'decimal' | 'numeric';
  maxLength?: number;
  testId: string;
  onChange(value: string): void;
  all: { label: string; disabled: boolean; take(): void };
}) {
  return (
    <div className="flex flex-col gap-2">
      <FormField label={p.label} hint={p.hint} error={p.error}>
        <Input inputMode={p.inputMode} autoComplete="off" className="text-end tabular-nums" maxLength={p.maxLength} value={p.value} data-testid={p.testId} onChange={(e) => p.onChange(e.target.value)} />
      </FormField>
      <Button type="button" variant="outline" size="sm" className="self-end" disabled={p.all.disabled} onClick={p.all.take}>
        {p.all.label}
      </Button>
    </div>
  );
}

/** The panel's title, with its gift (the section is labelled by it). */
function Heading({ title }: { title: string }) {
  return (
    <h3 id="entry-loyalty" className="flex items-center gap-1.5 font-medium">
      <IconGift aria-hidden className="size-4 text-primary" />
      {title}
    </h3>
  );
}
