import type { TemplateStatus } from '@ev/shared/schemas/messages';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

const TONE: Record<TemplateStatus, string> = {
  approved: 'bg-primary/15 text-foreground',
  pending: 'bg-warning/20 text-foreground',
  rejected: 'bg-destructive/15 text-foreground',
};

/** A template's review by WhatsApp (spec section 4): approved, pending, rejected. */
export function TemplateStatusBadge({ status }: { status: TemplateStatus }) {
  const { t } = useTranslation('whatsapp');
  return <span className={cn('inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', TONE[status])}>{t(`status.${status}`)}</span>;
}
