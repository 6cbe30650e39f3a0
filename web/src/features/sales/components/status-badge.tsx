import type { SaleStatus } from '@ev/shared/schemas/sales';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const TONE: Record<SaleStatus, string> = {
  typing: 'bg-muted text-foreground',
  pending: 'bg-warning/20 text-foreground',
  paid: 'bg-primary/15 text-foreground',
  processing: 'bg-primary/15 text-foreground',
  receipt: 'bg-primary/15 text-foreground',
  delivered: 'bg-primary/25 text-foreground',
  completed: 'bg-primary/25 text-foreground',
  cancelled: 'border border-destructive/60 bg-destructive/10 text-foreground',
  refunded: 'border border-destructive/60 bg-destructive/10 text-foreground',
};

/** A sale's status (spec section 4) with its Portuguese (or English) label. */
export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  const { t } = useTranslation('sales');
  return (
    <span data-testid="sale-status" className={cn('inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', TONE[status])}>
      {t(`status.${status}`)}
    </span>
  );
}
