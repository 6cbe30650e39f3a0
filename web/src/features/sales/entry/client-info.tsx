import type { Client } from '@ev/shared/schemas/clients';
import type { FinancialPosition } from '@ev/shared/schemas/financial';
import { SaleTexts } from '@ev/shared/sales/texts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { apiErrorText, apiFieldErrors, textOf } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/notices';
import { completeClient } from './entry-api';

/** The chosen client's credit and open titles, as the company shows them. */
export function ClientInfo({ client, financial, showTitles, showFuture, decimals }: { client: Client; financial: FinancialPosition | null; showTitles: boolean; showFuture: boolean; decimals: number }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const rows: [string, string | null][] = [[t('entry.creditLimit'), client.creditLimit ? format.money(client.creditLimit, decimals) : t('entry.noLimit')]];
  if (financial && showTitles) {
    rows.push([t('entry.openTitles'), format.money(financial.totals.open, decimals)], [t('entry.overdue'), format.money(financial.totals.expired, decimals)]);
    if (financial.credit.available !== null) rows.push([t('entry.creditAvailable'), format.money(financial.credit.available, decimals)]);
  }
  if (financial && showFuture) rows.push([t('entry.futureReceivables'), format.money(financial.totals.toExpire, decimals)]);
  const notes = [client.sellAtCost ? t('entry.sellAtCost') : null, client.paymentDayPrice ? t('entry.paymentDayPrice') : null, client.closingDay ? t('entry.closingDay', { day: client.closingDay }) : null, client.dueDay ? t('entry.dueDay', { day: client.dueDay }) : null].filter(Boolean);
  return (
    <div className="flex flex-col gap-2 rounded-md bg-muted/50 p-3 text-sm" data-testid="entry-client-info">
      <p className="font-medium">
        {client.name}
        {client.document && <span className="ms-2 font-mono text-xs text-muted-foreground">{client.document}</span>}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {notes.length > 0 && <p className="text-xs text-muted-foreground">{notes.join(' · ')}</p>}
    </div>
  );
}

/** An incomplete client (spec section 5) completed in place, before the close. */
export function CompleteClient({ client }: { client: Client }) {
  const { t } = useTranslation('sales');
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ name: client.name ?? '', nickname: client.nickname ?? '', email: client.email ?? '', document: client.document ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = [
    ['name', t('entry.clientName')],
    ['nickname', t('entry.clientNickname')],
    ['email', t('entry.clientEmail')],
    ['document', t('entry.clientDocument')],
  ] as const;
  return (
    <form
      className="flex flex-col gap-3 rounded-md border border-warning/40 p-3"
      aria-labelledby="complete-client"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        completeClient(queryClient, client, { name: values.name, nickname: values.nickname || null, email: values.email || null, document: values.document || null })
          .then(() => {
            notify({ kind: 'success', text: t('entry.clientCompleted') });
          })
          .catch((err: unknown) => {
            setErrors(Object.fromEntries(apiFieldErrors(err).map((f) => [f.field, f.message])));
            setError(apiErrorText(err, t('entry.clientCompleteFailed')));
          })
          .finally(() => setBusy(false));
      }}
    >
      <p id="complete-client" className="text-sm font-medium">
        {textOf(SaleTexts.clientIncomplete())}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map(([name, label]) => (
          <FormField key={name} label={label} error={errors[name]}>
            <Input value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
          </FormField>
        ))}
      </div>
      {/* The answer's text once: under its field when it names one, here otherwise. */}
      {error && !Object.values(errors).includes(error) && <p className="text-sm text-destructive">{error}</p>}
      <Button type="submit" disabled={busy} className="self-end">
        {t('entry.completeClient')}
      </Button>
    </form>
  );
}
