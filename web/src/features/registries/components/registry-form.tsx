import { ApiTexts } from '@ev/shared/messages';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import type { FieldSpec } from '@ev/shared/registries/fields';
import { displayValue } from '@ev/shared/registries/format';
import { useState } from 'react';
import { Controller, FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField, DecimalField, fieldError, FormFields, MaskedField, MultiReferenceField, ReferenceField, SelectField, SwitchField, TextAreaField, TextField, useFieldsOptions } from '@/components/form/fields';
import { useLeaveGuard } from '@/components/form/leave-guard';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { apiErrorText, apiFieldErrors, textOf } from '@/lib/api-error-text';
import { keyedResolver } from '@/lib/field-message';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import type { RecordFormProps } from '@/lib/form-map';
import { applyMask, decimalText, maskOf } from '@/lib/masks';
import type { RegistryRecord } from '../api/registry-api';
import { TermsInput } from './terms-input';

type Values = Record<string, unknown>;

/** What the form holds for a field: text as typed, booleans, term lists. */
function formValue(spec: FieldSpec, value: unknown): unknown {
  if (spec.type === 'switch') return typeof value === 'boolean' ? value : spec.defaultValue === true;
  if (spec.type === 'terms') return Array.isArray(value) ? value : [];
  if (spec.type === 'select') return typeof value === 'string' ? value : typeof spec.defaultValue === 'string' ? spec.defaultValue : '';
  if (spec.type === 'reference') return typeof value === 'string' && value ? value : null;
  if (spec.type === 'references') return Array.isArray(value) ? value : [];
  if (value === null || value === undefined) return '';
  if (spec.type === 'decimal') return decimalText(value);
  if (spec.mask && (spec.type === 'cfop' || spec.type === 'plate' || spec.type === 'document')) return applyMask(String(value), maskOf(spec.mask, String(value)));
  return String(value);
}

export function initialValues(def: RegistryDefinition, record: RegistryRecord | null): Values {
  const out: Values = {};
  for (const [name, spec] of Object.entries(def.fields)) if (!spec.readOnly) out[name] = formValue(spec, record?.[name]);
  return out;
}

interface RegistryFormProps extends RecordFormProps<RegistryRecord> {
  def: RegistryDefinition;
}

/**
 * The form of any registry, laid out by the declaration's sections and rows, validated with its
 * input schema (the API's messages) and showing the API's field errors under the fields. What was
 * typed stays on an API error; leaving with unsaved changes asks first.
 */
export function RegistryForm({ def, record, readOnly, save, onSaved, onCancel }: RegistryFormProps) {
  const { t } = useTranslation('registries');
  const form = useForm<Values>({ resolver: keyedResolver<Values>(def.input, (path) => def.fields[path]?.label), defaultValues: initialValues(def, record), mode: 'onSubmit' });
  const [error, setError] = useState<string | null>(null);
  // Set once a save succeeded: the page then moves on (to the new record) without asking.
  const savedRef = useLeaveGuard(() => form.formState.isDirty, t('leaveConfirm'));
  const { isDirty, isSubmitting } = form.formState;
  const required = new Set(Object.entries(def.fields).filter(([, spec]) => spec.required).map(([name]) => name));
  const referenceTexts = { placeholder: t('choose'), search: t('reference.search'), empty: t('reference.empty'), loading: t('reference.loading'), failed: t('reference.failed'), clear: t('reference.clear'), add: t('reference.add'), remove: (name: string) => t('reference.remove', { name }) };

  const submit = async (parsed: Values) => {
    setError(null);
    const body = record ? { ...parsed, version: record.version } : parsed;
    try {
      const answer = await save(body);
      savedRef.current = true;
      form.reset(initialValues(def, answer));
      onSaved(answer);
    } catch (e) {
      const fields = apiFieldErrors(e, (field) => def.fields[field]?.label).filter((f) => f.field in def.fields);
      for (const f of fields) form.setError(f.field, { type: 'server', message: f.message }, { shouldFocus: true });
      if (!fields.length) {
        const fallback = record ? t('updateFailed') : t('addFailed');
        // A duplicate natural key names its field: shown under it.
        const keyField = e instanceof ApiError && e.code === 'registry.duplicate' ? def.naturalKey.field : null;
        if (keyField) form.setError(keyField, { type: 'server', message: apiErrorText(e, fallback) }, { shouldFocus: true });
        else setError(apiErrorText(e, fallback));
      }
    }
  };

  return (
    <FormProvider {...form}>
    <FormFields readOnly={readOnly} required={required} reference={referenceTexts}>
    <form className="flex flex-col gap-5" onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate aria-label={def.singular}>
      {error && <Alert variant="error">{error}</Alert>}
      {def.form.map((section, s) => (
        <fieldset key={s} className="flex flex-col gap-4">
          {section.title && <legend className="mb-2 text-sm font-semibold text-muted-foreground">{section.title}</legend>}
          {section.rows.map((row, r) => (
            <div key={r} className={cn('grid gap-4', row.length === 2 && 'sm:grid-cols-2', row.length >= 3 && 'sm:grid-cols-3')}>
              {row.map((name) => (
                <RegistryField key={name} def={def} name={name} />
              ))}
            </div>
          ))}
        </fieldset>
      ))}
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('saving') : t('save')}
          </Button>
          <Button
            variant="outline"
            // Editing: back to the saved values. Creating: back to the list (asking first when something was typed).
            onClick={() => (record ? form.reset() : onCancel())}
            disabled={isSubmitting || (!isDirty && !!record)}
          >
            {t('cancel')}
          </Button>
        </div>
      )}
    </form>
    </FormFields>
    </FormProvider>
  );
}

