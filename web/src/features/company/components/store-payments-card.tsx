import { IconCreditCard } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyField } from '@/components/ui/copy-field';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { Segmented } from '@/components/ui/segmented';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { useSaveStorePayments, useStorePayments } from '../api/company-api';

/**
 * The store's payments (docs/store.md "Payment"): who issues the store's Pix, the sandbox (tests
 * and demos: nothing is charged) or the company's own Mercado Pago, with its access token and the
 * secret that signs its webhooks (kept sealed, never shown again: left empty, the kept ones stay),
 * and the webhook address to give Mercado Pago.
 */
export function StorePaymentsCard({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('company');
  const account = useStorePayments();
  const save = useSaveStorePayments();
  const [processor, setProcessor] = useState<'sandbox' | 'mercadopago' | null>(null);
  const [accessToken, setAccessToken] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [saved, setSaved] = useState(false);
  const a = account.data;
  const chosen = processor ?? a?.processor ?? 'sandbox';
  const errors = Object.fromEntries(apiFieldErrors(save.error).map((f) => [f.field, f.message]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.mutate(
      { processor: chosen, accessToken: accessToken || null, webhookSecret: webhookSecret || null, version: a?.version ?? null },
      {
        onSuccess: () => {
          setAccessToken('');
          setWebhookSecret('');
          setProcessor(null);
          setSaved(true);
        },
      },
    );
  };

  return (
    <Card role="group" aria-labelledby="store-payments-title">
      <CardHeader>
        <CardTitle id="store-payments-title" className="flex items-center gap-2">
          <IconCreditCard aria-hidden className="size-5 text-primary" />
          {t('storePayments.title')}
        </CardTitle>
        <CardDescription>{t('storePayments.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {account.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('loading')}
          </p>
        ) : account.isError ? (
          <Alert variant="error">{apiErrorText(account.error, t('storePayments.failed'))}</Alert>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <fieldset disabled={readOnly || save.isPending} className="flex flex-col gap-4">
              <Segmented
                label={t('storePayments.processor')}
                value={chosen}
                options={[
                  { value: 'sandbox', label: t('storePayments.sandbox') },
                  { value: 'mercadopago', label: t('storePayments.mercadopago') },
                ]}
                onChange={(v) => setProcessor(v)}
              />
              {chosen === 'sandbox' ? (
                <p className="text-sm text-muted-foreground">{t('storePayments.sandboxHint')}</p>
              ) : (
                <div className="grid gap-4 md:grid-cols-2">
                  <FormField label={t('storePayments.accessToken')} error={errors.accessToken} hint={a?.hasAccessToken ? t('storePayments.kept') : t('storePayments.accessTokenHint')}>
                    <PasswordInput value={accessToken} onChange={(e) => setAccessToken(e.target.value)} autoComplete="off" maxLength={500} />
                  </FormField>
                  <FormField label={t('storePayments.webhookSecret')} error={errors.webhookSecret} hint={a?.hasWebhookSecret ? t('storePayments.kept') : t('storePayments.webhookSecretHint')}>
                    <PasswordInput value={webhookSecret} onChange={(e) => setWebhookSecret(e.target.value)} autoComplete="off" maxLength={500} />
                  </FormField>
                  <div className="md:col-span-2">
                    <CopyField id="store-payments-webhook" label={t('storePayments.webhookUrl')} value={a?.webhookUrl ?? ''} copyLabel={t('storePayments.copy')} copiedLabel={t('storePayments.copied')} />
                  </div>
                </div>
              )}
            </fieldset>
            {save.isError && !Object.keys(errors).length && <Alert variant="error">{apiErrorText(save.error, t('storePayments.saveFailed'))}</Alert>}
            {saved && <Alert variant="success">{t('storePayments.saved')}</Alert>}
            {!readOnly && (
              <Button type="submit" className="self-start" disabled={save.isPending}>
                {t('storePayments.save')}
              </Button>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
