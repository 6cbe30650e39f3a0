import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { useFormat } from '@/lib/format';
import { useDeviceFinancial } from '../api/clients-api';

/**
 * The client's financial position without signal (docs/offline.md, "Clients offline"): the summary
 * the portfolio brought at the last sync (open, overdue, to expire, credit left), the installments
 * one by one being the server's.
 */
export function DeviceFinancial({ clientId, compact = false }: { clientId: string; compact?: boolean }) {
  const { t } = useTranslation('clients');
  const format = useFormat();
  const held = useDeviceFinancial(clientId, true);
  if (held.isPending) return compact ? null : <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>;
  const f = held.data;
  if (!f) return compact ? null : <Alert variant="info">{t('offline.financialMissing')}</Alert>;
  const figures: [string, string][] = [
    [t('offline.open'), format.money(f.open)],
    [t('offline.expired'), format.money(f.expired)],
    [t('offline.toExpire'), format.money(f.toExpire)],
    [t('offline.creditAvailable'), f.creditAvailable === null ? t('offline.noLimit') : format.money(f.creditAvailable)],
  ];
  if (compact)
    return (
      <p className="flex flex-wrap gap-x-4 text-sm text-muted-foreground" data-testid="client-pending">
        {figures.map(([label, value]) => (
          <span key={label}>
            {label}: <span className="font-medium text-foreground">{value}</span>
          </span>
        ))}
      </p>
    );
  return (
    <section className="flex flex-col gap-3" aria-labelledby="client-device-financial" data-testid="client-device-financial">
      <h2 id="client-device-financial" className="text-base font-semibold">
        {t('offline.financialTitle')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-base font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">{t('offline.financialNote')}</p>
    </section>
  );
}
