import { DAILY_TIER_CHOICES, MESSAGING_PROVIDERS, MessagingAccountUpdate, type MessagingAccount } from '@ev/shared/schemas/messages';
import { IconBrandWhatsapp, IconPlugConnected } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { FormFields, SelectField, TextField } from '@/components/form/fields';
import { useLeaveGuard } from '@/components/form/leave-guard';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyField } from '@/components/ui/copy-field';
import { useAbility } from '@/lib/ability';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { i18n } from '@/lib/i18n';
import { useFormat } from '@/lib/format';
import { schemaResolver } from '@/lib/form-map';
import { useMessagingAccount, useSaveAccount, useTestConnection } from '../api/messages-api';
import { SandboxBadge } from './sandbox-badge';

interface AccountValues {
  provider: string;
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
  appSecret: string;
  dailyTier: string;
}

const FIELDS = ['provider', 'phoneNumberId', 'businessAccountId', 'accessToken', 'appSecret', 'dailyTier'] as const;

const valuesOf = (a: MessagingAccount): AccountValues => ({
  provider: a.provider ?? 'sandbox',
  phoneNumberId: a.phoneNumberId ?? '',
  businessAccountId: a.businessAccountId ?? '',
  // Write-only: typed to replace the stored one, left empty to keep it.
  accessToken: '',
  appSecret: '',
  dailyTier: a.dailyTier,
});

const bodyOf = (v: AccountValues) => ({
  provider: v.provider,
  phoneNumberId: v.provider === 'cloud' ? v.phoneNumberId.trim() || null : null,
  businessAccountId: v.provider === 'cloud' ? v.businessAccountId.trim() || null : null,
  accessToken: v.provider === 'cloud' ? v.accessToken.trim() || null : null,
  appSecret: v.provider === 'cloud' ? v.appSecret.trim() || null : null,
  dailyTier: v.dailyTier,
});

const label = (field: string) => i18n.t(`whatsapp:account.fields.${field}`);

function AccountForm({ account, readOnly }: { account: MessagingAccount; readOnly: boolean }) {
  const { t } = useTranslation('whatsapp');
  const save = useSaveAccount();
  const resolver = useMemo(() => schemaResolver<AccountValues>(MessagingAccountUpdate, bodyOf, false, { labelOf: label }), []);
  const form = useForm<AccountValues>({ resolver, defaultValues: valuesOf(account), mode: 'onSubmit' });
  const provider = useWatch({ control: form.control, name: 'provider' });
  const [error, setError] = useState<string | null>(null);
  const [savedNow, setSavedNow] = useState(false);

  useLeaveGuard(() => form.formState.isDirty, t('leaveConfirm'));

  const submit = async (values: AccountValues) => {
    setError(null);
    setSavedNow(false);
    try {
      const answer = await save.mutateAsync({ ...bodyOf(values), ...(account.version ? { version: account.version } : {}) });
      form.reset(valuesOf(answer));
      setSavedNow(true);
    } catch (e) {
      const fields = apiFieldErrors(e, label).filter((f) => (FIELDS as readonly string[]).includes(f.field));
      for (const f of fields) form.setError(f.field as FieldPath<AccountValues>, { type: 'server', message: f.message });
      if (fields.length) form.setFocus(fields[0]!.field as FieldPath<AccountValues>);
      else setError(apiErrorText(e, t('account.saveFailed')));
    }
  };

  const cloud = provider === 'cloud';
  return (
    <FormProvider {...form}>
      <FormFields readOnly={readOnly} required={cloud ? new Set(['phoneNumberId', 'businessAccountId', ...(account.accessTokenSet ? [] : ['accessToken']), ...(account.appSecretSet ? [] : ['appSecret'])]) : new Set()}>
        <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="flex flex-col gap-4" aria-label={t('account.formLabel')}>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField name="provider" label={t('account.fields.provider')} options={MESSAGING_PROVIDERS.map((p) => ({ value: p, label: t(`provider.${p}`) }))} hint={cloud ? t('account.hints.cloud') : t('account.hints.sandbox')} />
            <SelectField name="dailyTier" label={t('account.fields.dailyTier')} options={DAILY_TIER_CHOICES.map((d) => ({ value: d, label: t(`tier.${d}`) }))} hint={t('account.hints.dailyTier')} />
          </div>
          {cloud && (
            <>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField name="phoneNumberId" label={t('account.fields.phoneNumberId')} inputMode="numeric" maxLength={30} shape={(v) => v.replace(/\D/g, '')} mono />
                <TextField name="businessAccountId" label={t('account.fields.businessAccountId')} inputMode="numeric" maxLength={30} shape={(v) => v.replace(/\D/g, '')} mono />
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField name="accessToken" type="password" label={t('account.fields.accessToken')} maxLength={2000} placeholder={account.accessTokenSet ? t('account.keep') : ''} hint={account.accessTokenSet ? t('account.hints.stored') : t('account.hints.accessToken')} />
                <TextField name="appSecret" type="password" label={t('account.fields.appSecret')} maxLength={200} placeholder={account.appSecretSet ? t('account.keep') : ''} hint={account.appSecretSet ? t('account.hints.stored') : t('account.hints.appSecret')} />
              </div>
            </>
          )}
          {error && <Alert variant="error">{error}</Alert>}
          {savedNow && <Alert variant="success">{t('account.saved')}</Alert>}
          {!readOnly && (
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? t('saving') : t('save')}
              </Button>
            </div>
          )}
        </form>
      </FormFields>
    </FormProvider>
  );
}

