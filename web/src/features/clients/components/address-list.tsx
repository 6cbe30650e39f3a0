import type { Address } from '@ev/shared/schemas/clients';
import { useTranslation } from 'react-i18next';

const cep = (v: string | null) => (v && v.length === 8 ? `${v.slice(0, 5)}-${v.slice(5)}` : (v ?? ''));

/** The saved addresses of a client, read only (they are edited in the form's Endereços tab). */
export function AddressList({ addresses }: { addresses: Address[] }) {
  const { t } = useTranslation('clients');
  if (!addresses.length) return <p className="text-sm text-muted-foreground">{t('address.none')}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {addresses.map((a, i) => {
        const flags = (['main', 'delivery', 'billing'] as const).filter((f) => a[f]);
        return (
          <li key={a.id} className="flex flex-col gap-1 rounded-md border border-border p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{a.nickname || t('address.legend', { n: i + 1 })}</span>
              {flags.map((f) => (
                <span key={f} className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-foreground">
                  {t(`address.${f}`)}
                </span>
              ))}
            </div>
            <span>{[a.street, a.number, a.complement].filter(Boolean).join(', ')}</span>
            <span className="text-muted-foreground">{[a.neighborhood, `${a.city}/${a.state}`, cep(a.cep)].filter(Boolean).join(' · ')}</span>
            {a.latitude !== null && a.longitude !== null && <span className="text-xs text-muted-foreground">{t('address.geo', { lat: a.latitude, lng: a.longitude })}</span>}
          </li>
        );
      })}
    </ul>
  );
}
