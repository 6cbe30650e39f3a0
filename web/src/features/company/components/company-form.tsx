import { CompanyUpdate, TAX_REGIMES, type Company } from '@ev/shared/schemas/company';
import { useMemo, useState } from 'react';
import { FormProvider, get, useForm, useFormContext, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormFields, MaskedField, SelectField, SwitchField, TextAreaField, TextField, useFieldsOptions } from '@/components/form/fields';
import { useLeaveGuard } from '@/components/form/leave-guard';
import { Alert } from '@/components/ui/alert';
import { SaveBar } from '@/components/form/save-bar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { schemaResolver } from '@/lib/form-map';
import { CNPJ_MASK, CPF_MASK } from '@/lib/masks';
import { notify } from '@/lib/notices';
import { useSaveCompany } from '../api/company-api';
import { companyBody, companyLabel, companyValues, settingPath, SETTINGS_GROUPS, type CompanyValues, type SettingControl, type SettingsGroup } from '../form';

const WORDS_FIELD = 'settings.customers.socialNetworks';

/**
 * The shared schema's check of what the form would send (the API's very rules and texts); a
 * repeated social network, which the schema names by its position, is shown at the field.
 */
function companyResolver(): Resolver<CompanyValues> {
  const resolve = schemaResolver<CompanyValues>(CompanyUpdate, companyBody, true, { labelOf: companyLabel });
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const words = get(result.errors, WORDS_FIELD) as unknown;
    if (Array.isArray(words)) {
      const first = (words as ({ message?: string } | undefined)[]).find((e) => e?.message);
      const customers = (result.errors as FieldErrors<CompanyValues>).settings?.customers as Record<string, unknown> | undefined;
      if (customers) customers.socialNetworks = { type: 'validate', message: first?.message ?? '' };
    }
    return result;
  };
}

/** One setting's control with its label and its one-line effect. */
function Setting({ group, control, required = false }: { group: SettingsGroup['id']; control: SettingControl; required?: boolean }) {
  const { t } = useTranslation('company');
  const path = settingPath(group, control.key, required);
  const label = t(`${path}.label`);
  const hint = t(`${path}.hint`);
  switch (control.kind) {
    case 'switch':
      return <SwitchField name={path} label={label} hint={hint} inline />;
    case 'select':
      return <SelectField name={path} label={label} hint={hint} options={(control.options ?? []).map((o) => ({ value: o.value, label: o.labelKey ? t(o.labelKey) : (o.label ?? o.value) }))} />;
    case 'int':
      return <TextField name={path} label={label} hint={hint} inputMode="numeric" maxLength={control.maxLength} shape={(v) => v.replace(/\D/g, '')} />;
    case 'float':
      return <TextField name={path} label={label} hint={hint} inputMode="decimal" maxLength={control.maxLength} shape={(v) => v.replace(/[^\d,.-]/g, '')} />;
    case 'decimal':
      // Never negative: a rate or an amount, kept as the decimal string the API answers ('2,50').
      return <TextField name={path} label={label} hint={hint} inputMode="decimal" maxLength={control.maxLength} shape={(v) => v.replace(/[^\d,.]/g, '')} />;
    case 'words':
      return <WordsField name={path} label={label} hint={hint} maxLength={control.maxLength} />;
    default:
      return <TextField name={path} label={label} hint={hint} maxLength={control.maxLength} />;
  }
}

/** A list of names typed separated by commas; its message is the list's or its first name's. */
function WordsField({ name, label, hint, maxLength }: { name: string; label: string; hint: string; maxLength?: number }) {
  const { register, formState } = useFormContext<CompanyValues>();
  const { readOnly } = useFieldsOptions();
  const error = get(formState.errors, name) as { message?: string } | undefined;
  return (
    <FormField label={label} hint={hint} error={error?.message || undefined}>
      <Input maxLength={maxLength} autoComplete="off" readOnly={readOnly} {...register(name as FieldPath<CompanyValues>)} />
    </FormField>
  );
}

