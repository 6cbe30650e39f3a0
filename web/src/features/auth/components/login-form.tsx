import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionData } from '@ev/shared/schemas/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { apiErrorText } from '@/lib/api-error-text';
import { usePrerenderedForm } from '@/lib/prerendered';
import { useLoginMutation } from '../api/auth-api';
import { loginErrors, type LoginErrors, type LoginValues } from '../forms/login-rules';

interface LoginFormProps {
  defaultValues?: Partial<LoginValues>;
  /** Runs after the API accepted the credentials; an error it throws is shown like a login error. */
  onLoggedIn: (data: SessionData, values: { email: string; password: string }) => Promise<void>;
}

/**
 * E-mail and password. A refused login shows the API's text (wrong credentials, inactive profile,
 * too many attempts); no connection or an unexpected answer shows the spec's generic text. What
 * was typed stays in the fields. Plain state and rules, no form library: this is the first page
 * most visits load. On a first visit it takes over the form prerendered at build time
 * (lib/prerendered.ts): what was typed there, the focus, and a sending made before the app started.
 */
export function LoginForm({ defaultValues, onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const mutation = useLoginMutation();
  const { early, form } = usePrerenderedForm();
  const [values, setValues] = useState<LoginValues>({
    email: defaultValues?.email || early?.values.email || '',
    password: defaultValues?.password || early?.values.password || '',
  });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const change = (field: keyof LoginValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, the messages follow what is typed.
    if (submitted) setErrors(loginErrors(next));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = loginErrors(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setError(null);
    setSubmitting(true);
    const sent = { email: values.email.trim().toLowerCase(), password: values.password };
    try {
      const data = await mutation.mutateAsync(sent);
      await onLoggedIn(data, sent);
    } catch (err) {
      setError(apiErrorText(err, t('loginError')));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form ref={form} className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
      {error && <Alert variant="error">{error}</Alert>}
      <FormField label={t('login.email')} error={errors.email && t(errors.email)}>
        <Input
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          autoFocus
          maxLength={254}
          value={values.email}
          onChange={(e) => change('email', e.target.value)}
        />
      </FormField>
      <FormField label={t('login.password')} error={errors.password && t(errors.password)}>
        <PasswordInput name="password" autoComplete="current-password" maxLength={128} value={values.password} onChange={(e) => change('password', e.target.value)} />
      </FormField>
      <div className="-mt-1 flex justify-end">
        <Link to="/login-forgot-password" className="text-sm font-medium text-foreground underline decoration-primary decoration-2 underline-offset-4">
          {t('login.forgot')}
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={submitting}>
        {submitting ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
