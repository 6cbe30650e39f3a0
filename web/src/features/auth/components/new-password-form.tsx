import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { fieldMessage } from '@/lib/field-message';
import { useSetNewPasswordMutation } from '../api/auth-api';
import { newPasswordSchema } from '../forms/schemas';

interface NewPasswordFormProps {
  /** The session opened with the temporary password (memory only) and that password. */
  token: string;
  temporaryPassword: string;
  /** Runs once the password changed (every session ended): logs in with the new one. */
  onChanged: (newPassword: string, message: string) => Promise<void>;
  onCancel: () => void;
}

/** The forced step after a login with a temporary password: the new password and its confirmation. */
export function NewPasswordForm({ token, temporaryPassword, onChanged, onCancel }: NewPasswordFormProps) {
  const { t } = useTranslation('auth');
  const mutation = useSetNewPasswordMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { newPassword: '', confirmation: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    let message: string;
    try {
      message = await mutation.mutateAsync({ token, body: { currentPassword: temporaryPassword, ...values } });
    } catch (e) {
      const fields = apiFieldErrors(e).filter((f) => f.field === 'newPassword' || f.field === 'confirmation');
      for (const f of fields) form.setError(f.field as 'newPassword' | 'confirmation', { type: 'server', message: f.message });
      if (!fields.length) setError(apiErrorText(e, t('newPassword.error')));
      return;
    }
    await onChanged(values.newPassword, message);
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
      {error && <Alert variant="error">{error}</Alert>}
      <FormField label={t('newPassword.newPassword')} hint={t('newPassword.hint')} error={fieldMessage(t, errors.newPassword)}>
        <PasswordInput autoComplete="new-password" autoFocus maxLength={128} {...form.register('newPassword')} />
      </FormField>
      <FormField label={t('newPassword.confirmation')} error={fieldMessage(t, errors.confirmation)}>
        <PasswordInput autoComplete="new-password" maxLength={128} {...form.register('confirmation')} />
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('newPassword.submitting') : t('newPassword.submit')}
      </Button>
      <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
        {t('newPassword.back')}
      </Button>
    </form>
  );
}
