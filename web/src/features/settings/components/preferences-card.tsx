import type { User } from '@ev/shared/schemas/users';
import { BRAZIL_TIME_ZONES } from '@ev/shared/calendar';
import { IconAdjustments } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, selectClass } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { notify } from '@/lib/notices';
import { meQueryOptions, saveOwnProfile, useOwnRecordSaved, useReloadOwnRecord, useUser } from '../api/settings-api';
import { AvatarPicker } from './avatar-picker';

const ZONES: readonly string[] = BRAZIL_TIME_ZONES;
const DATE_FORMATS = ['dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd'] as const;
const MAX_PHONES = 4;

type Values = { nickname: string; phones: string[]; timezone: string; dateFormat: string };
const valuesOf = (u: User): Values => ({ nickname: u.nickname ?? '', phones: [...u.phones, ''].slice(0, MAX_PHONES), timezone: u.timezone, dateFormat: u.dateFormat });

/** What the user changes of its own record: its language (kept at once), nickname, phones, photo, time zone and date format. */
export function PreferencesCard({ userId }: { userId: string }) {
  const { t } = useTranslation('settings');
  const user = useUser(userId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <IconAdjustments aria-hidden className="size-5 text-primary" />
          {t('preferences.title')}
        </CardTitle>
        <CardDescription>{t('preferences.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border pb-4">
          <div>
            <p className="text-sm font-medium">{t('preferences.language')}</p>
            <p className="text-xs text-muted-foreground">{t('preferences.languageHint')}</p>
          </div>
          <LanguageSwitch />
        </div>
        {user.data ? <PreferencesForm key={user.data.version} user={user.data} /> : <p className="text-sm text-muted-foreground">{user.isError ? t('profile.loadError') : t('preferences.loading')}</p>}
      </CardContent>
    </Card>
  );
}

function PreferencesForm({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const ownRecordSaved = useOwnRecordSaved();
  const reloadOwnRecord = useReloadOwnRecord();
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ text: string; conflict: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const zones = ZONES.includes(user.timezone) ? ZONES : [user.timezone, ...ZONES];

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setError(null);
    try {
      const saved = await saveOwnProfile({ nickname: values.nickname, phones: values.phones.map((p) => p.trim()).filter(Boolean), avatar: user.avatar, timezone: values.timezone, dateFormat: values.dateFormat as User['dateFormat'], version: user.version });
      // The session's time zone and date format follow at once (every screen reads them from it).
      await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
      void ownRecordSaved(saved);
      notify({ kind: 'success', text: t('preferences.saved') });
    } catch (err) {
      const conflict = err instanceof ApiError && err.status === 409;
      setErrors(Object.fromEntries(apiFieldErrors(err).map((f) => [f.field.replace(/^phones\.(\d+)$/, 'phone$1'), f.message])));
      setError({ text: conflict ? t('preferences.conflict') : apiErrorText(err, t('preferences.failed')), conflict });
    } finally {
      setBusy(false);
    }
  }

  const fieldTexts = new Set(Object.values(errors));
  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
      <FormField label={t('profile.nickname')} error={errors.nickname}>
        <Input maxLength={60} value={values.nickname} onChange={(e) => setValues({ ...values, nickname: e.target.value })} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        {values.phones.map((phone, i) => (
          <FormField key={i} label={t('preferences.phone', { n: i + 1 })} error={errors[`phone${i}`]}>
            <Input
              type="tel"
              inputMode="tel"
              maxLength={20}
              value={phone}
              onChange={(e) => {
                const phones = values.phones.map((p, j) => (j === i ? e.target.value : p));
                // One empty field after the last filled one, up to four.
                if (phones.at(-1)?.trim() && phones.length < MAX_PHONES) phones.push('');
                setValues({ ...values, phones });
              }}
            />
          </FormField>
        ))}
      </div>
      <AvatarPicker user={user} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t('preferences.timezone')} error={errors.timezone}>
          <select className={selectClass} value={values.timezone} onChange={(e) => setValues({ ...values, timezone: e.target.value })}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replace('America/', '').replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={t('preferences.dateFormat')} error={errors.dateFormat}>
          <select className={selectClass} value={values.dateFormat} onChange={(e) => setValues({ ...values, dateFormat: e.target.value })}>
            {DATE_FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`preferences.formats.${f.replace(/\//g, '-')}`)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      {error && !fieldTexts.has(error.text) && (
        <Alert variant={error.conflict ? 'warning' : 'error'}>
          {error.text}
          {error.conflict && (
            <Button type="button" variant="link" className="h-auto p-0 ps-1" onClick={() => void reloadOwnRecord(user.id)}>
              {t('preferences.reload')}
            </Button>
          )}
        </Alert>
      )}
      <Button type="submit" className="self-start" disabled={busy}>
        {busy ? t('preferences.saving') : t('preferences.save')}
      </Button>
    </form>
  );
}
