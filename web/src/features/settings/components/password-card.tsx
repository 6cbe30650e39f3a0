import { zodResolver } from '@hookform/resolvers/zod';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { apiErrorText, apiFieldErrors, apiText } from '@/lib/api-error-text';
import { fieldMessage } from '@/lib/field-message';
import { notify } from '@/lib/notices';
import { deleteOfflineDb } from '@/lib/offline-db';
import { session } from '@/lib/session';
import { useChangePasswordMutation } from '../api/settings-api';
import { passwordSchema } from '../forms/password-schema';

const FIELDS = ['currentPassword', 'newPassword', 'confirmation'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The password change. On success every session of the user ends (spec section 8): the local
 * session is cleared as at logout and the user goes to login with the API's text. On failure the
 * API's field messages show under the fields, and what was typed stays.
 */
export function PasswordCard() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useChangePasswordMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(passwordSchema), defaultValues: { currentPassword: '', newPassword: '', confirmation: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await mutation.mutateAsync(values);
    } catch (e) {
      const fields = apiFieldErrors(e).filter((f): f is { field: Field; message: string } => (FIELDS as readonly string[]).includes(f.field));
      for (const f of fields) form.setError(f.field, { type: 'server', message: f.message }, { shouldFocus: true });
      if (!fields.length) setError(apiErrorText(e, t('password.error')));
      return;
    }
    await deleteOfflineDb().catch(() => undefined);
    session.clear();
    queryClient.clear();
    notify({ kind: 'success', text: apiText('passwordChanged') });
    await navigate({ to: '/login', replace: true });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <IconLock aria-hidden className="size-5 text-primary" />
          {t('password.title')}
        </CardTitle>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
          {error && <Alert variant="error">{error}</Alert>}
          {/* A hidden username lets password managers pair the new password with the account. */}
          <input type="text" name="username" autoComplete="username" value={session.get().data?.user.email ?? ''} readOnly hidden />
          <FormField label={t('password.current')} error={fieldMessage(t, errors.currentPassword)}>
            <PasswordInput autoComplete="current-password" maxLength={128} {...form.register('currentPassword')} />
          </FormField>
          <FormField label={t('password.new')} hint={t('password.hint')} error={fieldMessage(t, errors.newPassword)}>
            <PasswordInput autoComplete="new-password" maxLength={128} {...form.register('newPassword')} />
          </FormField>
          <FormField label={t('password.confirmation')} error={fieldMessage(t, errors.confirmation)}>
            <PasswordInput autoComplete="new-password" maxLength={128} {...form.register('confirmation')} />
          </FormField>
          <Button type="submit" className="self-start" disabled={isSubmitting}>
            {isSubmitting ? t('password.submitting') : t('password.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
