import { businessDate, DEFAULT_TIME_ZONE } from '@ev/shared/calendar';
import { SchedulingCreate, SchedulingTexts, SchedulingUpdate, type Scheduling } from '@ev/shared/schemas/schedulings';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormActions } from '@/components/form/form-actions';
import { DateField, FormFields, MaskedField, ReferenceField, TextAreaField, referenceTextsOf } from '@/components/form/fields';
import { useLeaveGuard } from '@/components/form/leave-guard';
import { RecordPageFrame } from '@/components/record-page';
import { Alert } from '@/components/ui/alert';
import { CardContent } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { apiErrorText, apiFieldErrors, textOf } from '@/lib/api-error-text';
import { toBody as bodyOf, schemaResolver, toFormValues, type FormValues, type SchemaFieldMap } from '@/lib/form-map';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notices';
import { useSession } from '@/lib/use-session';
import { useSaveScheduling } from '../api/schedulings-api';

/** How the form holds each field of the shared schema (`SchedulingCreate`), and how it goes back into the body. */
const SCHEDULING_FIELDS = {
  clientId: 'ref',
  typeId: 'ref',
  date: 'date',
  scheduledStart: 'text',
  scheduledEnd: 'text',
  salesmanId: 'ref',
  observations: 'text',
} as const satisfies SchemaFieldMap<z.input<typeof SchedulingCreate>>;

type SchedulingValues = FormValues<typeof SCHEDULING_FIELDS>;

const REQUIRED = new Set(['clientId', 'typeId', 'date']);

/**
 * The fields on screen. The owner (`salesmanId`) is not: a new one is the user's, an edited one
 * keeps its owner (sent back as read); the API's messages about it show above the buttons.
 */
const SHOWN = new Set<string>(['clientId', 'typeId', 'date', 'scheduledStart', 'scheduledEnd', 'observations']);

const toBody = (v: SchedulingValues) => bodyOf(SCHEDULING_FIELDS, v);

/** A field's label in the current language (the messages name it). */
const fieldLabel = (field: string) => i18n.t(`schedulings:fields.${field}`);

/** A new scheduling's values: today's date, nothing else; a pending one's: as it is. */
const initialValues = (record: Scheduling | null, timeZone: string) => toFormValues(SCHEDULING_FIELDS, record ?? { date: businessDate(timeZone, Date.now()) });

const createResolver = schemaResolver<SchedulingValues>(SchedulingCreate, toBody, false, { labelOf: fieldLabel });
const updateResolver = schemaResolver<SchedulingValues>(SchedulingUpdate, toBody, true, { labelOf: fieldLabel });

/**
 * The scheduling's form, new (`record` null) or a pending one: the client (searched among those in
 * the user's scope), the type (the registry), the date, the times and the observations; validated
 * with the API's schema, the API's field errors under their fields and its other refusals (a 409)
 * above the buttons, what was typed kept. An edit is sent over the version of `record`; on a 409
 * `onStale` reads the record again, and the fields not changed here take its values (the next save
 * goes over its version). Leaving with unsaved changes asks first.
 */
export function SchedulingForm({ record, onSaved, onCancel, onStale }: { record: Scheduling | null; onSaved(saved: Scheduling): void; onCancel(): void; onStale?(): Promise<Scheduling | undefined> }) {
  const { t } = useTranslation('schedulings');
  const save = useSaveScheduling();
  const timeZone = useSession().data?.company.fuso || DEFAULT_TIME_ZONE;
  // The form's first values, once (a new one's date is today in the company's time zone).
  const [defaults] = useState(() => initialValues(record, timeZone));
  const form = useForm<SchedulingValues>({ resolver: record ? updateResolver : createResolver, defaultValues: defaults, mode: 'onSubmit' });
  const [error, setError] = useState<string | null>(null);
  const savedRef = useLeaveGuard(() => form.formState.isDirty, t('leaveConfirm'));
  const { isSubmitting } = form.formState;
  const referenceTexts = referenceTextsOf(t, { placeholder: t('choose'), clear: t('none') });

  const submit = async (values: SchedulingValues) => {
    setError(null);
    try {
      const answer: Scheduling = await save.mutateAsync({ id: record?.id ?? null, body: { ...toBody(values), ...(record ? { version: record.version } : {}) } });
      savedRef.current = true;
      onSaved(answer);
    } catch (e) {
      const fields = apiFieldErrors(e, fieldLabel);
      const shown = fields.filter((f) => SHOWN.has(f.field));
      for (const f of shown) form.setError(f.field as FieldPath<SchedulingValues>, { type: 'server', message: f.message });
      if (shown.length) form.setFocus(shown[0]!.field as FieldPath<SchedulingValues>);
      const others = fields.filter((f) => !SHOWN.has(f.field));
      if (others.length) setError(others.map((f) => f.message).join(' '));
      else if (!shown.length) setError(apiErrorText(e, record ? t('updateFailed') : t('addFailed')));
      // Someone changed it first (or it is no longer pending): the page reads it again; the fields
      // the user changed keep what was typed, the others take the record as it is now.
      if (e instanceof ApiError && e.status === 409) {
        const fresh = await onStale?.();
        if (fresh) form.reset(initialValues(fresh, timeZone), { keepDirtyValues: true, keepErrors: true });
      }
    }
  };

  return (
    <FormProvider {...form}>
      <FormFields required={REQUIRED} reference={referenceTexts}>
        <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="flex flex-col gap-4" aria-label={t('formLabel')}>
          <div className="grid gap-3 sm:grid-cols-2">
            <ReferenceField name="clientId" label={t('fields.clientId')} source="clients" />
            <ReferenceField name="typeId" label={t('fields.typeId')} source="schedulings-types" />
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <DateField name="date" label={t('fields.date')} />
            <MaskedField name="scheduledStart" label={t('fields.scheduledStart')} mask="##:##" inputMode="numeric" placeholder={t('timePlaceholder')} maxLength={5} />
            <MaskedField name="scheduledEnd" label={t('fields.scheduledEnd')} mask="##:##" inputMode="numeric" placeholder={t('timePlaceholder')} maxLength={5} />
          </div>
          <TextAreaField name="observations" label={t('fields.observations')} maxLength={2000} />
          {error && (
            <Alert variant="error" data-testid="scheduling-form-error">
              {error}
            </Alert>
          )}
          <FormActions texts={{ cancel: t('cancel'), submit: t('save'), submitting: t('saving') }} submitting={isSubmitting} onCancel={onCancel} />
        </form>
      </FormFields>
    </FormProvider>
  );
}

/**
 * `/schedulings/create` (create agendamentos): a new scheduling for the user. Saved, it opens.
 */
export function SchedulingCreatePage() {
  const { t } = useTranslation('schedulings');
  const navigate = useNavigate();
  return (
    <RecordPageFrame back={{ link: <Link to="/schedulings/pending" />, label: t('titles.pending') }} title={t('newTitle')} actions={null}>
      <CardContent>
        <SchedulingForm
          record={null}
          onSaved={(answer) => {
            notify({ kind: 'success', text: textOf(SchedulingTexts.added()) });
            void navigate({ to: '/schedulings/$id', params: { id: answer.id }, replace: true });
          }}
          onCancel={() => void navigate({ to: '/schedulings/pending' })}
        />
      </CardContent>
    </RecordPageFrame>
  );
}
