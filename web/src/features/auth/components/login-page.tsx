import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionData } from '@ev/shared/schemas/auth';
import { Alert } from '@/components/ui/alert';
import { apiErrorText, apiText, refreshFailureText } from '@/lib/api-error-text';
import { endTemporarySession, login } from '../api/auth-api';
import type { LoginSearch } from '../forms/login-rules';
import { startSession } from '../start-session';
import { PublicCard } from '@/components/layout/public-card';
import { LoginForm } from './login-form';
// The forced new password appears only after a temporary password: its form loads then.
const NewPasswordForm = lazy(() => import('./new-password-form').then((m) => ({ default: m.NewPasswordForm })));

type Step =
  | { kind: 'login'; email: string; notice?: string; error?: string }
  /** After a login with a temporary password. Its session lives here, in memory, never in storage. */
  | { kind: 'newPassword'; email: string; temporaryPassword: string; token: string };

/**
 * The login page (blank layout). `expired` and `message` say why the user was sent here; after a
 * login the user goes to `redirect` (a path of this site) or home. A temporary password (from
 * forgot-password) leads to the forced new-password step on this same page: the new password is
 * set with the temporary session, which ends every session, and the page logs in again with it.
 */
export function LoginPage({ search }: { search: LoginSearch }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'login', email: '' });

  async function proceed(data: SessionData) {
    queryClient.clear();
    await startSession(data);
    await navigate({ href: search.redirect ?? '/home', replace: true });
  }

  async function onLoggedIn(data: SessionData, values: { email: string; password: string }) {
    if (data.mustChangePassword) {
      setStep({ kind: 'newPassword', email: values.email, temporaryPassword: values.password, token: data.accessToken });
      return;
    }
    await proceed(data);
  }

  async function onPasswordChanged(email: string, newPassword: string, _message: string) {
    try {
      const data = await login({ email, password: newPassword });
      await proceed(data);
    } catch (e) {
      // The password did change: say so, and let the user log in with it by hand.
      setStep({ kind: 'login', email, notice: apiText('passwordChanged'), error: apiErrorText(e, t('loginError')) });
    }
  }

  if (step.kind === 'newPassword') {
    return (
      <PublicCard title={t('newPassword.title')} description={t('newPassword.description')}>
        <Suspense fallback={<p className="text-sm text-muted-foreground">{t('common:loading')}</p>}>
          <NewPasswordForm
            token={step.token}
            temporaryPassword={step.temporaryPassword}
            onChanged={(newPassword, message) => onPasswordChanged(step.email, newPassword, message)}
            onCancel={() => {
              void endTemporarySession(step.token);
              setStep({ kind: 'login', email: step.email });
            }}
          />
        </Suspense>
      </PublicCard>
    );
  }

  const reason = search.expired === 1 ? t('tokenExpired') : search.message ? refreshFailureText(search.message) : null;
  return (
    <PublicCard title={t('login.title')} description={t('login.description')}>
      {reason && <Alert variant="warning">{reason}</Alert>}
      {step.notice && <Alert variant="success">{step.notice}</Alert>}
      {step.error && <Alert variant="error">{step.error}</Alert>}
      <LoginForm key={step.email + (step.notice ?? '')} defaultValues={{ email: step.email }} onLoggedIn={onLoggedIn} />
    </PublicCard>
  );
}
