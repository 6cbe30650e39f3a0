import { ApiTexts } from '@ev/shared/messages';
import type { RegistryDefinition } from '@ev/shared/registries/definition';
import type { FieldSpec } from '@ev/shared/registries/fields';
import { displayValue } from '@ev/shared/registries/format';
import { useBlocker } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldError, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { apiErrorText, apiFieldErrors, textOf } from '@/lib/api-error-text';
import { keyedResolver } from '@/lib/field-message';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { searchRegistry, useRegistryRecord, type RegistryRecord } from '../api/registry-api';
import { applyMask, maskFor } from './mask';
import { TermsInput } from './terms-input';

type Values = Record<string, unknown>;

/** What the form holds for a field: text as typed, booleans, term lists. */
function formValue(spec: FieldSpec, value: unknown): unknown {
  if (spec.type === 'switch') return typeof value === 'boolean' ? value : spec.defaultValue === true;
  if (spec.type === 'terms') return Array.isArray(value) ? value : [];
  if (spec.type === 'select') return typeof value === 'string' ? value : typeof spec.defaultValue === 'string' ? spec.defaultValue : '';
  if (spec.type === 'reference') return typeof value === 'string' && value ? value : null;
  if (value === null || value === undefined) return '';
  if (spec.type === 'decimal') return String(value).replace('.', ',');
  if (spec.type === 'cfop' || spec.type === 'plate' || spec.type === 'document') return applyMask(String(value), maskFor(spec, String(value)) ?? '');
  return String(value);
}

export function initialValues(def: RegistryDefinition, record: RegistryRecord | null): Values {
  const out: Values = {};
  for (const [name, spec] of Object.entries(def.fields)) if (!spec.readOnly) out[name] = formValue(spec, record?.[name]);
  return out;
}

const selectClass = 'h-10 w-full rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive';
const textareaClass = 'min-h-24 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive';

interface RegistryFormProps {
  def: RegistryDefinition;
  record: RegistryRecord | null;
  readOnly: boolean;
  save(body: Values): Promise<RegistryRecord>;
  onSaved(record: RegistryRecord): void;
  onCancel(): void;
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
  const saved = useRef(false);
  const { isDirty, isSubmitting } = form.formState;

  useBlocker({
    shouldBlockFn: () => !saved.current && form.formState.isDirty && !window.confirm(t('leaveConfirm')),
    enableBeforeUnload: () => !saved.current && form.formState.isDirty,
  });

