import { PASSWORD_MODES, type User } from '@ev/shared/schemas/users';
import { BRAZIL_TIME_ZONES } from '@ev/shared/calendar';
import type { Branch } from '@ev/shared/schemas/company';
import type { Profile } from '@ev/shared/schemas/profiles';
import { IconPlus, IconRefresh, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, FormProvider, useForm, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions';
import { DateField, FormFields, ReferenceField, SelectField, SwitchField, TextField, fieldError, referenceTextsOf } from '@/components/form/fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, selectClass } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError } from '@/lib/api';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { maskDocument, maskPhone } from '@/lib/masks';
import { MAX_PHONES, USER_FIELDS, userBody, userLabel, userResolver, userValues, type UserValues } from '../form';

const ZONES: readonly string[] = BRAZIL_TIME_ZONES;
const DATE_FORMATS = ['dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd'] as const;

const REQUIRED = new Set(['name', 'email', 'profileId', 'password']);

/** Up to four phones, each masked as typed, added and removed one at a time. */
function PhonesField({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('users');
  const { control } = useFormContext<UserValues>();
  return (
    <Controller
      control={control}
      name="phones"
      render={({ field, fieldState }) => {
        const phones = field.value;
        const errors = (fieldState.error as unknown as ({ message?: string } | undefined)[] | undefined) ?? [];
        return (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-medium">{t('fields.phones')}</legend>
            {phones.length === 0 && <p className="text-sm text-muted-foreground">{t('noPhones')}</p>}
            {phones.map((phone, i) => (
              <div key={i} className="flex items-start gap-2">
                <FormField label={t('phone', { n: i + 1 })} error={errors[i]?.message} className="min-w-0 flex-1">
                  <Input
                    inputMode="tel"
                    autoComplete="off"
                    maxLength={20}
                    readOnly={readOnly}
                    value={phone}
                    onChange={(e) => field.onChange(phones.map((p, j) => (j === i ? maskPhone(e.target.value) : p)))}
                    onBlur={field.onBlur}
                    ref={i === 0 ? field.ref : undefined}
                  />
                </FormField>
                {!readOnly && (
                  <Button type="button" variant="ghost" size="sm" className="mt-7 size-10 px-0" aria-label={t('removePhone', { n: i + 1 })} onClick={() => field.onChange(phones.filter((_, j) => j !== i))}>
                    <IconX aria-hidden />
                  </Button>
                )}
              </div>
            ))}
            {!readOnly && phones.length < MAX_PHONES && (
              <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => field.onChange([...phones, ''])}>
                <IconPlus aria-hidden />
                {t('addPhone')}
              </Button>
            )}
          </fieldset>
        );
      }}
    />
  );
}

/** The allowed branches (a checkbox each) and the default one among them. */
function BranchesField({ branches, readOnly }: { branches: Branch[]; readOnly: boolean }) {
  const { t } = useTranslation('users');
  const { control, setValue, getValues } = useFormContext<UserValues>();
  const chosen = useWatch({ control, name: 'branchIds' });
  const nameOf = (b: Branch) => (b.active ? (b.nickname ?? b.name) : t('inactiveBranch', { name: b.nickname ?? b.name }));
  // Only active branches are offered; an inactive one the user already has stays listed.
  const offered = branches.filter((b) => b.active || chosen.includes(b.id));
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Controller
        control={control}
        name="branchIds"
        render={({ field, fieldState }) => (
          <fieldset className="flex flex-col gap-1.5" aria-describedby="user-branches-hint" aria-invalid={fieldState.error ? true : undefined}>
            <legend className="mb-1.5 text-sm font-medium">{t('fields.branchIds')}</legend>
            {offered.length === 0 && <p className="text-sm text-muted-foreground">{t('noBranchesToOffer')}</p>}
            {offered.map((b, i) => (
              <label key={b.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={field.value.includes(b.id)}
                  disabled={readOnly}
                  ref={i === 0 ? field.ref : undefined}
                  onChange={(e) => {
                    const next = e.target.checked ? [...field.value, b.id] : field.value.filter((id) => id !== b.id);
                    field.onChange(next);
                    const fallback = getValues('defaultBranchId');
                    if (fallback && !next.includes(fallback)) setValue('defaultBranchId', null, { shouldDirty: true });
                  }}
                />
                {nameOf(b)}
              </label>
            ))}
            <p id="user-branches-hint" className={fieldState.error ? 'text-xs font-medium text-destructive' : 'text-xs text-muted-foreground'}>
              {fieldState.error ? fieldError(fieldState) : chosen.length ? t('hints.branchIds') : t('hints.noBranch')}
            </p>
          </fieldset>
        )}
      />
      <SelectField
        name="defaultBranchId"
        label={t('fields.defaultBranchId')}
        hint={t('hints.defaultBranchId')}
        empty={t('firstAllowed')}
        options={offered.filter((b) => chosen.includes(b.id)).map((b) => ({ value: b.id, label: nameOf(b) }))}
      />
    </div>
  );
}

/** New user only: the initial password typed now, or a temporary one e-mailed. */
function PasswordSection() {
  const { t } = useTranslation('users');
  const { control } = useFormContext<UserValues>();
  const mode = useWatch({ control, name: 'passwordMode' });
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">{t('password.title')}</legend>
      <Controller
        control={control}
        name="passwordMode"
        render={({ field }) => (
          <div role="radiogroup" aria-label={t('password.title')} className="flex flex-col gap-2">
            {PASSWORD_MODES.map((m) => (
              <label key={m} className="flex items-start gap-2 text-sm">
                <input type="radio" className="mt-0.5 size-4 accent-primary" name="passwordMode" value={m} checked={(field.value || 'set') === m} onChange={() => field.onChange(m)} ref={m === 'set' ? field.ref : undefined} />
                <span className="flex flex-col">
                  <span>{t(`password.${m}`)}</span>
                  <span className="text-xs text-muted-foreground">{t(`password.${m}Hint`)}</span>
                </span>
              </label>
            ))}
          </div>
        )}
      />
      {mode !== 'email' && (
        <Controller
          control={control}
          name="password"
          render={({ field, fieldState }) => (
            <FormField label={`${t('fields.password')} *`} error={fieldError(fieldState)} hint={t('hints.password')}>
              <PasswordInput name="password" autoComplete="new-password" maxLength={128} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
            </FormField>
          )}
        />
      )}
    </fieldset>
  );
}

