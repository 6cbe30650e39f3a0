import type { AdminCompanySummary, CompanyStatus } from '@ev/shared/schemas/admin';
import { IconAlertTriangle, IconCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';

/** "Ativa" / "Suspensa". */
export function CompanyStatusBadge({ status }: { status: CompanyStatus }) {
  const { t } = useTranslation('admin');
  return (
    <span className={cn('inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium text-foreground', status === 'active' ? 'bg-primary/15' : 'bg-destructive/15')}>
      {t(`status.${status}`)}
    </span>
  );
}

/**
 * The digital certificate's state (docs/admin.md "Companies"): flagged from 30 days before its
 * expiry ("Vence em 12 dias") and once expired ("Vencido há 3 dias"); a valid one shows its date, and
 * none says so (`compact`: nothing for a valid one or none, the list's column).
 */
export function CertificateBadge({ certificate, compact = false }: { certificate: AdminCompanySummary['certificate']; compact?: boolean }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  if (!certificate) return compact ? null : <span className="text-muted-foreground">{t('certificate.none')}</span>;
  if (certificate.state === 'valid')
    return compact ? null : (
      <span className="inline-flex items-center gap-1.5">
        <IconCertificate aria-hidden className="size-4 text-primary" />
        {t('certificate.valid', { date: format.date(certificate.expiry) })}
      </span>
    );
  const expired = certificate.state === 'expired';
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold text-foreground', expired ? 'bg-destructive/15' : 'bg-warning/20')}
      data-testid="certificate-warning"
      title={format.date(certificate.expiry)}
    >
      <IconAlertTriangle aria-hidden className={cn('size-3.5', expired ? 'text-destructive' : 'text-warning')} />
      {expired ? t('certificate.expired', { count: Math.abs(certificate.days) }) : certificate.days === 0 ? t('certificate.today') : t('certificate.expiring', { count: certificate.days })}
    </span>
  );
}

/** A new company's demo data: being written, written, failed (docs/admin.md "Demo data"). */
export function DemoDataBadge({ state }: { state: 'queued' | 'done' | 'failed' }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={cn('inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium text-foreground', state === 'done' ? 'bg-primary/15' : state === 'failed' ? 'bg-destructive/15' : 'bg-warning/20')}
      data-testid="demo-data-state"
    >
      {t(`demo.states.${state}`)}
    </span>
  );
}
