import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicCard } from '@/components/layout/public-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import type { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/api-error-text';
import { useOperatorLogin } from '../api/admin-api';

/**
 * The operator's sign-in form (docs/admin.md "Operators"): e-mail and password of an operator's
 * account, never a company user's. A refusal shows the API's text (wrong credentials, too many
 * attempts); `ended` is why the last session ended (the API's 401, in the current language). What
 * was typed stays.
 */
function OperatorLoginForm({ ended, email = '' }: { ended: ApiError | null; email?: string }) {
  const { t } = useTranslation('admin');
  const login = useOperatorLogin();
  const [values, setValues] = useState({ email, password: '' });
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
    <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate aria-label={t('signIn.title')}>
      {ended && !error && <Alert variant="warning">{apiErrorText(ended, t('signIn.ended'))}</Alert>}
      {error && <Alert variant="error">{error}</Alert>}
      <FormField label={t('signIn.email')} error={errors.email}>
        <Input type="email" name="email" autoComplete="username" inputMode="email" autoFocus={!email} maxLength={254} value={values.email} onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))} />
      </FormField>
      <FormField label={t('signIn.password')} error={errors.password}>
        <PasswordInput name="password" autoComplete="current-password" maxLength={128} autoFocus={!!email} value={values.password} onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} />
      </FormField>
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? t('signIn.submitting') : t('signIn.submit')}
      </Button>
    </form>
  );
}

/** The sign-in as the area's page: no session in this tab (a first visit, after "Sair"). */
export function OperatorLoginPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="flex min-h-screen items-center justify-center bg-background p-4">
      <PublicCard title={t('signIn.title')} description={t('signIn.description')}>
        <OperatorLoginForm ended={null} />
      </PublicCard>
    </div>
  );
}

/**
 * The sign-in over the page when the session ended under it (an admin call answered 401): the page
 * stays as it was, what was typed in its forms too, and goes on once signed in again. It cannot be
 * closed without signing in.
 */
export function OperatorLoginDialog({ ended, email }: { ended: ApiError; email: string }) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open>
      <DialogContent
        role="alertdialog"
        className="max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-md gap-4 overflow-y-auto p-5"
        data-testid="operator-login-dialog"
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogTitle className="text-lg font-semibold">{t('signIn.again')}</DialogTitle>
        <DialogDescription className="text-sm text-muted-foreground">{t('signIn.againDescription')}</DialogDescription>
        <OperatorLoginForm ended={ended} email={email} />
      </DialogContent>
    </Dialog>
  );
}
