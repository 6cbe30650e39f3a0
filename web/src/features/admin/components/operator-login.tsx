import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicCard } from '@/components/layout/public-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import type { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/api-error-text';
import { useOperatorLogin } from '../api/admin-api';

/**
 * The operator's sign-in (docs/admin.md "Operators"): e-mail and password of an operator's account,
 * never a company user's. A refusal shows the API's text (wrong credentials, too many attempts);
 * `ended` is why the last session ended (the API's 401, in the current language). What was typed stays.
 */
export function OperatorLogin({ ended }: { ended: ApiError | null }) {
  const { t } = useTranslation('admin');
  const login = useOperatorLogin();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);

  const check = (v: typeof values) => ({
    ...(!v.email.trim() ? { email: t('signIn.emailRequired') } : !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim()) ? { email: t('signIn.emailInvalid') } : {}),
    ...(!v.password ? { password: t('signIn.passwordRequired') } : {}),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setError(null);
    try {
      await login.mutateAsync({ email: values.email.trim().toLowerCase(), password: values.password });
    } catch (err) {
      setError(apiErrorText(err, t('signIn.failed')));
    }
  };

  return (
    <PublicCard title={t('signIn.title')} description={t('signIn.description')}>
      {ended && !error && <Alert variant="warning">{apiErrorText(ended, t('signIn.ended'))}</Alert>}
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate aria-label={t('signIn.title')}>
        {error && <Alert variant="error">{error}</Alert>}
        <FormField label={t('signIn.email')} error={errors.email}>
          <Input type="email" name="email" autoComplete="username" inputMode="email" autoFocus maxLength={254} value={values.email} onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))} />
        </FormField>
        <FormField label={t('signIn.password')} error={errors.password}>
          <PasswordInput name="password" autoComplete="current-password" maxLength={128} value={values.password} onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} />
        </FormField>
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending ? t('signIn.submitting') : t('signIn.submit')}
        </Button>
      </form>
    </PublicCard>
  );
}
