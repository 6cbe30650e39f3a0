import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/layout/public-card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/api-error-text';
import { usePrerenderedForm } from '@/lib/prerendered';
import { useStoreLogin, useStoreForgot, useStoreRedefine } from '../api/store-api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A store page's card, centred: its title, a line under it, and the form. */
function StoreCard({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <TitledCard title={title} description={description} className="mx-auto w-full max-w-md">
      {children}
    </TitledCard>
  );
}

/**
 * The store's login (spec section 2, "/vendas/{store}": a login-like page; docs/store.md
 * "Accounts"): e-mail and password; an e-mail on several clients' records asks which one (the API's
 * 409 with their names); each refusal shows the API's text; what was typed stays. On a first visit
 * it takes over the form prerendered at build time, as the staff's login does.
 */
export function StoreLoginPage({ slug }: { slug: string }) {
  const { t } = useTranslation('store');
  const login = useStoreLogin(slug);
  // A first visit's form prerendered at build time (lib/prerendered.ts): what was typed in it, the
  // focus, and a sending made before the app started, taken over once.
  const { early, form } = usePrerenderedForm();
  const [values, setValues] = useState({ email: early?.values.email ?? '', password: early?.values.password ?? '' });
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [choices, setChoices] = useState<{ id: string; name: string }[] | null>(null);

  const send = async (clientId?: string) => {
    setError(null);
    try {
      await login.mutateAsync({ email: values.email.trim().toLowerCase(), password: values.password, ...(clientId ? { clientId } : {}) });
    } catch (e) {
      const clients = e instanceof ApiError && e.status === 409 ? (e.details?.clients as { id: string; name: string }[] | undefined) : undefined;
      if (clients?.length) setChoices(clients);
      else {
        setChoices(null);
        setError(apiErrorText(e, t('login.failed')));
      }
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      ...(!values.email.trim() ? { email: t('login.emailRequired') } : !EMAIL.test(values.email.trim()) ? { email: t('login.emailInvalid') } : {}),
      ...(!values.password ? { password: t('login.passwordRequired') } : {}),
    };
    setErrors(found);
    if (!Object.keys(found).length) void send();
  };

  return (
    <StoreCard title={t('login.title')} description={t('login.description')}>
      {error && <Alert variant="error">{error}</Alert>}
      {choices ? (
        <div className="flex flex-col gap-3" data-testid="store-choices">
          <p className="text-sm">{t('login.choose')}</p>
          <ul className="flex flex-col gap-2">
            {choices.map((c) => (
              <li key={c.id}>
                <Button variant="outline" className="w-full justify-start" disabled={login.isPending} onClick={() => void send(c.id)}>
                  {c.name}
                </Button>
              </li>
            ))}
          </ul>
          <Button variant="ghost" onClick={() => setChoices(null)}>
            {t('login.back')}
          </Button>
        </div>
      ) : (
        <form ref={form} className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label={t('login.title')}>
          <FormField label={t('login.email')} error={errors.email}>
            <Input type="email" name="email" autoComplete="username" inputMode="email" maxLength={254} value={values.email} onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))} />
          </FormField>
          <FormField label={t('login.password')} error={errors.password}>
            <PasswordInput name="password" autoComplete="current-password" maxLength={128} value={values.password} onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} />
          </FormField>
          <Button type="submit" size="lg" disabled={login.isPending}>
            {login.isPending ? t('login.submitting') : t('login.submit')}
          </Button>
          <Link to="/vendas/$store/forgot-password" params={{ store: slug }} className="text-center text-sm text-primary underline-offset-4 hover:underline">
            {t('login.forgot')}
          </Link>
        </form>
      )}
    </StoreCard>
  );
}

/** "Esqueci minha senha" (spec section 2, `/vendas/{store}/forgot-password`): the API's neutral answer, whatever the e-mail. */
export function StoreForgotPage({ slug }: { slug: string }) {
  const { t } = useTranslation('store');
  const forgot = useStoreForgot(slug);
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wrong = !email.trim() ? t('login.emailRequired') : !EMAIL.test(email.trim()) ? t('login.emailInvalid') : undefined;
    setInvalid(wrong);
    if (wrong) return;
    setError(null);
    try {
      setDone((await forgot.mutateAsync({ email: email.trim().toLowerCase() })).message);
    } catch (err) {
      setError(apiErrorText(err, t('forgot.failed')));
    }
  };
  return (
    <StoreCard title={t('forgot.title')} description={t('forgot.description')}>
      {done ? <Alert variant="success">{done}</Alert> : null}
      {error && <Alert variant="error">{error}</Alert>}
      {!done && (
        <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate aria-label={t('forgot.title')}>
          <FormField label={t('login.email')} error={invalid}>
            <Input type="email" name="email" autoComplete="username" inputMode="email" maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />
          </FormField>
          <Button type="submit" size="lg" disabled={forgot.isPending}>
            {t('forgot.submit')}
          </Button>
        </form>
      )}
      <Link to="/vendas/$store" params={{ store: slug }} className="text-center text-sm text-primary underline-offset-4 hover:underline">
        {t('forgot.back')}
      </Link>
    </StoreCard>
  );
}

/** The link of the e-mail (an invitation or a forgotten password): the token after `#`, the new password twice. */
export function StoreRedefinePage({ slug }: { slug: string }) {
  const { t } = useTranslation('store');
  const redefine = useStoreRedefine(slug);
  const [token] = useState(() => (typeof window === 'undefined' ? '' : window.location.hash.slice(1)));
  const [values, setValues] = useState({ password: '', confirmation: '' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const local = {
      ...(values.password.length < 8 ? { password: t('redefine.short') } : {}),
      ...(values.confirmation !== values.password ? { confirmation: t('redefine.mismatch') } : {}),
    };
    setFields(local);
    if (Object.keys(local).length) return;
    try {
      setDone((await redefine.mutateAsync({ token, ...values })).message);
    } catch (err) {
      const byField = err instanceof ApiError ? Object.fromEntries(err.fields.map((f) => [f.field, f.message])) : {};
      setFields(byField);
      setError(byField.token ?? apiErrorText(err, t('redefine.failed')));
    }
  };
  return (
    <StoreCard title={t('redefine.title')} description={t('redefine.description')}>
      {done && <Alert variant="success">{done}</Alert>}
      {error && <Alert variant="error">{error}</Alert>}
      {!done && (
        <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate aria-label={t('redefine.title')}>
          <FormField label={t('redefine.password')} error={fields.password}>
            <PasswordInput name="password" autoComplete="new-password" maxLength={128} value={values.password} onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} />
          </FormField>
          <FormField label={t('redefine.confirmation')} error={fields.confirmation}>
            <PasswordInput name="confirmation" autoComplete="new-password" maxLength={128} value={values.confirmation} onChange={(e) => setValues((v) => ({ ...v, confirmation: e.target.value }))} />
          </FormField>
          <Button type="submit" size="lg" disabled={redefine.isPending}>
            {t('redefine.submit')}
          </Button>
        </form>
      )}
      <Link to="/vendas/$store" params={{ store: slug }} className="text-center text-sm text-primary underline-offset-4 hover:underline">
        {done ? t('redefine.toLogin') : t('forgot.back')}
      </Link>
    </StoreCard>
  );
}
