import type { Sale, SaleItem } from '@ev/shared/schemas/sales';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { LARGE_QUERY, useMediaQuery } from '@/lib/preferences';
import { CampaignBadge } from '../campaign-badge';
import { CardLine, CardRow, END, Scroller, TD, TH } from './parts';

function CancelledMark() {
  const { t } = useTranslation('sales');
  return <span className="ms-2 inline-flex rounded-full border border-destructive/60 bg-destructive/10 px-2 py-0.5 text-xs font-medium text-foreground">{t('detail.cancelledItem')}</span>;
}

/** A line's quantity: a settled consigned line's sold beside lent, a cut line's beside what was asked. */
function useQuantityText() {
  const { t } = useTranslation('sales');
  const format = useFormat();
  return (item: SaleItem) => {
    const quantity = format.quantity(item.quantity);
    return item.sold != null ? t('detail.sold', { sold: format.quantity(item.sold), lent: quantity }) : item.quantityAsked ? t('detail.asked', { quantity, asked: format.quantity(item.quantityAsked) }) : quantity;
  };
}

/** The sale's lines: a table from `lg`, cards below it (a cancelled line struck through and marked). */
export function ItemsTable({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const large = useMediaQuery(LARGE_QUERY);
  const quantityOf = useQuantityText();
  if (!sale.items.length) return <p className="text-sm text-muted-foreground">{t('detail.noItems')}</p>;
  const places = sale.decimals;
  if (!large) {
    return (
      <ul className="flex flex-col gap-2" aria-label={t('detail.items')}>
        {sale.items.map((item) => (
          <CardRow key={item.index} testId="sale-item" muted={item.cancelled} data-cancelled={item.cancelled || undefined}>
            <span className="flex flex-wrap items-center gap-x-2">
              <span className="tabular-nums text-muted-foreground">{item.index + 1}.</span>
              <span className={cn('font-medium', item.cancelled && 'line-through')}>{item.name}</span>
              {item.cancelled && <CancelledMark />}
            </span>
            <span className="font-mono text-xs text-muted-foreground">{item.ref}</span>
            {item.campaign && <CampaignBadge campaign={item.campaign} format={format} places={places} testId="sale-item-campaign" />}
            <div className={cn('flex flex-col gap-0.5', item.cancelled && 'line-through')}>
              <CardLine label={t('items.quantity')}>{quantityOf(item)}</CardLine>
              <CardLine label={t('items.unitPrice')}>{format.money(item.unitPrice, places)}</CardLine>
              {item.discountPercent && <CardLine label={t('items.discount')}>{format.number(item.discountPercent, 2)}</CardLine>}
              <CardLine label={t('items.total')} strong>
                {format.money(item.total, places)}
              </CardLine>
            </div>
            {item.cancelled && item.cancelReason && (
              <span className="text-xs">
                {t('history.reason')}: {item.cancelReason}
              </span>
            )}
          </CardRow>
        ))}
      </ul>
    );
  }
  return (
    <Scroller label={t('detail.items')}>
      <table className="w-full text-sm">
        <thead className="bg-muted/50">
          <tr>
            <th className={TH}>{t('items.index')}</th>
            <th className={TH}>{t('items.ref')}</th>
            <th className={TH}>{t('items.name')}</th>
            <th className={cn(TH, 'text-end')}>{t('items.quantity')}</th>
            <th className={cn(TH, 'text-end')}>{t('items.unitPrice')}</th>
            <th className={cn(TH, 'text-end')}>{t('items.discount')}</th>
            <th className={cn(TH, 'text-end')}>{t('items.total')}</th>
          </tr>
        </thead>
        <tbody>
          {sale.items.map((item) => (
            <tr key={item.index} data-testid="sale-item" data-cancelled={item.cancelled || undefined} className={cn('border-t border-border', item.cancelled && 'text-muted-foreground')}>
              {/* The line's position on the order (the API counts from 0). */}
              <td className={cn(TD, 'tabular-nums')}>{item.index + 1}</td>
              <td className={cn(TD, 'whitespace-nowrap font-mono text-xs')}>{item.ref}</td>
              <td className={TD}>
                <span className={cn(item.cancelled && 'line-through')}>{item.name}</span>
                {item.cancelled && <CancelledMark />}
                {item.campaign && <CampaignBadge campaign={item.campaign} format={format} places={places} testId="sale-item-campaign" />}
                {item.cancelled && item.cancelReason && (
                  <span className="block text-xs">
                    {t('history.reason')}: {item.cancelReason}
                  </span>
                )}
              </td>
              <td className={cn(TD, END, item.cancelled && 'line-through')}>{quantityOf(item)}</td>
              <td className={cn(TD, END, item.cancelled && 'line-through')}>{format.money(item.unitPrice, places)}</td>
              <td className={cn(TD, END, item.cancelled && 'line-through')}>{item.discountPercent ? format.number(item.discountPercent, 2) : '—'}</td>
              <td className={cn(TD, END, 'font-medium', item.cancelled && 'line-through')}>{format.money(item.total, places)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroller>
  );
}
