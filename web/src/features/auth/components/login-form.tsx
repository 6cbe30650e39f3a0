import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SessionData } from '@ev/shared/schemas/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { apiErrorText } from '@/lib/api-error-text';
import { fieldMessage } from '@/lib/field-message';
import { useLoginMutation } from '../api/login';
import { loginSchema, type LoginValues } from '../forms/schemas';

interface LoginFormProps {
  defaultValues?: Partial<LoginValues>;
  /** Runs after the API accepted the credentials; an error it throws is shown like a login error. */
  onLoggedIn: (data: SessionData, values: { email: string; password: string }) => Promise<void>;
}

/**
 * E-mail and password. A refused login shows the API's text (wrong credentials, inactive profile,
 * too many attempts); no connection or an unexpected answer shows the spec's generic text. What
 * was typed stays in the fields.
 */
export function LoginForm({ defaultValues, onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const mutation = useLoginMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultValues?.email ?? '', password: defaultValues?.password ?? '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const data = await mutation.mutateAsync(values);
      await onLoggedIn(data, values);
    } catch (e) {
      setError(apiErrorText(e, t('loginError')));
    }
  });

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
      {error && <Alert variant="error">{error}</Alert>}
      <FormField label={t('login.email')} error={fieldMessage(t, errors.email)}>
        <Input type="email" autoComplete="username" inputMode="email" autoFocus maxLength={254} {...form.register('email')} />
      </FormField>
      <FormField label={t('login.password')} error={fieldMessage(t, errors.password)}>
        <PasswordInput autoComplete="current-password" maxLength={128} {...form.register('password')} />
      </FormField>
      <div className="-mt-1 flex justify-end">
        <Link to="/login-forgot-password" className="text-sm font-medium text-foreground underline decoration-primary decoration-2 underline-offset-4">
          {t('login.forgot')}
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
