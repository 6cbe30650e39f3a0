import { businessDate, DEFAULT_TIME_ZONE } from '@ev/shared/calendar';
import { SchedulingCreate, SchedulingTexts, type Scheduling } from '@ev/shared/schemas/schedulings';
import { Link, useBlocker, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateField, FormFields, MaskedField, ReferenceField, TextAreaField, referenceTextsOf } from '@/components/form/fields';
import { RecordPageFrame } from '@/components/record-page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardContent } from '@/components/ui/card';
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

const toBody = (v: SchedulingValues) => bodyOf(SCHEDULING_FIELDS, v);

/** A field's label in the current language (the messages name it). */
const fieldLabel = (field: string) => i18n.t(`schedulings:fields.${field}`);

/** A new scheduling's values: today's date, nothing else. */
const initialValues = (timeZone: string) => toFormValues(SCHEDULING_FIELDS, { date: businessDate(timeZone, Date.now()) });

const resolver = schemaResolver<SchedulingValues>(SchedulingCreate, toBody, false, { labelOf: fieldLabel });

/**
 * `/schedulings/create` (create agendamentos): a new scheduling for the user: the client (searched
 * among those in his scope), the type (the registry), the date, the times and the observations;
 * validated with the API's schema, the API's field errors under their fields. Saved, it opens.
 */
export function SchedulingCreatePage() {
  const { t } = useTranslation('schedulings');
  const navigate = useNavigate();
  const save = useSaveScheduling();
  const timeZone = useSession().data?.company.fuso || DEFAULT_TIME_ZONE;
  // Today in the company's time zone, once: the form's first values.
  const [defaults] = useState(() => initialValues(timeZone));
  const form = useForm<SchedulingValues>({ resolver, defaultValues: defaults, mode: 'onSubmit' });
  const [error, setError] = useState<string | null>(null);
  const saved = useRef(false);
  const { isSubmitting } = form.formState;
  const referenceTexts = referenceTextsOf(t, { placeholder: t('choose'), clear: t('none') });

  useBlocker({
    shouldBlockFn: () => !saved.current && form.formState.isDirty && !window.confirm(t('leaveConfirm')),
    enableBeforeUnload: () => !saved.current && form.formState.isDirty,
  });

  const submit = async (values: SchedulingValues) => {
    setError(null);
    try {
      const answer: Scheduling = await save.mutateAsync({ id: null, body: toBody(values) });
      saved.current = true;
      notify({ kind: 'success', text: textOf(SchedulingTexts.added()) });
      void navigate({ to: '/schedulings/$id', params: { id: answer.id }, replace: true });
    } catch (e) {
      const fields = apiFieldErrors(e, fieldLabel).filter((f) => f.field in SCHEDULING_FIELDS);
      for (const f of fields) form.setError(f.field as FieldPath<SchedulingValues>, { type: 'server', message: f.message });
      if (fields.length) form.setFocus(fields[0]!.field as FieldPath<SchedulingValues>);
      else setError(apiErrorText(e, t('addFailed')));
    }
  };

  return (
    <RecordPageFrame back={{ link: <Link to="/schedulings/pending" />, label: t('titles.pending') }} title={t('newTitle')} actions={null}>
      <CardContent>
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
              {error && <Alert variant="error">{error}</Alert>}
              <div className="flex flex-wrap justify-end gap-2">
                <Button type="button" variant="outline" onClick={() => void navigate({ to: '/schedulings/pending' })}>
                  {t('cancel')}
                </Button>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting ? t('saving') : t('save')}
                </Button>
              </div>
            </form>
          </FormFields>
        </FormProvider>
      </CardContent>
    </RecordPageFrame>
  );
}
