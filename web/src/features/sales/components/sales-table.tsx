import { businessDate, DEFAULT_TIME_ZONE } from '@ev/shared/calendar';
import type { SaleSummary } from '@ev/shared/schemas/sales';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_LINK_CLASS, RecordTable, SelectAllBox, SelectBox, type ListColumn, type RecordTableProps, type RowSelection } from '@/components/list';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { useSession } from '@/lib/use-session';
import { SaleStatusBadge } from './status-badge';

/** The columns the server sorts the whole filtered set by (`sort` in the URL: a column id, `-id` descending). */
export const SERVER_SORTS = { number: 'number', date: 'date', client: 'client', total: 'total' } as const;

/**
 * Sales as rows (and cards below `lg`): number (or "Rascunho"), order date, client, status, total
 * at the session branch's decimals (a summary carries none), items count; in the consignments view,
 * the return date too (overdue said so). The sales list and a client's sales tab share it.
 */
/** A row's payment state, coloured where it asks attention (overdue) or is settled (paid); unknown (a row written before the state was read): "—". */
function PaymentState({ payment }: { payment: SaleSummary['payment'] }) {
  const { t } = useTranslation('sales');
  if (!payment) return <span className="text-muted-foreground">—</span>;
  return (
    <span data-testid="sale-row-payment" data-payment={payment} className={cn('rounded px-1.5 text-xs font-medium', payment === 'overdue' ? 'border border-destructive/60 bg-destructive/10 text-foreground' : payment === 'paid' ? 'bg-primary/10 text-foreground' : payment === 'none' || payment === 'cancelled' ? 'text-muted-foreground' : 'bg-muted text-foreground')}>
      {t(`payment.${payment}`)}
    </span>
  );
}

/** A store order's mark (docs/store.md "The staff's side"): "Loja", or its payment in review while the sale is still pending. */
function StoreBadge({ sale }: { sale: SaleSummary }) {
  const { t } = useTranslation('sales');
  if (!sale.store) return null;
  const review = sale.store === 'review' && sale.status === 'pending';
  return (
    <span data-testid="sale-row-store" data-store={sale.store} title={t('store.badgeLabel')} className={cn('inline-flex items-center whitespace-nowrap rounded px-1.5 text-xs font-medium text-foreground', review ? 'border border-warning/60 bg-warning/15' : 'border border-border bg-muted')}>
      {review ? t('store.badgeReview') : t('store.badge')}
    </span>
  );
}

/** Rows chosen for an action (the list's export): a box per row and card, and the header's "select all on this page". */
export interface SalesTableSelection {
  selection: RowSelection<SaleSummary>;
  texts: { selectAll: string; select(number: string): string };
}

export function SalesTable({ showClient = true, consignments = false, drafts = false, selection, ...table }: RecordTableProps<SaleSummary> & { showClient?: boolean; consignments?: boolean; drafts?: boolean; selection?: SalesTableSelection }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const decimals = useSession().data?.branch?.casasDecimais ?? 2;
  // Today's business date in the user's time zone, read once: is a return overdue?
  const [today] = useState(() => businessDate(format.ctx.timeZone || DEFAULT_TIME_ZONE, Date.now()));
  const numberText = (s: SaleSummary) => (s.number === null ? t('draft') : String(s.number));
  const overdue = (s: SaleSummary) => !!s.returnDate && s.returnDate < today;
  const returnCell = (s: SaleSummary) => (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      {format.date(s.returnDate)}
      {overdue(s) && <span className="rounded border border-destructive/60 bg-destructive/10 px-1.5 text-xs font-medium text-foreground">{t('consignment.overdue')}</span>}
    </span>
  );
  const box = (s: SaleSummary, className?: string) => selection && <SelectBox checked={selection.selection.has(s)} label={selection.texts.select(numberText(s))} onChange={() => selection.selection.toggle(s)} className={className} />;
  const columns: ListColumn<SaleSummary>[] = [
    ...(selection ? [{ id: 'select', header: <SelectAllBox selection={selection.selection} shown={table.rows} label={selection.texts.selectAll} />, headerClassName: 'w-10', className: 'w-10', cell: (s: SaleSummary) => box(s) }] : []),
    {
      id: 'number',
      header: t('columns.number'),
      sortBy: (s) => s.number ?? 0,
      className: 'whitespace-nowrap',
      cell: (s) => (
        <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link to="/sales/$id" params={{ id: s.id }} className="font-medium text-primary hover:underline" onClick={(e) => e.stopPropagation()}>
            {numberText(s)}
          </Link>
          <StoreBadge sale={s} />
        </span>
      ),
    },
    { id: 'date', header: t('columns.orderDate'), sortBy: (s) => s.orderDate, className: 'whitespace-nowrap', cell: (s) => format.date(s.orderDate) },
    ...(consignments ? [{ id: 'returnDate', header: t('consignment.returnDate'), className: 'whitespace-nowrap', cell: returnCell }] : []),
    ...(showClient ? [{ id: 'client', header: t('columns.client'), sortBy: (s: SaleSummary) => s.clientName, className: 'max-w-xs', cell: (s: SaleSummary) => s.clientName ?? <span className="text-muted-foreground">{t('noClient')}</span> }] : []),
    { id: 'status', header: t('columns.status'), cell: (s) => <SaleStatusBadge status={s.status} /> },
    // Where the payment stands (closed sales; a draft has none), from the client's financial position at the list's read.
    ...(drafts ? [] : [{ id: 'payment', header: t('columns.payment'), className: 'whitespace-nowrap', cell: (s: SaleSummary) => <PaymentState payment={s.payment} /> }]),
    { id: 'total', header: t('columns.total'), align: 'end', sortBy: (s) => Number(s.total), className: 'whitespace-nowrap tabular-nums', cell: (s) => format.money(s.total, decimals) },
    { id: 'count', header: t('columns.count'), align: 'end', className: 'tabular-nums', cell: (s) => s.count },
  ];
  return (
    <RecordTable
      {...table}
      columns={columns}
      rowTestId="sale-row"
      card={(s) => {
        const card = (
          <Link to="/sales/$id" params={{ id: s.id }} className={cn(CARD_LINK_CLASS, selection && 'min-w-0 flex-1')} data-testid="sale-card">
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span className="inline-flex flex-wrap items-center gap-2">
                <span className="font-medium text-primary">{s.number === null ? t('draft') : t('number', { number: s.number })}</span>
                <StoreBadge sale={s} />
              </span>
              <SaleStatusBadge status={s.status} />
            </span>
            {showClient && <span>{s.clientName ?? t('noClient')}</span>}
            <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
              <span>{format.date(s.orderDate)}</span>
              {consignments && s.returnDate && (
                <span>
                  {t('consignment.returnDate')}: {returnCell(s)}
                </span>
              )}
              <span>{t('itemsCount', { count: s.count })}</span>
              {s.payment !== undefined && (
                <span>
                  {t('columns.payment')}: <PaymentState payment={s.payment} />
                </span>
              )}
              <span className="font-medium text-foreground tabular-nums">{format.money(s.total, decimals)}</span>
            </span>
          </Link>
        );
        return selection ? (
          <div className="flex items-start gap-2">
            {box(s, 'm-0 mt-1.5 p-2')}
            {card}
          </div>
        ) : (
          card
        );
      }}
    />
  );
}
