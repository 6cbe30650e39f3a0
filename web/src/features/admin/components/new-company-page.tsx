import { AdminCompanyCreate } from '@ev/shared/schemas/admin';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SaveBar } from '@/components/form/save-bar';
import { FormFields } from '@/components/form/fields';
import { useLeaveGuard } from '@/components/form/leave-guard';
import { Button } from '@/components/ui/button';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { schemaResolver } from '@/lib/form-map';
import { notify } from '@/lib/notices';
import { useCreateCompany } from '../api/admin-api';
import { adminFieldLabel, createBody, createValues, type CreateValues } from '../form';
import { DemoDataField, FirstUserFields, PlatformFields } from './company-fields';
import { PasswordDialog } from './password-dialog';

const REQUIRED = new Set(['name', 'branch.name', 'admin.name', 'admin.email', 'admin.password']);

/**
 * /admin/new: a new company with its first branch and administrator (docs/admin.md "Companies").
 * The form is checked by the shared schema; then the operator's password is asked
 * (`PasswordDialog`) and the company is opened. The API's refusals show on their fields (400, and
 * 409 on the administrator's e-mail); what was typed stays.
 */
export function NewCompanyPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const resolver = useMemo(() => schemaResolver<CreateValues>(AdminCompanyCreate, createBody, false, { labelOf: adminFieldLabel }), []);
  const form = useForm<CreateValues>({ resolver, defaultValues: createValues(), mode: 'onSubmit' });
  const create = useCreateCompany();
  const [pending, setPending] = useState<Record<string, unknown> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const savedRef = useLeaveGuard(() => form.formState.isDirty, t('form.leave'));

  const failed = (e: unknown) => {
    const fields = apiFieldErrors(e, adminFieldLabel);
    for (const f of fields) form.setError(f.field as FieldPath<CreateValues>, { type: 'server', message: f.message });
    if (fields.length) form.setFocus(fields[0]!.field as FieldPath<CreateValues>);
    setError(fields.length ? t('form.invalid') : apiErrorText(e, t('form.failed')));
  };

  return (
    <FormProvider {...form}>
      <FormFields required={REQUIRED}>
        <form
          noValidate
          aria-labelledby="new-company-title"
          className="flex flex-col gap-4"
          onSubmit={(e) =>
            void form.handleSubmit(
              (values) => {
                setError(null);
                setPending(createBody(values));
              },
              () => setError(t('form.invalid')),
            )(e)
          }
        >
          <div className="flex flex-col gap-2">
            <Link to="/admin" className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-foreground underline decoration-primary decoration-2 underline-offset-4">
              <IconArrowLeft aria-hidden className="size-4" />
              {t('back')}
            </Link>
            <h1 id="new-company-title" className="text-2xl font-semibold">
              {t('form.newTitle')}
            </h1>
            <p className="text-sm text-muted-foreground">{t('form.newDescription')}</p>
          </div>
          <PlatformFields />
          <FirstUserFields />
          <DemoDataField />
          <SaveBar error={error}>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => void navigate({ to: '/admin' })}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {t('form.create')}
              </Button>
            </div>
          </SaveBar>
        </form>
      </FormFields>
      <PasswordDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('confirm.createTitle')}
        description={t('confirm.createDescription', { name: String(pending?.name ?? '') })}
        confirmLabel={t('form.create')}
        testId="confirm-create"
        onConfirm={async (adminPassword) => {
          const company = await create.mutateAsync({ ...pending, adminPassword });
          savedRef.current = true;
          notify({ kind: 'success', text: t('form.created', { name: company.name }) });
          await navigate({ to: '/admin/$id', params: { id: company.id } });
        }}
        onFailed={failed}
      />
    </FormProvider>
  );
}
