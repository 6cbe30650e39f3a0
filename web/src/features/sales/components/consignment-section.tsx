import { businessDate, DEFAULT_TIME_ZONE } from '@ev/shared/calendar';
import { Decimal } from '@ev/shared/money';
import type { Sale } from '@ev/shared/schemas/sales';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Section } from '@/components/ui/section';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/notices';
import { useSettleConsignment } from '../api/settle-consignment';

/** A typed quantity as the API takes it ("1,5" → "1.5"), or null when it is not one. */
function parsed(value: string): Decimal | null {
  const v = value.trim() === '' ? '0' : value.trim().replace(',', '.');
  if (!/^\d{1,9}(?:\.\d{1,4})?$/.test(v)) return null;
  return new Decimal(v);
}

/**
 * A consigned sale's terms (term, discount, return date) and where it stands; while the goods are
 * lent, for who may update `vendas`, the settlement: per line the quantity returned (the rest is
 * sold), confirmed in a dialog. docs/sales.md "Consigned sales".
 */
export function ConsignmentSection({ sale, canSettle }: { sale: Sale; canSettle: boolean }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  // Today's business date in the user's time zone, read once: is the return overdue?
  const [today] = useState(() => businessDate(format.ctx.timeZone || DEFAULT_TIME_ZONE, Date.now()));
  const c = sale.consignment;
  if (!c) return null;
  const closed = sale.status !== 'typing';
  const open = closed && !c.settledAt && sale.status !== 'cancelled' && sale.status !== 'refunded';
  const state = c.settledAt
    ? t('consignment.settled', { date: format.dateTime(c.settledAt) })
    : c.settling
      ? t('consignment.settling')
      : c.returnDate && c.returnDate < today
        ? t('consignment.overdue')
        : t('consignment.open');
  return (
    <Section title={t('consignment.title')} boxed className="gap-3" data-testid="sale-consignment">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col">
          <dt className="text-muted-foreground">{t('consignment.days')}</dt>
          <dd>{t('consignment.daysValue', { count: c.days })}</dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-muted-foreground">{t('consignment.discount')}</dt>
          <dd className="tabular-nums">{format.number(c.discountPercent, 2)} %</dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-muted-foreground">{t('consignment.returnDate')}</dt>
          <dd data-testid="sale-consignment-return-date">{c.returnDate ? format.date(c.returnDate) : '—'}</dd>
        </div>
        {closed && (
          <div className="flex flex-col">
            <dt className="text-muted-foreground">{t('consignment.state')}</dt>
            <dd>{state}</dd>
          </div>
        )}
      </dl>
      {!closed && <p className="text-sm text-muted-foreground">{t('consignment.draftNote')}</p>}
      {c.settledAt && <SettledLines sale={sale} />}
      {open && canSettle && <SettleForm key={sale.version} sale={sale} />}
    </Section>
  );
}

/** After the settlement: per line, what was consigned, returned and sold. */
function SettledLines({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const lines = sale.items.filter((i) => !i.cancelled);
  return (
    <div className="overflow-x-auto rounded-md border border-border" tabIndex={0} role="region" aria-label={t('consignment.title')}>
      <table className="w-full text-sm">
        <thead className="bg-muted/50">
          <tr>
            <th className="px-3 py-2 text-start text-xs font-medium text-muted-foreground">{t('consignment.product')}</th>
            <th className="px-3 py-2 text-end text-xs font-medium text-muted-foreground">{t('consignment.lent')}</th>
            <th className="px-3 py-2 text-end text-xs font-medium text-muted-foreground">{t('consignment.returned')}</th>
            <th className="px-3 py-2 text-end text-xs font-medium text-muted-foreground">{t('consignment.sold')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((i) => (
            <tr key={i.index} className="border-t border-border" data-testid="sale-consignment-line">
              <td className="px-3 py-2">{i.name}</td>
              <td className="px-3 py-2 text-end tabular-nums">{format.quantity(i.quantity)}</td>
              <td className="px-3 py-2 text-end tabular-nums">{format.quantity(i.returned ?? '0')}</td>
              <td className="px-3 py-2 text-end tabular-nums">{format.quantity(i.sold ?? i.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The settlement form: a returned quantity per line (empty is none), checked here and by the API, then confirmed. */
function SettleForm({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const settle = useSettleConsignment();
  const lines = sale.items.filter((i) => !i.cancelled);
  const [values, setValues] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const check = () => {
    const found: Record<number, string> = {};
    for (const i of lines) {
      const v = parsed(values[i.index] ?? '');
      if (!v || v.gt(i.quantity)) found[i.index] = t('consignment.invalidQuantity', { max: format.quantity(i.quantity) });
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const confirm = async () => {
    const items = lines.map((i) => ({ index: i.index, returned: parsed(values[i.index] ?? '')!.toFixed() })).filter((l) => l.returned !== '0');
    try {
      await settle.mutateAsync({ id: sale.id, version: sale.version, items });
      setAsking(false);
      notify({ kind: 'success', text: t('consignment.done', { number: sale.number }) });
    } catch (e) {
      setAsking(false);
      // A field the API names (items.<n>.returned: the n-th line sent) shows on its line.
      const byField: Record<number, string> = {};
      for (const f of apiFieldErrors(e)) {
        const n = /^items\.(\d+)\./.exec(f.field)?.[1];
        const line = n !== undefined ? items[Number(n)] : undefined;
        if (line) byField[line.index] = f.message;
      }
      setErrors(byField);
      setError(apiErrorText(e, t('consignment.failed')));
    }
  };

  return (
    <form
      className="flex flex-col gap-3"
      aria-labelledby="sale-consignment-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        if (check()) setAsking(true);
      }}
    >
      <h3 id="sale-consignment-form" className="text-sm font-semibold">
        {t('consignment.formTitle')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('consignment.formHelp')}</p>
      <ul className="flex flex-col gap-3">
        {lines.map((i) => {
          const v = parsed(values[i.index] ?? '');
          const sold = v && !v.gt(i.quantity) ? new Decimal(i.quantity).minus(v).toFixed() : null;
          return (
            <li key={i.index} className="grid items-end gap-2 sm:grid-cols-[1fr_10rem_10rem]" data-testid="sale-consignment-settle-line">
              <div className="flex flex-col text-sm">
                <span className="font-medium">{i.name}</span>
                <span className="text-muted-foreground">
                  {t('consignment.lent')}: {format.quantity(i.quantity)}
                </span>
              </div>
              <FormField label={t('consignment.returnedOf', { name: i.name })} error={errors[i.index]}>
                <Input inputMode="decimal" autoComplete="off" maxLength={15} placeholder="0" value={values[i.index] ?? ''} onChange={(e) => setValues({ ...values, [i.index]: e.target.value })} />
              </FormField>
              <p className="pb-2 text-sm tabular-nums" aria-live="polite">
                {sold !== null ? t('consignment.soldValue', { quantity: format.quantity(sold) }) : ''}
              </p>
            </li>
          );
        })}
      </ul>
      {error && <Alert variant="error">{error}</Alert>}
      <div>
        <Button type="submit" size="sm">
          {t('consignment.submit')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('consignment.confirmTitle')}
        description={t('consignment.confirmText')}
        confirmLabel={t('consignment.confirm')}
        cancelLabel={t('consignment.back')}
        onConfirm={() => void confirm()}
        busy={settle.isPending}
      />
    </form>
  );
}
