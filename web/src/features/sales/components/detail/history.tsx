import { Decimal } from '@ev/shared/money';
import type { Sale, SaleEditChanges } from '@ev/shared/schemas/sales';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';

/** The sale's history: each move or edit, when, by whom (the API names who made it), its reason and what an edit changed. */
export function HistoryList({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  if (!sale.history.length) return <p className="text-sm text-muted-foreground">{t('detail.noHistory')}</p>;
  return (
    <ol className="flex flex-col gap-2 text-sm">
      {sale.history.map((h, i) => (
        <li key={i} className="flex flex-col gap-0.5 rounded-md border border-border p-2" data-testid="sale-history">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-muted-foreground">{format.dateTime(h.at)}</span>
            <span className="font-medium">{h.changes ? t('history.edited') : h.from ? `${t(`status.${h.from}`)} → ${t(`status.${h.to}`)}` : `${t('history.created')} → ${t(`status.${h.to}`)}`}</span>
            {h.userName && <span className="text-muted-foreground">{h.userName}</span>}
          </span>
          {h.reason && (
            <span>
              {t('history.reason')}: {h.reason}
            </span>
          )}
          {h.confirmation && (
            <span className="break-words text-muted-foreground" data-testid="sale-history-confirmation">
              {t('history.confirmedByLink', { address: h.confirmation.address ?? '—', userAgent: h.confirmation.userAgent ?? '—' })}
            </span>
          )}
          {h.changes && <EditChanges changes={h.changes} decimals={sale.decimals} />}
        </li>
      ))}
    </ol>
  );
}

/** What an edit of a pending sale changed: each line before and after, the fields, the total. */
function EditChanges({ changes, decimals }: { changes: SaleEditChanges; decimals: number }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const figures = (f: NonNullable<SaleEditChanges['lines'][number]['before']>) =>
    f.cancelled
      ? t('history.lineCancelled')
      : // The unit price at the sale's places, or at more where it carries more (a price table keeps 4).
        `${format.quantity(f.quantity, 0)} × ${format.money(f.unitPrice, Math.max(decimals, new Decimal(f.unitPrice).decimalPlaces()))}${f.discountPercent ? ` −${format.quantity(f.discountPercent, 0)}%` : ''} = ${format.money(f.total, decimals)}`;
  return (
    <div className="flex flex-col gap-1" data-testid="sale-history-changes">
      <ul className="flex flex-col gap-0.5">
        {changes.lines.map((l, i) => (
          <li key={i}>
            <span className="font-medium">{l.name}</span>:{' '}
            {l.before === null ? t('history.lineAdded', { figures: figures(l.after!) }) : l.after === null ? t('history.lineRemoved', { figures: figures(l.before) }) : `${figures(l.before)} → ${figures(l.after)}`}
            {l.reason && ` (${t('history.reason')}: ${l.reason})`}
          </li>
        ))}
      </ul>
      {changes.fields.length > 0 && <p className="text-muted-foreground">{t('history.fieldsChanged', { fields: changes.fields.map((f) => t(`history.fields.${f.field}`, { defaultValue: f.field })).join(', ') })}</p>}
      <p>
        {t('history.total')}: {format.money(changes.total.before, decimals)} → <strong>{format.money(changes.total.after, decimals)}</strong>
      </p>
    </div>
  );
}