/** A field of the declaration on the form kit: its type picks the field. */
function RegistryField({ def, name }: { def: RegistryDefinition; name: string }) {
  const { t } = useTranslation('registries');
  const spec = def.fields[name]!;
  const common = { name, label: spec.label, hint: spec.hint };
  if (spec.readOnly) return <DerivedField def={def} name={name} />;
  switch (spec.type) {
    case 'switch':
      return <SwitchField name={name} label={spec.label} inline />;
    case 'terms':
      return <TermsField spec={spec} name={name} />;
    case 'select':
      return <SelectField {...common} options={spec.options ?? []} empty={spec.defaultValue ? undefined : t('choose')} />;
    case 'reference':
      return <ReferenceField {...common} source={spec.registry ?? ''} />;
    case 'references':
      return <MultiReferenceField {...common} source={spec.registry ?? ''} />;
    case 'textarea':
      return <TextAreaField {...common} maxLength={spec.maxLength} />;
    case 'date':
      return <DateField {...common} />;
    case 'decimal':
      return <DecimalField {...common} scale={spec.scale ?? 2} maxLength={spec.maxLength} placeholder={spec.placeholder} />;
    default: {
      const props = {
        ...common,
        inputMode: ['bank-code', 'renavam', 'cfop'].includes(spec.type) ? ('numeric' as const) : undefined,
        maxLength: spec.type === 'document' ? 18 : spec.type === 'plate' ? 8 : spec.type === 'cfop' ? 5 : spec.maxLength,
        placeholder: spec.placeholder,
      };
      if (spec.mask && spec.type !== 'text') return <MaskedField {...props} mask={spec.mask} />;
      const upper = ['plate', 'chassis', 'document'].includes(spec.type);
      return <TextField {...props} shape={upper ? (typed) => typed.toUpperCase() : undefined} />;
    }
  }
}

/** A value computed from other fields (shown, never typed). */
function DerivedField({ def, name }: { def: RegistryDefinition; name: string }) {
  const spec = def.fields[name]!;
  const values = useWatch();
  let derived: unknown = null;
  try {
    derived = def.derive(values)[name];
  } catch {
    derived = null;
  }
  return (
    <FormField label={spec.label}>
      <Input readOnly tabIndex={-1} className="bg-muted" value={displayValue(spec, derived) || (spec.type === 'text' && derived === 0 ? '0' : '')} name={name} />
    </FormField>
  );
}

/** Payment terms: typed one at a time, shown as chips (spec section 5). */
function TermsField({ spec, name }: { spec: FieldSpec; name: string }) {
  const { control, setError, clearErrors } = useFormContext();
  const { readOnly, required } = useFieldsOptions();
  const { label, hint } = spec;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormField label={required.has(name) && !readOnly ? `${label} *` : label} hint={readOnly ? undefined : hint} error={fieldError(fieldState)}>
          {readOnly ? (
            <Input readOnly value={displayValue(spec, field.value)} />
          ) : (
            <TermsInput
              value={(field.value as number[]) ?? []}
              onChange={(v) => {
                clearErrors(name);
                field.onChange(v);
              }}
              onInvalid={() => setError(name, { type: 'server', message: textOf(ApiTexts.termInvalid()) })}
            />
          )}
        </FormField>
      )}
    />
  );
}
