import type { SaleTotals } from '@ev/shared/sales/totals';
import { useTranslation } from 'react-i18next';
import type { Formatter } from '@/lib/format';
import type { EntryLine } from './entry-state';
import { ItemRow, type LineOrder, type RowRules } from './item-row';

/** The order's lines in their order, each an `ItemRow` with the server's message on it, if any. */
export function OrderLines({
  lines,
  totals,
  free,
  rules,
  order,
  fieldErrors,
  lastPrices,
  campaignHints,
  format,
  decimals,
  freshKey,
  onChange,
  onRemove,
  onCancel,
}: {
  lines: EntryLine[];
  totals: SaleTotals;
  free: boolean;
  rules: RowRules;
  order: LineOrder;
  fieldErrors: Record<string, string>;
  lastPrices: Map<string, { unitPrice: string; date: string }> | null;
  /** A campaign in force on a line's product whose minimum quantity the line does not reach, by line. */
  campaignHints: Map<string, { name: string; minimum: string }>;
  format: Formatter;
  decimals: number;
  /** The line just added (scrolled into view, marked for a moment). */
  freshKey: string | null;
  onChange(key: string, patch: Partial<EntryLine>): void;
  onRemove(key: string): void;
  onCancel: ((key: string) => void) | undefined;
}) {
  const { t } = useTranslation('sales');
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">{t('entry.noLines')}</p>;
  return (
    <ol aria-labelledby="entry-items" className="flex flex-col gap-2 sm:gap-0">
      <li aria-hidden className="hidden text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[2.5rem_minmax(10rem,1fr)_6rem_7rem_5.5rem_7rem_2.5rem] sm:gap-2 sm:pb-2">
        <span>#</span>
        <span>{t('items.name')}</span>
        <span className="text-end">{t('items.quantity')}</span>
        <span className="text-end">{t('items.unitPrice')}</span>
        <span className="text-end">{t('items.discount')}</span>
        <span className="text-end">{t('items.total')}</span>
        <span />
      </li>
      {lines.map((line, i) => (
        <ItemRow
          key={line.key}
          line={line}
          position={i + 1}
          net={totals.lines[i]?.net ?? '0'}
          free={free}
          rules={rules}
          order={order}
          serverError={fieldErrors[`items.${i}.quantity`] ?? fieldErrors[`items.${i}.unitPrice`] ?? fieldErrors[`items.${i}.productId`] ?? fieldErrors[`items.${i}.discountPercent`]}
          lastPrice={lastPrices?.get(line.productId) ?? null}
          campaignHint={campaignHints.get(line.key) ?? null}
          format={format}
          decimals={decimals}
          fresh={line.key === freshKey}
          onChange={onChange}
          onRemove={onRemove}
          onCancel={onCancel}
        />
      ))}
    </ol>
  );
}
