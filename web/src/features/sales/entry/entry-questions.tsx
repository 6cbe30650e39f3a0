import { SaleTexts } from '@ev/shared/sales/texts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { textOf } from '@/lib/api-error-text';
import type { Question } from './entry-model';

/** The entry's one dialog: the question asked (a repeated product, a change that drops lines, the authorizer's password...). */
export function Questions({
  question,
  onCancel,
  onConfirm,
  auth,
  setAuth,
  reason,
  setReason,
}: {
  question: Question | null;
  onCancel(): void;
  onConfirm(q: Question): void;
  auth: { email: string; password: string };
  setAuth(a: { email: string; password: string }): void;
  reason: string;
  setReason(reason: string): void;
}) {
  const { t } = useTranslation('sales');
  const q = question;
  const texts: Record<Question['kind'], { title: string; description: string; confirm: string; destructive?: boolean }> = {
    repeated: { title: t('entry.repeatedTitle'), description: textOf(SaleTexts.repeatedProduct()), confirm: t('entry.addAgain') },
    client: { title: t('entry.changeClientTitle'), description: t('entry.changeClient'), confirm: t('entry.changeAnyway'), destructive: true },
    nature: { title: t('entry.changeNatureTitle'), description: t('entry.changeNature'), confirm: t('entry.changeAnyway'), destructive: true },
    company: { title: t('entry.changeCompanyTitle'), description: t('entry.changeCompany'), confirm: t('entry.changeAnyway'), destructive: true },
    shortStock: { title: t('entry.shortStockTitle'), description: q?.kind === 'shortStock' ? q.text : '', confirm: t('entry.proceed') },
    password: { title: t('entry.passwordTitle'), description: `${textOf(SaleTexts.belowMinimum())} ${t('entry.passwordAsk')}`, confirm: t('entry.authorize') },
    delete: { title: t('entry.deleteTitle'), description: t('entry.deleteAsk'), confirm: t('entry.deleteDraft'), destructive: true },
    cancelLine: { title: t('entry.cancelLineTitle'), description: `${q?.kind === 'cancelLine' ? q.name : ''}: ${t('entry.cancelLineAsk')}`, confirm: t('entry.cancelLineConfirm'), destructive: true },
    discard: { title: t('entry.discardTitle'), description: t('entry.discardAsk'), confirm: t('entry.discardEdit'), destructive: true },
  };
  const shown = q ? texts[q.kind] : null;
  return (
    <ConfirmDialog
      open={!!q}
      onOpenChange={(open) => !open && onCancel()}
      title={shown?.title ?? ''}
      description={shown?.description}
      confirmLabel={shown?.confirm ?? ''}
      cancelLabel={t('entry.cancel')}
      destructive={shown?.destructive}
      busy={q?.kind === 'cancelLine' && !reason.trim()}
      onConfirm={() => q && onConfirm(q)}
    >
      {q?.kind === 'cancelLine' && (
        <FormField label={t('entry.cancelReason')} hint={textOf(SaleTexts.cancelReasonRequired())}>
          <Input autoFocus maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
        </FormField>
      )}
      {q?.kind === 'password' && (
        <div className="flex flex-col gap-3">
          <FormField label={t('entry.authorizerEmail')}>
            <Input type="email" autoComplete="off" value={auth.email} onChange={(e) => setAuth({ ...auth, email: e.target.value })} />
          </FormField>
          <FormField label={t('entry.authorizerPassword')}>
            <PasswordInput autoComplete="off" value={auth.password} onChange={(e) => setAuth({ ...auth, password: e.target.value })} />
          </FormField>
        </div>
      )}
    </ConfirmDialog>
  );
}