function GroupCard({ group }: { group: SettingsGroup }) {
  const { t } = useTranslation('company');
  const titleId = `settings-${group.id}-title`;
  return (
    <Card role="group" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t(`settings.${group.id}.title`)}</CardTitle>
        <CardDescription>{t(`settings.${group.id}.description`)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="grid gap-x-6 gap-y-4 md:grid-cols-2">
          {group.controls.map((c) => (
            <Setting key={c.key} group={group.id} control={c} />
          ))}
        </div>
        {group.required && (
          <fieldset className="flex flex-col gap-3 rounded-md border border-border p-4">
            <legend className="px-1 text-sm font-semibold">{t(`settings.${group.id}.required.title`)}</legend>
            <p className="text-sm text-muted-foreground">{t(`settings.${group.id}.required.description`)}</p>
            <div className="grid gap-x-6 gap-y-4 md:grid-cols-2">
              {group.required.map((c) => (
                <Setting key={c.key} group={group.id} control={c} required />
              ))}
            </div>
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}

function DataCard({ company }: { company: Company }) {
  const { t } = useTranslation('company');
  const regimes = company.taxRegime && !(TAX_REGIMES as readonly string[]).includes(company.taxRegime) ? [company.taxRegime, ...TAX_REGIMES] : TAX_REGIMES;
  return (
    <Card role="group" aria-labelledby="company-data-title">
      <CardHeader>
        <CardTitle id="company-data-title">{t('data.title')}</CardTitle>
        <CardDescription>{t('data.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid gap-3 md:grid-cols-2">
          <TextField name="name" label={t('fields.name')} hint={t('hints.name')} maxLength={120} />
          <TextField name="nickname" label={t('fields.nickname')} hint={t('hints.nickname')} maxLength={60} />
          <MaskedField name="document" label={t('fields.document')} hint={t('hints.document')} mask={[CPF_MASK, CNPJ_MASK]} maxLength={18} />
          <SelectField name="taxRegime" label={t('fields.taxRegime')} hint={t('hints.taxRegime')} empty={t('choose')} options={regimes.map((r) => ({ value: r, label: r }))} />
        </div>
        <div className="grid gap-3 md:grid-cols-2">
          {(['invoice', 'sale', 'receivables', 'serviceOrder'] as const).map((o) => (
            <TextAreaField key={o} name={`observations.${o}`} label={t(`fields.observations.${o}`)} hint={t(`hints.observations.${o}`)} maxLength={2000} />
          ))}
        </div>
        <p className="text-xs text-muted-foreground">{t('data.platform')}</p>
        <dl className="-mt-3 grid gap-x-4 gap-y-1 rounded-md bg-muted/50 p-3 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">{t('data.group')}</dt>
          <dd>{company.group ?? t('data.none')}</dd>
          <dt className="text-muted-foreground">{t('data.module')}</dt>
          <dd>{company.module ?? t('data.none')}</dd>
          <dt className="text-muted-foreground">{t('data.timezone')}</dt>
          <dd>{company.timezone}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * The company's data and every setting in one form, saved together over the version read. A save
 * refused as stale (409) keeps what was typed and says so, with a button to load the current
 * version; field errors show at their fields. Leaving with unsaved changes asks first.
 */
export function CompanyForm({ company, readOnly, onReload }: { company: Company; readOnly: boolean; onReload(): void }) {
  const { t } = useTranslation('company');
  const resolver = useMemo(() => companyResolver(), []);
  const form = useForm<CompanyValues>({ resolver, defaultValues: companyValues(company), mode: 'onSubmit' });
  const save = useSaveCompany();
  const [error, setError] = useState<{ text: string; conflict: boolean } | null>(null);
  const savedRef = useLeaveGuard(() => form.formState.isDirty, t('leaveConfirm'));
  const { isSubmitting, isDirty } = form.formState;

  const submit = async (values: CompanyValues) => {
    setError(null);
    try {
      await save.mutateAsync({ ...companyBody(values), version: company.version });
      savedRef.current = true;
      notify({ kind: 'success', text: t('saved') });
      // The page mounts the form again with the saved version.
    } catch (e) {
      const conflict = e instanceof ApiError && e.status === 409;
      const fields = apiFieldErrors(e, companyLabel).map((f) => ({ ...f, field: f.field.startsWith(`${WORDS_FIELD}.`) ? WORDS_FIELD : f.field }));
      for (const f of fields) form.setError(f.field as FieldPath<CompanyValues>, { type: 'server', message: f.message });
      if (fields.length) form.setFocus(fields[0]!.field as FieldPath<CompanyValues>);
      setError({ text: conflict ? apiErrorText(e, t('saveFailed')) : fields.length ? t('invalid') : apiErrorText(e, t('saveFailed')), conflict });
    }
  };

  return (
    <FormProvider {...form}>
      <FormFields readOnly={readOnly} required={new Set(['name'])}>
        <form noValidate className="flex flex-col gap-4" aria-label={t('title')} onSubmit={(e) => void form.handleSubmit(submit, () => setError({ text: t('invalid'), conflict: false }))(e)}>
          {readOnly && <Alert variant="info">{t('readOnly')}</Alert>}
          <DataCard company={company} />
          {SETTINGS_GROUPS.map((g) => (
            <GroupCard key={g.id} group={g} />
          ))}
          {!readOnly && (
            <SaveBar error={error} reload={{ text: t('reload'), onClick: onReload }}>
              {/* At the start on a phone: the scroll-to-top button sits at the end. */}
              <div className="flex flex-wrap items-center gap-3 sm:flex-row-reverse">
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting ? t('saving') : t('save')}
                </Button>
                {isDirty && <span className="text-sm text-muted-foreground">{t('unsaved')}</span>}
              </div>
            </SaveBar>
          )}
        </form>
      </FormFields>
    </FormProvider>
  );
}
