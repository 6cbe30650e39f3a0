import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { apiText } from '@/lib/api-error-text';
import { fieldMessage } from '@/lib/field-message';
import { useForgotPasswordMutation } from '../api/auth-api';
import { forgotPasswordSchema } from '../forms/schemas';
import { PublicCard } from '@/components/layout/public-card';

/**
 * Forgot password: the e-mail, then the API's neutral confirmation (the same whether the e-mail
 * exists or not). A failure shows the spec's reset error and keeps the e-mail typed.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const mutation = useForgotPasswordMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await mutation.mutateAsync(values);
      setSent(apiText('forgotPasswordSent'));
    } catch {
      setError(t('forgot.error'));
    }
  });

  const back = (
    <Link to="/login" className="inline-flex items-center gap-1.5 self-center text-sm font-medium text-foreground underline decoration-primary decoration-2 underline-offset-4">
      <IconArrowLeft aria-hidden className="size-4" />
      {t('forgot.back')}
    </Link>
  );

  return (
    <PublicCard title={t('forgot.title')} description={sent ? undefined : t('forgot.description')}>
      {sent ? (
        <div className="flex flex-col gap-5">
          <Alert variant="success">{sent}</Alert>
          {back}
        </div>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
          {error && <Alert variant="error">{error}</Alert>}
          <FormField label={t('forgot.email')} error={fieldMessage(t, errors.email)}>
            <Input type="email" autoComplete="username" inputMode="email" autoFocus maxLength={254} {...form.register('email')} />
          </FormField>
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? t('forgot.submitting') : t('forgot.submit')}
          </Button>
          {back}
        </form>
      )}
    </PublicCard>
  );
}
