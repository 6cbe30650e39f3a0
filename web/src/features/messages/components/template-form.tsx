import { BUTTON_TYPES, parameterCount, previewTemplate, TEMPLATE_CATEGORIES, TEMPLATE_LANGUAGES, TEMPLATE_LIMITS, TemplateInput, TemplateUpdate, type MessageTemplate, type TemplateButton } from '@ev/shared/schemas/messages';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions';
import { FormFields, SelectField, TextAreaField, TextField } from '@/components/form/fields';
import { useLeaveGuard } from '@/components/form/leave-guard';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { i18n } from '@/lib/i18n';
import { schemaResolver, type RecordFormProps } from '@/lib/form-map';
import { WhatsAppPreview } from './whatsapp-preview';

interface ButtonValues {
  type: string;
  text: string;
  url: string;
  phone: string;
}

export interface TemplateValues {
  name: string;
  category: string;
  language: string;
  header: string;
  headerExample: string;
  body: string;
  bodyExamples: string[];
  footer: string;
  buttons: ButtonValues[];
}

/** The parameters as the texts show them (i18next would read `{{1}}` as a variable of its own). */
export const PARAMS = { p1: '{{1}}', p2: '{{2}}' };

const FIELDS = ['name', 'category', 'language', 'header', 'headerExample', 'body', 'bodyExamples', 'footer', 'buttons'];

function valuesOf(t: MessageTemplate | null): TemplateValues {
  return {
    name: t?.name ?? '',
    category: t?.category ?? 'marketing',
    language: t?.language ?? 'pt_BR',
    header: t?.header ?? '',
    headerExample: t?.headerExample ?? '',
    body: t?.body ?? '',
    bodyExamples: t?.bodyExamples ?? [],
    footer: t?.footer ?? '',
    buttons: (t?.buttons ?? []).map((b) => ({ type: b.type, text: b.text, url: b.type === 'url' ? b.url : '', phone: b.type === 'phone_number' ? b.phone : '' })),
  };
}

const buttonOf = (b: ButtonValues): TemplateButton =>
  (b.type === 'url' ? { type: 'url', text: b.text, url: b.url } : b.type === 'phone_number' ? { type: 'phone_number', text: b.text, phone: b.phone } : { type: 'quick_reply', text: b.text }) as TemplateButton;

/** The body the API reads: the examples only as many as the body's parameters, a header's only when it has one. */
export function bodyOf(v: TemplateValues) {
  const header = v.header.trim() || null;
  return {
    name: v.name.trim(),
    category: v.category,
    language: v.language,
    header,
    headerExample: header && parameterCount(header) > 0 ? v.headerExample.trim() || null : null,
    body: v.body,
    bodyExamples: v.bodyExamples.slice(0, parameterCount(v.body)).map((e) => e ?? ''),
    footer: v.footer.trim() || null,
    buttons: v.buttons.map(buttonOf),
  };
}

const label = (field: string) => i18n.t(`whatsapp:template.fields.${field.replace(/\.\d+.*$/, '')}`);

/** The live preview beside the form: what a client sees on WhatsApp, with the examples in place of the parameters. */
function LivePreview({ control }: { control: Control<TemplateValues> }) {
  const values = useWatch({ control }) as TemplateValues;
  const shown = previewTemplate({ header: values.header || null, headerExample: values.headerExample || null, body: values.body ?? '', bodyExamples: values.bodyExamples ?? [], footer: values.footer || null, buttons: (values.buttons ?? []).map(buttonOf) });
  return <WhatsAppPreview {...shown} />;
}

/** One example per parameter of the body, as many as it has ({{1}} … {{n}}). */
function Examples({ control }: { control: Control<TemplateValues> }) {
  const { t } = useTranslation('whatsapp');
  const body = useWatch({ control, name: 'body' }) ?? '';
  const header = useWatch({ control, name: 'header' }) ?? '';
  const count = Math.min(parameterCount(body), 100);
  return (
    <>
      {header && parameterCount(header) > 0 && <TextField name="headerExample" label={t('template.fields.headerExample')} maxLength={TEMPLATE_LIMITS.example} hint={t('template.hints.example')} />}
      {count > 0 && (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium">{t('template.examples')}</legend>
          {Array.from({ length: count }, (_, i) => (
            <TextField key={i} name={`bodyExamples.${i}`} label={t('template.example', { n: i + 1 })} maxLength={TEMPLATE_LIMITS.example} />
          ))}
        </fieldset>
      )}
    </>
  );
}

