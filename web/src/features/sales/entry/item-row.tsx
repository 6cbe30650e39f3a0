import { minimumPriceIssue, SaleTexts } from '@ev/shared/sales/texts';
import { Decimal } from '@ev/shared/money';
import { IconArrowBackUp, IconCircleX, IconTrash } from '@tabler/icons-react';
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { textOf } from '@/lib/api-error-text';
import { decimalText } from '@/lib/masks';
import { cn } from '@/lib/cn';
import type { Formatter } from '@/lib/format';
import { CampaignBadge } from '../components/campaign-badge';
import { typed, type EntryLine } from './entry-state';

export interface RowRules {
  checkStock: boolean;
  priceLocked: boolean;
  itemDiscounts: boolean;
  passwordAuthorization: boolean;
  /** The company's "table price" setting: the resolved price beside the line. */
  showTablePrice: boolean;
}

const number = (v: string): Decimal | null => {
  const t = typed(v);
  return /^\d+(?:\.\d+)?$/.test(t) ? new Decimal(t) : null;
};

/** The order's figures a line's minimum price reads: its general discount (as typed) and whether it is free. */
export interface LineOrder {
  generalDiscountPercent: string;
  free: boolean;
}

/**
 * What a line says before any save (spec section 5): a unit the client pays below the product's
 * minimum (after the line's and the general discount, the close's own rule), stock short of the
 * quantity.
 */
export function lineNotes(line: EntryLine, rules: RowRules, order: LineOrder, decimals: number): { price: string | null; stock: { text: string; blocking: boolean } | null } {
  const price = number(line.unitPrice);
  const discount = number(line.discountPercent)?.toFixed() ?? null;
  const general = number(order.generalDiscountPercent)?.toFixed() ?? null;
  const issue = price === null ? null : minimumPriceIssue({ ...line, unitPrice: price.toFixed(), discountPercent: discount }, { generalDiscountPercent: general, free: order.free }, decimals);
  const below = issue ? textOf(issue) : null;
  const quantity = number(line.quantity);
  let stock: { text: string; blocking: boolean } | null = null;
  if (rules.checkStock && !line.cancelled && quantity !== null && line.available !== null && quantity.gt(line.available)) {
    const available = new Decimal(line.available);
    const shown = available.toFixed().replace('.', ',');
    stock = available.lte(0)
      ? { text: textOf(SaleTexts.stockInsufficient({ name: line.name, available: shown })), blocking: true }
      : { text: textOf(SaleTexts.stockLower({ name: line.name, available: shown })), blocking: false };
  }
  return { price: below, stock };
}

interface ItemRowProps {
  line: EntryLine;
  position: number;
  net: string;
  free: boolean;
  rules: RowRules;
  /** The order's general discount and situation: what the client pays a unit. */
  order: LineOrder;
  /** The server's message on this line (a close refused on its quantity or price). */
  serverError: string | undefined;
  /** The company's "last price" setting: what the client paid for this product the last time, and when. */
  lastPrice: { unitPrice: string; date: string } | null;
  /** A campaign in force on the product whose minimum quantity the line does not reach. */
  campaignHint: { name: string; minimum: string } | null;
  format: Formatter;
  decimals: number;
  /** The line just added: scrolled into view and marked for a moment. */
  fresh: boolean;
  onChange(key: string, patch: Partial<EntryLine>): void;
  onRemove(key: string): void;
  /**
   * A pending sale being corrected: a line of the sale is cancelled (with its reason, asked by the
   * page) rather than removed, and a cancelled one can be restored. Absent: a draft's line is removed.
   */
  onCancel?(key: string): void;
}

/** The unit a product is sold in and its package ('UN · FD 10X1KG'), or null. */
export const unitAndPackage = (p: { unitName?: string | null; package?: string | null }) => [p.unitName, p.package].filter(Boolean).join(' · ') || null;

/**
 * One line of the order: quantity, unit price, discount, its total, the stock of the session's
 * branch and the price's source; below the small breakpoint a card (name and unit over one row of
 * fields), a table row above it. A stock short of the quantity is answered on the line (take what
 * is available, or keep the quantity: the close then asks). Memoised: typing on a line renders that
 * line and the totals, not the other 999.
 */
