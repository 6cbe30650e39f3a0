import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { FetchFailed } from '@/components/fetch-failed';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { fieldMessage } from '@/lib/field-message';
import { useFormat } from '@/lib/format';
import { DataList } from '@/components/list';
import { Decimal } from '@ev/shared/money';
import { financialKeys, postScrapEntry, useScrapLedger } from '../api/clients-financial-api';

/** A quantity in kg as typed: up to 3 places, comma or point ("12,5"). */
const KG = /^\d{1,13}(?:[.,]\d{1,3})?$/;
const positive = (v: string) => KG.test(v.trim()) && new Decimal(v.trim().replace(',', '.')).gt(0);

/** The form's rules (catalogue keys, Portuguese in pt); the API checks the same with its own texts. */
const scrapForm = z
  .object({
    history: z.string().trim().min(1, { error: 'scrap.errors.history' }).max(200, { error: 'scrap.errors.historyLong' }),
    side: z.enum(['credit', 'debit']),
    quantity: z.string().trim().refine(positive, { error: 'scrap.errors.quantity' }),
    type: z.string().trim().max(40, { error: 'scrap.errors.typeLong' }),
  });
type ScrapForm = z.infer<typeof scrapForm>;

const EMPTY: ScrapForm = { history: '', side: 'credit', quantity: '', type: '' };

/**
 * The client's scrap (sucata) ledger in kg: the balance, the entries newest first with the balance
 * after each, and a small form to add a credit or a debit. The API keeps the balance right when
 * two entries are posted at once.
 */
export function ScrapTab({ clientId }: { clientId: string }) {
  const { t } = useTranslation('clients-financial');
  const format = useFormat();
  const ledger = useScrapLedger(clientId);
  const qc = useQueryClient();
  const form = useForm<ScrapForm>({ resolver: zodResolver(scrapForm), defaultValues: EMPTY });
  const add = useMutation({
    mutationFn: (v: ScrapForm) =>
      postScrapEntry(clientId, { history: v.history, type: v.type || null, [v.side]: v.quantity.replace(',', '.') }),
    onSuccess: () => {
      toast.success(t('scrap.added'));
      form.reset({ ...EMPTY, side: form.getValues('side') });
      void qc.invalidateQueries({ queryKey: financialKeys.scrap(clientId) });
    },
    onError: (e) => {
      const fields = apiFieldErrors(e);
      for (const f of fields) {
        const name = f.field === 'credit' || f.field === 'debit' ? 'quantity' : (f.field as keyof ScrapForm);
        if (name in EMPTY) form.setError(name, { type: 'server', message: f.message });
      }
      if (!fields.length) toast.error(apiErrorText(e, t('scrap.addError')));
    },
  });
  const kg = (v: string) => `${format.number(v, 3)} kg`;
  const errors = form.formState.errors;

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]" data-testid="client-scrap">
      <Card>
        <CardHeader>
          <CardTitle>{t('scrap.title')}</CardTitle>
          <CardDescription>
            {ledger.data ? (
              <>
                {t('scrap.balance')}: <span className={cn('font-semibold tabular-nums text-foreground', ledger.data.balance.startsWith('-') && 'text-destructive')}>{kg(ledger.data.balance)}</span>
              </>
            ) : (
              t('scrap.hint')
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {ledger.isError && !ledger.data ? (
            <FetchFailed error={ledger.error} fallback={t('scrap.error')} retryLabel={t('retry')} onRetry={() => void ledger.refetch()} />
          ) : !ledger.data ? (
            <div aria-busy className="flex flex-col gap-2">
              <span className="sr-only" role="status">
                {t('loading')}
              </span>
              {[0, 1, 2].map((i) => (
                <div key={i} aria-hidden className="h-8 animate-pulse rounded bg-muted" />
              ))}
            </div>
          ) : ledger.data.entries.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground" role="status">
              {t('scrap.empty')}
            </p>
          ) : (
            <div>
              <DataList
                label={t('scrap.title')}
                tableLabel={t('scrap.title')}
                rows={ledger.data.entries}
                rowKey={(e) => e.id}
                columns={[
                  { id: 'at', header: t('scrap.columns.at'), className: 'whitespace-nowrap tabular-nums', cell: (e) => format.dateTime(e.at) },
                  { id: 'history', header: t('scrap.columns.history'), cell: (e) => e.history },
                  { id: 'type', header: t('scrap.columns.type'), cell: (e) => e.type ?? '—' },
                  { id: 'credit', header: t('scrap.columns.credit'), align: 'end', className: 'tabular-nums', cell: (e) => (new Decimal(e.credit).gt(0) ? kg(e.credit) : '') },
                  { id: 'debit', header: t('scrap.columns.debit'), align: 'end', className: 'tabular-nums', cell: (e) => (new Decimal(e.debit).gt(0) ? kg(e.debit) : '') },
                  { id: 'balance', header: t('scrap.columns.balance'), align: 'end', cell: (e) => <span className={cn('font-medium tabular-nums', e.balance.startsWith('-') && 'text-destructive')}>{kg(e.balance)}</span> },
                ]}
              />
              {ledger.data.nextCursor && <p className="mt-2 text-xs text-muted-foreground">{t('scrap.more')}</p>}
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('scrap.add')}</CardTitle>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-3" noValidate onSubmit={form.handleSubmit((v) => add.mutate(v))}>
            <fieldset className="flex gap-4 text-sm">
              <legend className="sr-only">{t('scrap.side')}</legend>
              {(['credit', 'debit'] as const).map((side) => (
                <label key={side} className="flex items-center gap-1.5">
                  <input type="radio" value={side} {...form.register('side')} />
                  {t(`scrap.${side}`)}
                </label>
              ))}
            </fieldset>
            <FormField label={t('scrap.quantity')} error={fieldMessage(t, errors.quantity)}>
              <Input inputMode="decimal" autoComplete="off" placeholder="0,000" {...form.register('quantity')} />
            </FormField>
            <FormField label={t('scrap.history')} error={fieldMessage(t, errors.history)}>
              <Input maxLength={200} autoComplete="off" {...form.register('history')} />
            </FormField>
            <FormField label={t('scrap.type')} error={fieldMessage(t, errors.type)} hint={t('scrap.typeHint')}>
              <Input maxLength={40} autoComplete="off" {...form.register('type')} />
            </FormField>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? t('scrap.saving') : t('scrap.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