function Buttons({ control, readOnly }: { control: Control<TemplateValues>; readOnly: boolean }) {
  const { t } = useTranslation('whatsapp');
  const { fields, append, remove } = useFieldArray({ control, name: 'buttons' });
  const types = useWatch({ control, name: 'buttons' }) ?? [];
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{t('template.fields.buttons')}</legend>
      {fields.length === 0 && <p className="text-sm text-muted-foreground">{t('template.noButtons')}</p>}
      {fields.map((f, i) => (
        <div key={f.id} role="group" aria-label={t('template.button', { n: i + 1 })} className="grid items-start gap-3 rounded-md border border-border p-3 sm:grid-cols-[10rem_1fr_1fr_auto]">
          <SelectField name={`buttons.${i}.type`} label={t('template.buttonType')} options={BUTTON_TYPES.map((b) => ({ value: b, label: t(`buttonType.${b}`) }))} />
          <TextField name={`buttons.${i}.text`} label={t('template.buttonText')} maxLength={TEMPLATE_LIMITS.buttonText} />
          {types[i]?.type === 'url' ? (
            <TextField name={`buttons.${i}.url`} label={t('template.buttonUrl')} maxLength={TEMPLATE_LIMITS.url} placeholder="https://" />
          ) : types[i]?.type === 'phone_number' ? (
            <TextField name={`buttons.${i}.phone`} label={t('template.buttonPhone')} inputMode="tel" maxLength={TEMPLATE_LIMITS.phone} shape={(v) => v.replace(/\D/g, '')} placeholder="5514999998888" />
          ) : (
            <span aria-hidden />
          )}
          {!readOnly && (
            <Button type="button" variant="ghost" className="sm:mt-6" aria-label={t('template.removeButton', { n: i + 1 })} onClick={() => remove(i)}>
              <IconTrash aria-hidden />
            </Button>
          )}
        </div>
      ))}
      {!readOnly && fields.length < TEMPLATE_LIMITS.buttons && (
        <div>
          <Button type="button" variant="outline" onClick={() => append({ type: 'quick_reply', text: '', url: '', phone: '' })}>
            <IconPlus aria-hidden />
            {t('template.addButton')}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/**
 * A template's form, validated with the API's schema (the same Portuguese messages), beside its
 * live preview as WhatsApp shows it. A saved template keeps its name, language and category (Meta's
 * rule): they show, they are not edited.
 */
export function TemplateForm({ record, readOnly, save, onSaved, onCancel }: RecordFormProps<MessageTemplate>) {
  const { t } = useTranslation('whatsapp');
  const updating = !!record;
  const resolver = useMemo(() => schemaResolver<TemplateValues>(updating ? TemplateUpdate : TemplateInput, bodyOf, updating, { labelOf: label }), [updating]);
  const form = useForm<TemplateValues>({ resolver, defaultValues: valuesOf(record), mode: 'onSubmit' });
  const [error, setError] = useState<string | null>(null);
  const savedRef = useLeaveGuard(() => form.formState.isDirty, t('leaveConfirm'));

  const submit = async (values: TemplateValues) => {
    setError(null);
    try {
      const answer = await save({ ...bodyOf(values), ...(record ? { version: record.version } : {}) });
      savedRef.current = true;
      form.reset(valuesOf(answer));
      onSaved(answer);
    } catch (e) {
      const fields = apiFieldErrors(e, label).filter((f) => FIELDS.includes(f.field.split('.')[0]!));
      for (const f of fields) form.setError(f.field as FieldPath<TemplateValues>, { type: 'server', message: f.message });
      if (fields.length) form.setFocus(fields[0]!.field as FieldPath<TemplateValues>);
      else setError(apiErrorText(e, record ? t('updateFailed') : t('addFailed')));
    }
  };

  return (
    <FormProvider {...form}>
      <FormFields readOnly={readOnly} required={new Set(['name', 'category', 'language', 'body'])}>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="flex flex-col gap-4" aria-label={t('template.formLabel')}>
            {!updating && (
              <div className="grid gap-3 sm:grid-cols-3">
                <TextField name="name" label={t('template.fields.name')} maxLength={TEMPLATE_LIMITS.name} shape={(v) => v.toLowerCase()} hint={t('template.hints.name')} mono />
                <SelectField name="category" label={t('template.fields.category')} options={TEMPLATE_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))} hint={t('template.hints.category')} />
                <SelectField name="language" label={t('template.fields.language')} options={TEMPLATE_LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))} />
              </div>
            )}
            <TextField name="header" label={t('template.fields.header')} maxLength={TEMPLATE_LIMITS.header} hint={t('template.hints.header', PARAMS)} />
            <TextAreaField name="body" label={t('template.fields.body')} maxLength={TEMPLATE_LIMITS.body} hint={t('template.hints.body', PARAMS)} />
            <Examples control={form.control} />
            <TextField name="footer" label={t('template.fields.footer')} maxLength={TEMPLATE_LIMITS.footer} hint={t('template.hints.footer')} />
            <Buttons control={form.control} readOnly={readOnly} />
            {error && <Alert variant="error">{error}</Alert>}
            {!readOnly && (
              <FormActions
                texts={{ cancel: t('cancel'), submit: updating ? t('template.resubmit') : t('template.submit'), submitting: t('template.submitting') }}
                submitting={form.formState.isSubmitting}
                onCancel={onCancel}
              />
            )}
          </form>
          <aside aria-label={t('template.preview')} className="flex flex-col gap-2">
            <h2 className="text-sm font-medium">{t('template.preview')}</h2>
            <LivePreview control={form.control} />
          </aside>
        </div>
      </FormFields>
    </FormProvider>
  );
}
