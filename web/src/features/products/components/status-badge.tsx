import type { ProductStatus } from '@ev/shared/schemas/products';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation('products');
  return (
    <span className={cn('inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', status === 'active' ? 'bg-primary/15 text-foreground' : 'bg-muted text-foreground')}>
      {t(`status.${status}`)}
    </span>
  );
}