  const submit = async (parsed: Values) => {
    setError(null);
    const body = record ? { ...parsed, version: record.version } : parsed;
    try {
      const answer = await save(body);
      saved.current = true;
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
    <form className="flex flex-col gap-5" onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate aria-label={def.singular}>
      {error && <Alert variant="error">{error}</Alert>}
      {def.form.map((section, s) => (
        <fieldset key={s} className="flex flex-col gap-4">
          {section.title && <legend className="mb-2 text-sm font-semibold text-muted-foreground">{section.title}</legend>}
          {section.rows.map((row, r) => (
            <div key={r} className={cn('grid gap-4', row.length === 2 && 'sm:grid-cols-2', row.length >= 3 && 'sm:grid-cols-3')}>
              {row.map((name) => (
                <RegistryField key={name} def={def} name={name} form={form} readOnly={readOnly} />
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
  );
}

const message = (e: FieldError | undefined) => e?.message || undefined;

function RegistryField({ def, name, form, readOnly }: { def: RegistryDefinition; name: string; form: UseFormReturn<Values>; readOnly: boolean }) {
  const { t } = useTranslation('registries');
  const spec = def.fields[name]!;
  const values = useWatch({ control: form.control });
  const error = message(form.formState.errors[name] as FieldError | undefined);
  const label = spec.required && !readOnly ? `${spec.label} *` : spec.label;

  if (spec.readOnly) {
    let derived: unknown = null;
    try {
      derived = def.derive(values)[name];
    } catch {
      derived = null;
    }
    return (
      <FormField label={label}>
        <Input readOnly tabIndex={-1} className="bg-muted" value={displayValue(spec, derived) || (spec.type === 'text' && derived === 0 ? '0' : '')} name={name} />
      </FormField>
    );
  }

  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => {
        if (spec.type === 'switch')
          return (
            <div className="flex items-center gap-3 pt-1">
              <Switch id={`f-${name}`} checked={field.value === true} onCheckedChange={(v) => field.onChange(v)} disabled={readOnly} aria-invalid={error ? true : undefined} />
              <label htmlFor={`f-${name}`} className="text-sm">
                {spec.label}
              </label>
              {error && <p className="text-xs font-medium text-destructive">{error}</p>}
            </div>
          );
        if (spec.type === 'terms')
          return (
            <FormField label={label} hint={readOnly ? undefined : spec.hint} error={error}>
              {readOnly ? (
                <Input readOnly value={displayValue(spec, field.value)} />
              ) : (
                <TermsInput
                  value={(field.value as number[]) ?? []}
                  onChange={(v) => {
                    form.clearErrors(name);
                    field.onChange(v);
                  }}
                  onInvalid={() => form.setError(name, { type: 'server', message: textOf(ApiTexts.termInvalid()) })}
                />
              )}
            </FormField>
          );
        if (spec.type === 'select')
          return (
            <FormField label={label} hint={spec.hint} error={error}>
              <select className={selectClass} name={name} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} disabled={readOnly} ref={field.ref}>
                {!spec.defaultValue && <option value="">{t('choose')}</option>}
                {spec.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </FormField>
          );
        if (spec.type === 'reference' && spec.registry)
          return (
            <FormField label={label} hint={readOnly ? undefined : spec.hint} error={error}>
              <ReferenceInput registry={spec.registry} value={(field.value as string | null) ?? null} onChange={field.onChange} onBlur={field.onBlur} disabled={readOnly} ref={field.ref} />
            </FormField>
          );
        if (spec.type === 'textarea')
          return (
            <FormField label={label} hint={spec.hint} error={error}>
              <textarea className={textareaClass} name={name} maxLength={spec.maxLength} readOnly={readOnly} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
            </FormField>
          );
        const upper = ['plate', 'chassis', 'document'].includes(spec.type);
        return (
          <FormField label={label} hint={readOnly ? undefined : spec.hint} error={error}>
            <Input
              name={name}
              type={spec.type === 'date' ? 'date' : 'text'}
              inputMode={['bank-code', 'renavam', 'cfop', 'decimal'].includes(spec.type) ? (spec.type === 'decimal' ? 'decimal' : 'numeric') : undefined}
              maxLength={spec.type === 'document' ? 18 : spec.type === 'plate' ? 8 : spec.type === 'cfop' ? 5 : spec.maxLength}
              placeholder={spec.placeholder}
              readOnly={readOnly}
              autoComplete="off"
              value={String(field.value ?? '')}
              onChange={(e) => {
                const typed = e.target.value;
                const mask = maskFor(spec, typed);
                field.onChange(mask && spec.type !== 'text' ? applyMask(typed, mask) : upper ? typed.toUpperCase() : typed);
              }}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          </FormField>
        );
      }}
    />
  );
}

/** A reference to a record of another registry (a region's price table): searched by name, emptied to none. */
function ReferenceInput({ registry, value, onChange, onBlur, disabled, ref }: { registry: string; value: string | null; onChange(v: string | null): void; onBlur(): void; disabled: boolean; ref: React.Ref<HTMLButtonElement> }) {
  const { t } = useTranslation('registries');
  const named = useRegistryRecord(registry, value ?? '', !!value);
  return (
    <Combobox
      ref={ref}
      value={value}
      selectedLabel={value ? (typeof named.data?.name === 'string' ? named.data.name : null) : null}
      onChange={(v) => onChange(v)}
      onBlur={onBlur}
      disabled={disabled}
      queryKey={['registry-reference', registry]}
      search={(term, signal) => searchRegistry(registry, term, signal, 20).then((items) => items.map((r) => ({ value: r.id, label: String(r.name ?? r.id) })))}
      texts={{ placeholder: t('choose'), search: t('reference.search'), empty: t('reference.empty'), loading: t('reference.loading'), failed: t('reference.failed'), clear: t('reference.clear') }}
    />
  );
}