export const ItemRow = memo(function ItemRow({ line, position, net, free, rules, order, serverError, lastPrice, campaignHint, format, decimals, fresh, onChange, onRemove, onCancel }: ItemRowProps) {
  const { t } = useTranslation('sales');
  const notes = lineNotes(line, rules, order, decimals);
  const id = `line-${line.key}`;
  const priceError = notes.price ?? (serverError && /pre[çc]o|price/i.test(serverError) ? serverError : null);
  const quantityNote = serverError && !priceError ? { text: serverError, blocking: true } : notes.stock;
  // A line of a pending sale being corrected: cancelled with a reason (it stays, counting nowhere), or restored.
  const cancellable = !!onCancel && line.index !== null && line.index !== undefined;
  const frozen = cancellable && line.cancelled;
  const unit = unitAndPackage(line);
  // Short of stock but some available: the line offers to take what there is.
  const takeAvailable = notes.stock && !notes.stock.blocking && line.available !== null && !serverError ? line.available : null;
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (fresh) ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [fresh]);
  const label = 'text-xs text-muted-foreground sm:sr-only';
  return (
    <li
      ref={ref}
      data-testid="entry-line"
      data-fresh={fresh || undefined}
      className={cn(
        'grid grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)_minmax(0,1fr)_auto] gap-x-2 gap-y-2 rounded-md border border-border p-2 transition-colors duration-700 sm:grid-cols-[2.5rem_minmax(10rem,1fr)_6rem_7rem_5.5rem_7rem_2.5rem] sm:items-start sm:rounded-none sm:border-x-0 sm:border-b-0 sm:px-0 sm:py-3',
        fresh && 'bg-primary/10',
      )}
    >
      <span className="hidden pt-2 text-sm tabular-nums text-muted-foreground sm:block">{position}</span>
      <div className="col-span-3 min-w-0 sm:col-span-1">
        <p className="break-words text-sm font-medium" id={`${id}-name`}>
          <span className="font-mono text-xs text-muted-foreground">{line.ref}</span> {line.name}
          {unit && (
            <span className="ms-1.5 inline-block rounded bg-muted px-1 text-xs font-normal text-muted-foreground" data-testid="line-unit">
              {unit}
            </span>
          )}
        </p>
        <p className="text-xs text-muted-foreground" data-testid="line-stock">
          {line.available !== null && t('entry.stock', { quantity: format.quantity(line.available) })}
          {rules.showTablePrice && line.listPrice !== null && ` · ${t('entry.tablePrice', { price: format.money(line.listPrice, decimals) })}`}
          {line.priceSource && ` (${t(`entry.source.${line.priceSource}`, { defaultValue: line.priceSource })})`}
        </p>
        {lastPrice && (
          <p className="text-xs text-muted-foreground" data-testid="last-price">
            {t('entry.lastPrice', { price: format.money(lastPrice.unitPrice, decimals), date: format.date(lastPrice.date) })}
          </p>
        )}
        {line.campaign && <CampaignBadge campaign={line.campaign} format={format} places={decimals} testId="line-campaign" />}
        {campaignHint && (
          <p className="text-xs text-muted-foreground" data-testid="line-campaign-hint">
            {t('entry.campaignFrom', { name: campaignHint.name, quantity: format.decimal(campaignHint.minimum) })}
          </p>
        )}
        {line.reason && (
          <p className="text-xs font-medium text-destructive" data-testid="line-reason">
            {line.reason}
          </p>
        )}
        {frozen && (
          <p className="text-xs font-medium text-destructive" data-testid="cancelled-line">
            {line.cancelReason ? t('entry.cancelledLine', { reason: line.cancelReason }) : t('detail.cancelledItem')}
          </p>
        )}
      </div>
      <div className="order-1 flex flex-col justify-end gap-1 sm:order-none">
        <label htmlFor={`${id}-q`} className={label}>
          {/* On a phone's narrow column the short word shows; the field's name stays the whole one. */}
          <span aria-hidden className="sm:hidden">
            {t('items.quantityShort')}
          </span>
          <span className="max-sm:sr-only">{t('items.quantity')}</span>
        </label>
        <Input
          id={`${id}-q`}
          inputMode="decimal"
          autoComplete="off"
          aria-describedby={quantityNote ? `${id}-qn` : undefined}
          aria-invalid={quantityNote?.blocking || undefined}
          disabled={frozen}
          value={line.quantity}
          onChange={(e) => onChange(line.key, { quantity: e.target.value })}
          className="px-2 text-end tabular-nums"
        />
      </div>
      <div className="order-1 flex flex-col justify-end gap-1 sm:order-none">
        <label htmlFor={`${id}-p`} className={label}>
          {t('items.unitPrice')}
        </label>
        <Input
          id={`${id}-p`}
          inputMode="decimal"
          autoComplete="off"
          readOnly={rules.priceLocked}
          disabled={frozen}
          aria-describedby={priceError ? `${id}-pn` : undefined}
          aria-invalid={priceError ? true : undefined}
          value={line.unitPrice}
          onChange={(e) => onChange(line.key, { unitPrice: e.target.value })}
          className={cn('px-2 text-end tabular-nums', rules.priceLocked && 'bg-muted')}
        />
      </div>
      <div className="order-1 flex flex-col justify-end gap-1 sm:order-none">
        <label htmlFor={`${id}-d`} className={label}>
          {t('items.discount')}
        </label>
        <Input
          id={`${id}-d`}
          inputMode="decimal"
          autoComplete="off"
          disabled={free || !rules.itemDiscounts || frozen}
          value={free ? '' : line.discountPercent}
          onChange={(e) => onChange(line.key, { discountPercent: e.target.value })}
          className="px-2 text-end tabular-nums"
        />
      </div>
      <p className="order-1 flex flex-col items-end justify-end gap-1 pb-2 text-end text-sm font-medium tabular-nums sm:order-none sm:flex-row sm:items-center sm:pb-0 sm:pt-2">
        <span className="text-xs font-normal text-muted-foreground sm:hidden">{t('items.total')}</span>
        <span data-testid="line-total">{format.money(net, decimals)}</span>
      </p>
      {cancellable ? (
        frozen ? (
          <Button variant="ghost" size="icon" aria-label={t('entry.restoreLine', { name: line.name })} onClick={() => onChange(line.key, { cancelled: false, cancelReason: '' })} className="col-start-4 row-start-1 justify-self-end sm:col-start-auto sm:row-start-auto">
            <IconArrowBackUp />
          </Button>
        ) : (
          <Button variant="ghost" size="icon" aria-label={t('entry.cancelLine', { name: line.name })} onClick={() => onCancel(line.key)} className="col-start-4 row-start-1 justify-self-end sm:col-start-auto sm:row-start-auto">
            <IconCircleX />
          </Button>
        )
      ) : (
        <Button variant="ghost" size="icon" aria-label={t('entry.removeLine', { name: line.name })} onClick={() => onRemove(line.key)} className="col-start-4 row-start-1 justify-self-end sm:col-start-auto sm:row-start-auto">
          <IconTrash />
        </Button>
      )}
      {(priceError || quantityNote) && (
        <div className="order-2 col-span-4 flex flex-col gap-1 sm:order-none sm:col-span-7 sm:ps-10">
          {priceError && (
            <p id={`${id}-pn`} className="text-xs font-medium text-destructive">
              {priceError}
              {notes.price && rules.passwordAuthorization && ` ${t('entry.passwordAtClose')}`}
            </p>
          )}
          {quantityNote && (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <p id={`${id}-qn`} className={cn('text-xs font-medium', quantityNote.blocking ? 'text-destructive' : 'text-warning')} data-testid="stock-note">
                {quantityNote.text}
              </p>
              {takeAvailable !== null && (
                <Button variant="outline" size="sm" onClick={() => onChange(line.key, { quantity: decimalText(new Decimal(takeAvailable).toFixed()) })}>
                  {t('entry.takeAvailable', { quantity: format.decimal(takeAvailable) })}
                </Button>
              )}
              {notes.stock && !cancellable && (
                <Button variant="outline" size="sm" onClick={() => onRemove(line.key)}>
                  {t('entry.removeShort')}
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </li>
  );
});