export interface UserFormProps {
  user: User | null;
  profiles: Profile[];
  branches: Branch[];
  readOnly: boolean;
  save(body: Record<string, unknown>): Promise<User>;
  onSaved(user: User, emailed: boolean): void;
  onCancel(): void;
  /** Reads the user again (after a 409: the form then shows the current version). */
  onReload(): void;
  /** Whether the form has changes not saved (the sheet asks before closing). */
  onDirty?(dirty: boolean): void;
}

/**
 * A user's form (new or edit), validated with the API's schema; the API's field errors show under
 * their fields. A version conflict keeps what was typed and offers to reload the current version.
 */
export function UserForm({ user, profiles, branches, readOnly, save, onSaved, onCancel, onReload, onDirty }: UserFormProps) {
  const { t } = useTranslation('users');
  const resolver = useMemo(() => userResolver(!!user), [user]);
  const form = useForm<UserValues>({ resolver, defaultValues: userValues(user), mode: 'onSubmit' });
  const [error, setError] = useState<{ text: string; conflict: boolean } | null>(null);
  const { isSubmitting, isDirty } = form.formState;
  useEffect(() => onDirty?.(isDirty), [isDirty, onDirty]);
  const referenceTexts = referenceTextsOf(t, { placeholder: t('choose'), clear: t('noSupervisor') });
  const profileOptions = profiles.filter((p) => p.active || p.id === user?.profileId).map((p) => ({ value: p.id, label: p.active ? p.name : t('inactiveProfile', { name: p.name }) }));
  const zones = user && !ZONES.includes(user.timezone) ? [user.timezone, ...ZONES] : ZONES;

  const submit = async (values: UserValues) => {
    setError(null);
    try {
      const saved = await save({ ...userBody(values, !!user), ...(user ? { version: user.version } : {}) });
      onSaved(saved, !user && values.passwordMode === 'email');
    } catch (e) {
      const fields = apiFieldErrors(e, userLabel).filter((f) => f.field.split('.')[0]! in USER_FIELDS);
      for (const f of fields) form.setError(f.field as FieldPath<UserValues>, { type: 'server', message: f.message });
      if (fields.length) form.setFocus(fields[0]!.field.split('.')[0] as FieldPath<UserValues>);
      else setError({ text: apiErrorText(e, user ? t('updateFailed') : t('addFailed')), conflict: e instanceof ApiError && e.status === 409 && e.code === 'conflict.version' });
    }
  };

  return (
    <FormProvider {...form}>
      <FormFields readOnly={readOnly} required={REQUIRED} reference={referenceTexts}>
        <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="flex flex-col gap-5" aria-label={user ? t('editForm', { name: user.name }) : t('newForm')}>
          <section className="flex flex-col gap-3" aria-labelledby="user-personal">
            <h3 id="user-personal" className="text-sm font-semibold">
              {t('sections.personal')}
            </h3>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField name="name" label={t('fields.name')} maxLength={120} />
              <TextField name="nickname" label={t('fields.nickname')} maxLength={60} hint={t('hints.nickname')} />
              <TextField name="email" type="email" inputMode="email" label={t('fields.email')} maxLength={254} hint={t('hints.email')} className="sm:col-span-2" />
              <DateField name="birthday" label={t('fields.birthday')} />
              <TextField name="document" label={t('fields.document')} maxLength={18} shape={maskDocument} mono />
              <TextField name="stateRegistration" label={t('fields.stateRegistration')} maxLength={20} />
            </div>
            <PhonesField readOnly={readOnly} />
          </section>

          <section className="flex flex-col gap-3" aria-labelledby="user-access">
            <h3 id="user-access" className="text-sm font-semibold">
              {t('sections.access')}
            </h3>
            <SelectField name="profileId" label={t('fields.profileId')} hint={t('hints.profileId')} empty={t('chooseProfile')} options={profileOptions} />
            <div className="grid gap-x-3 gap-y-2 sm:grid-cols-2">
              <SwitchField name="employee" label={t('fields.employee')} inline />
              <SwitchField name="salesman" label={t('fields.salesman')} hint={t('hints.salesman')} inline />
              <SwitchField name="supervisor" label={t('fields.supervisor')} hint={t('hints.supervisor')} inline />
              <SwitchField name="financialReleaseAuthorizer" label={t('fields.financialReleaseAuthorizer')} hint={t('hints.financialReleaseAuthorizer')} inline />
            </div>
            <ReferenceField name="supervisorId" label={t('fields.supervisorId')} hint={t('hints.supervisorId')} source={{ path: 'users', query: { flag: 'supervisor', active: 'true' } }} />
            <BranchesField branches={branches} readOnly={readOnly} />
          </section>

          <section className="flex flex-col gap-3" aria-labelledby="user-preferences">
            <h3 id="user-preferences" className="text-sm font-semibold">
              {t('sections.preferences')}
            </h3>
            <div className="grid gap-3 sm:grid-cols-2">
              <Controller
                control={form.control}
                name="timezone"
                render={({ field, fieldState }) => (
                  <FormField label={t('fields.timezone')} error={fieldError(fieldState)}>
                    <select className={selectClass} name="timezone" value={field.value || zones[0]} onChange={field.onChange} onBlur={field.onBlur} disabled={readOnly} ref={field.ref}>
                      {zones.map((z) => (
                        <option key={z} value={z}>
                          {z}
                        </option>
                      ))}
                    </select>
                  </FormField>
                )}
              />
              <SelectField name="dateFormat" label={t('fields.dateFormat')} options={DATE_FORMATS.map((f) => ({ value: f, label: f }))} />
            </div>
          </section>

          {!user && !readOnly && <PasswordSection />}

          {error && (
            <Alert variant="error">
              <p>{error.text}</p>
              {error.conflict && (
                <Button type="button" variant="outline" size="sm" className="mt-2" onClick={onReload}>
                  <IconRefresh aria-hidden />
                  {t('reloadCurrent')}
                </Button>
              )}
            </Alert>
          )}
          {!readOnly && (
            <FormActions texts={{ cancel: t('cancel'), submit: user ? t('save') : t('create'), submitting: t('saving') }} submitting={isSubmitting} onCancel={onCancel} />
          )}
        </form>
      </FormFields>
    </FormProvider>
  );
}