/** The connection test's button and the last result, in the user's time zone. */
function ConnectionCard({ account, canTest }: { account: MessagingAccount; canTest: boolean }) {
  const { t } = useTranslation('whatsapp');
  const test = useTestConnection();
  const format = useFormat();
  const check = account.lastCheck;
  return (
    <Card role="group" aria-labelledby="messaging-connection-title">
      <CardHeader>
        <CardTitle id="messaging-connection-title" className="flex items-center gap-2">
          <IconPlugConnected aria-hidden className="size-5 text-primary" />
          {t('account.connection.title')}
        </CardTitle>
        <CardDescription>{t('account.connection.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {check ? (
          <Alert variant={check.ok ? 'success' : 'error'}>
            <span>
              {check.ok ? t('account.connection.ok', { phone: check.phone, name: check.name }) : t('account.connection.failed', { reason: check.reason })}{' '}
              <span className="text-muted-foreground">({t('account.connection.at', { when: format.dateTime(check.at) })})</span>
            </span>
          </Alert>
        ) : (
          <p className="text-sm text-muted-foreground">{t('account.connection.never')}</p>
        )}
        <p className="text-sm">
          {t('account.dailyLimit')}: <strong>{account.dailyLimit === null ? t('tier.unlimited') : format.number(account.dailyLimit, 0)}</strong>
        </p>
        {test.isError && <Alert variant="error">{apiErrorText(test.error, t('account.connection.testFailed'))}</Alert>}
        {canTest && (
          <div>
            <Button type="button" variant="outline" disabled={!account.configured || test.isPending} onClick={() => test.mutate()}>
              <IconPlugConnected aria-hidden />
              {test.isPending ? t('account.connection.testing') : t('account.connection.test')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * `/messages/settings` (read `admin`; issue 16 item 1): the company's WhatsApp account. The Cloud
 * API's ids, token and app secret (write-only: "stored" shows, never the value), or the sandbox;
 * the daily limit; the verify token and webhook URL to paste in Meta's panel; the connection test.
 */
export function MessagingAccountPage() {
  const { t } = useTranslation('whatsapp');
  const ability = useAbility();
  const account = useMessagingAccount();
  const canEdit = ability.can('update', 'admin');
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('account.title')} description={t('account.description')} />
      {account.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('loading')}
        </p>
      ) : account.isError ? (
        <FetchFailed error={account.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void account.refetch()} />
      ) : (
        <>
          {!account.data.configured && <Alert variant="warning">{t('account.notConfigured')}</Alert>}
          <Card role="group" aria-labelledby="messaging-account-title">
            <CardHeader>
              <CardTitle id="messaging-account-title" className="flex flex-wrap items-center gap-2">
                <IconBrandWhatsapp aria-hidden className="size-5 text-primary" />
                {t('account.cardTitle')}
                {account.data.provider === 'sandbox' && <SandboxBadge />}
              </CardTitle>
              <CardDescription>{t('account.cardDescription')}</CardDescription>
            </CardHeader>
            <CardContent>
              <AccountForm account={account.data} readOnly={!canEdit} />
            </CardContent>
          </Card>
          <Card role="group" aria-labelledby="messaging-webhook-title">
            <CardHeader>
              <CardTitle id="messaging-webhook-title">{t('account.webhook.title')}</CardTitle>
              <CardDescription>{t('account.webhook.description')}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3 lg:grid-cols-2">
              <CopyField id="messaging-webhook-url" label={t('account.webhook.url')} value={account.data.webhookUrl} copyLabel={t('copy')} copiedLabel={t('copied')} />
              <CopyField id="messaging-verify-token" label={t('account.webhook.verifyToken')} value={account.data.verifyToken} copyLabel={t('copy')} copiedLabel={t('copied')} />
            </CardContent>
          </Card>
          <ConnectionCard account={account.data} canTest={canEdit} />
        </>
      )}
    </div>
  );
}
