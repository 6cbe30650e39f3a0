import { addDays, businessDate, DEFAULT_TIME_ZONE, isCalendarDate } from '@ev/shared/calendar';
import { MAX_SCHEDULINGS_AT_ONCE, SchedulingCreateMany, SchedulingTexts } from '@ev/shared/schemas/schedulings';
import { spreadCapacity, spreadDates, type SpreadPlan } from '@ev/shared/schedulings/spread';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Controller, FormProvider, useForm, useWatch, type FieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField, FormFields, ReferenceField, SwitchField, TextAreaField, TextField, referenceTextsOf } from '@/components/form/fields';
import type { RowSelectionTexts } from '@/components/list';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CompactTable } from '@/components/ui/compact-table';
import { Dialog, DialogClose, DialogContent, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { Section } from '@/components/ui/section';
import { useAbility } from '@/lib/ability';
import { apiErrorText, apiFieldErrors, textOf } from '@/lib/api-error-text';
import { keyedResolver } from '@/lib/field-message';
import { useFormat, type Formatter } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notices';
import { useSession } from '@/lib/use-session';
import { useCreateManySchedulings, useSchedulingScope, type SchedulingCreateManyBody } from '../api/create-many-api';
import { seesOthers } from '../api/schedulings-api';

/** A client chosen on the clients list: what a scheduling of the batch needs of it. */
export interface ChosenClient {
  id: string;
  name: string;
}

const MODES = ['day', 'perDay'] as const;

/** What the dialog's form holds: the plan's fields flat (both modes kept, so switching loses nothing typed). */
interface ManyValues {
  typeId: string | null;
  salesmanId: string | null;
  observations: string;
  mode: (typeof MODES)[number];
  date: string;
  from: string;
  until: string;
  /** As typed (digits). */
  perDay: string;
  skipWeekends: boolean;
}

const FIELDS = ['typeId', 'salesmanId', 'observations', 'mode', 'date', 'from', 'until', 'perDay', 'skipWeekends'] as const satisfies readonly (keyof ManyValues)[];
type FieldName = (typeof FIELDS)[number];
const REQUIRED = new Set(['typeId', 'date', 'from', 'until', 'perDay']);

/** The form's field that shows an error of the body's `path` ('plan.until' → 'until'); null: none does. */
function fieldOf(path: string): FieldName | null {
  const name = path.startsWith('plan.') ? path.slice('plan.'.length) : path;
  return FIELDS.find((f) => f === name && (f !== 'date' || path === 'plan.date')) ?? null;
}

/** A field's label in the current language (the messages name it). */
const fieldLabel = (path: string) => i18n.t(`schedulings-many:fields.${path.split('.').at(-1)}`);

/** The API's body for what the form holds: the chosen clients in their order and the plan of the mode chosen. */
function bodyOf(v: ManyValues, clientIds: string[]): SchedulingCreateManyBody {
  const plan: SchedulingCreateManyBody['plan'] =
    v.mode === 'day' ? { mode: 'day', date: v.date } : { mode: 'perDay', from: v.from, until: v.until, perDay: Number(v.perDay.trim() || 0), skipWeekends: v.skipWeekends };
  return { clientIds, typeId: v.typeId || null, salesmanId: v.salesmanId || null, observations: v.observations.trim() || null, plan };
}

/** The plan the spreading functions take, or null while its dates or count are incomplete or wrong (the schema then says why). */
function planOf(v: Pick<ManyValues, 'mode' | 'date' | 'from' | 'until' | 'perDay' | 'skipWeekends'>): SpreadPlan | null {
  if (v.mode === 'day') return isCalendarDate(v.date) ? { mode: 'day', date: v.date } : null;
  const perDay = Number(v.perDay);
  if (!isCalendarDate(v.from) || !isCalendarDate(v.until) || v.from > v.until || !Number.isInteger(perDay) || perDay < 1 || perDay > 100) return null;
  return { mode: 'perDay', from: v.from, until: v.until, perDay, skipWeekends: v.skipWeekends };
}

const schemaCheck = keyedResolver<Record<string, unknown>>(SchedulingCreateMany, fieldLabel);

/**
 * The shared schema (`SchedulingCreateMany`) over the body the form would send, each issue on the
 * form's field ('plan.perDay' on "Por dia"); issues no field shows (the clients) are left to the
 * API's answer.
 */
function resolverFor(clientIds: string[]): Resolver<ManyValues> {
  return async (values, context, options) => {
    const result = await schemaCheck(bodyOf(values, clientIds) as unknown as Record<string, unknown>, context, options as never);
    const found = result.errors as Record<string, FieldError & Record<string, FieldError | undefined>>;
    const errors: FieldErrors<ManyValues> = {};
    for (const [key, error] of Object.entries(found)) {
      if (key === 'plan') {
        for (const f of ['date', 'from', 'until', 'perDay', 'skipWeekends'] as const) if (error[f]) errors[f] = error[f];
      } else {
        const field = fieldOf(key);
        if (field) errors[field] = error as never;
      }
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}

/** A business date with its weekday, in the user's format: "sex. 05/12/2025", "Fri 12/05/2025". */
function dayText(date: string, format: Formatter): string {
  const weekday = new Intl.DateTimeFormat(format.ctx.locale, { weekday: 'short', timeZone: 'UTC' }).format(Date.parse(`${date}T00:00:00Z`));
  return `${weekday} ${format.date(date)}`;
}

/**
 * The dialog's form: type, salesman (for who sees more than his own schedulings), observations and
 * the plan (all on one day, or so many a day over a range, weekends skipped or not); the preview
 * gives each chosen client its date as the API will (the same spreading functions), or says how
 * many the period holds. A refusal shows on its field, or over the preview for the plan, and keeps
 * what was typed.
 */
function CreateManyForm({ clients, create, onCreated }: { clients: ChosenClient[]; create: ReturnType<typeof useCreateManySchedulings>; onCreated(count: number): void }) {
  const { t } = useTranslation('schedulings-many');
  const format = useFormat();
  const scope = useSchedulingScope();
  // Asked once the scope is known (no field appearing and going away while it is read).
  const askSalesman = !!scope.data && seesOthers(scope.data, null);
  const timeZone = useSession().data?.company.fuso || DEFAULT_TIME_ZONE;
  const ids = useMemo(() => clients.map((c) => c.id), [clients]);
  const resolver = useMemo(() => resolverFor(ids), [ids]);
  // Today in the company's time zone, once: all on today, or five a day over the coming week.
  const [defaults] = useState<ManyValues>(() => {
    const today = businessDate(timeZone, Date.now());
    return { typeId: null, salesmanId: null, observations: '', mode: 'day', date: today, from: today, until: addDays(today, 6), perDay: '5', skipWeekends: true };
  });
  const form = useForm<ManyValues>({ resolver, defaultValues: defaults, mode: 'onSubmit' });
  const { isSubmitting } = form.formState;
  const [error, setError] = useState<string | null>(null);
  // The API's refusal of the plan (its capacity), shown while the plan is the one refused.
  const [refusedPlan, setRefusedPlan] = useState<{ text: string; key: string } | null>(null);
  const capacityRef = useRef<HTMLDivElement>(null);
  const referenceTexts = referenceTextsOf(t, { placeholder: t('choose'), clear: t('none') });

  const [mode, date, from, until, perDay, skipWeekends] = useWatch({ control: form.control, name: ['mode', 'date', 'from', 'until', 'perDay', 'skipWeekends'] });
  const planKey = JSON.stringify([mode, date, from, until, perDay, skipWeekends]);
  const preview = useMemo(() => {
    const plan = planOf({ mode, date, from, until, perDay, skipWeekends });
    if (!plan) return null;
    const capacity = spreadCapacity(plan);
    return capacity < clients.length ? { capacity, dates: null } : { capacity, dates: spreadDates(clients.length, plan) };
  }, [mode, date, from, until, perDay, skipWeekends, clients.length]);
  const capacityText = refusedPlan?.key === planKey ? refusedPlan.text : preview && !preview.dates ? textOf(SchedulingTexts.capacity({ capacity: preview.capacity })) : null;
  const dates = preview?.dates ?? null;

  const submit = async (values: ManyValues) => {
    setError(null);
    setRefusedPlan(null);
    // The period cannot hold them: the message over the preview says so; nothing is sent.
    if (preview && !preview.dates) {
      capacityRef.current?.focus();
      return;
    }
    try {
      const answer = await create.mutateAsync(bodyOf(values, ids));
      notify({ kind: 'success', text: textOf(SchedulingTexts.addedMany({ count: answer.items.length })) });
      onCreated(answer.items.length);
    } catch (e) {
      const issues = apiFieldErrors(e, fieldLabel);
      const general: string[] = [];
      let first: FieldName | null = null;
      for (const issue of issues) {
        const field = fieldOf(issue.field);
        if (field && (field !== 'salesmanId' || askSalesman)) {
          form.setError(field, { type: 'server', message: issue.message });
          first ??= field;
        } else if (issue.field === 'plan') {
          // Shown at once, so the focus can go to it.
          flushSync(() => setRefusedPlan({ text: issue.message, key: planKey }));
        } else general.push(issue.message);
      }
      if (first) form.setFocus(first);
      else if (issues.some((i) => i.field === 'plan')) capacityRef.current?.focus();
      if (general.length || !issues.length) setError(general.length ? general.join(' ') : apiErrorText(e, t('failed')));
    }
  };

  return (
    <FormProvider {...form}>
      <FormFields required={REQUIRED} reference={referenceTexts}>
        <form noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)} className="flex flex-col gap-4" aria-label={t('formLabel')}>
          <div className="grid gap-3 sm:grid-cols-2">
            <ReferenceField name="typeId" label={t('fields.typeId')} source="schedulings-types" />
            {askSalesman && <ReferenceField name="salesmanId" label={t('fields.salesmanId')} source={{ path: 'users', query: { sells: 'true', active: 'true' } }} hint={t('salesmanHint')} />}
          </div>

          <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-medium">{t('plan.label')}</legend>
            <Controller
              control={form.control}
              name="mode"
              render={({ field }) => (
                <div role="radiogroup" aria-label={t('plan.label')} className="flex flex-wrap gap-x-6 gap-y-2">
                  {MODES.map((m) => (
                    <label key={m} className="flex items-center gap-2 text-sm">
                      <input type="radio" className="size-4 accent-primary" name="mode" value={m} checked={field.value === m} onChange={() => field.onChange(m)} ref={m === 'day' ? field.ref : undefined} />
                      {t(`plan.${m}`)}
                    </label>
                  ))}
                </div>
              )}
            />
            {mode === 'day' ? (
              <div className="grid gap-3 sm:grid-cols-3">
                <DateField name="date" label={t('fields.date')} />
              </div>
            ) : (
              <>
                <div className="grid gap-3 sm:grid-cols-3">
                  <DateField name="from" label={t('fields.from')} />
                  <DateField name="until" label={t('fields.until')} />
                  <TextField name="perDay" label={t('fields.perDay')} inputMode="numeric" maxLength={3} shape={(typed) => typed.replace(/\D/g, '')} />
                </div>
                <SwitchField name="skipWeekends" label={t('fields.skipWeekends')} inline />
              </>
            )}
          </fieldset>

          <TextAreaField name="observations" label={t('fields.observations')} maxLength={2000} />

          <Section title={t('preview.title')} level={3}>
            {capacityText ? (
              <div ref={capacityRef} tabIndex={-1} className="outline-none" data-testid="create-many-capacity">
                <Alert variant="warning">{capacityText}</Alert>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground" data-testid="create-many-summary">
                {!dates?.length
                  ? t('preview.incomplete')
                  : mode === 'day'
                    ? t('preview.summaryDay', { count: clients.length, date: dayText(dates[0]!, format) })
                    : t('preview.summary', { count: clients.length, from: dayText(dates[0]!, format), until: dayText(dates.at(-1)!, format) })}
              </p>
            )}
            <CompactTable
              caption={t('preview.table')}
              className="max-h-64"
              data-testid="create-many-preview"
              rows={clients}
              rowKey={(c) => c.id}
              columns={[
                { header: t('preview.client'), className: 'break-words', cell: (c) => c.name },
                { header: t('preview.date'), className: 'whitespace-nowrap tabular-nums', cell: (_, i) => (dates ? dayText(dates[i]!, format) : '—') },
              ]}
            />
          </Section>

          {error && <Alert variant="error">{error}</Alert>}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                {t('cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('creating') : t('create')}
            </Button>
          </div>
        </form>
      </FormFields>
    </FormProvider>
  );
}

/**
 * "Agendar visitas" over the clients chosen on the clients list, and its dialog (Radix Dialog:
 * focus trapped, Escape closes unless saving). Created, a toast gives the count, the choice is
 * cleared (`onDone`) and the focus goes back to the selection bar.
 */
export function ScheduleVisitsButton({ clients, onDone }: { clients: ChosenClient[]; onDone(): void }) {
  const { t } = useTranslation('schedulings-many');
  const [open, setOpen] = useState(false);
  // The clients as chosen when the dialog opened: the batch it shows and sends (the choice is
  // cleared as it closes after saving, while it still renders once).
  const [batch, setBatch] = useState<ChosenClient[]>([]);
  const create = useCreateManySchedulings();
  const saving = create.isPending;
  const triggerId = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (saving) return;
        if (next) setBatch(clients);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button id={triggerId} disabled={!clients.length}>
          <IconCalendarPlus aria-hidden />
          {t('open')}
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(e) => {
          // Back to the button; once the choice is cleared (it is disabled), to the selection bar.
          const trigger = document.getElementById(triggerId) as HTMLButtonElement | null;
          if (!trigger || !trigger.disabled) return;
          e.preventDefault();
          trigger.closest<HTMLElement>('[data-selection-bar]')?.focus();
        }}
        className="max-h-[90vh] w-[calc(100%-1.5rem)] max-w-2xl gap-4 overflow-y-auto p-4 sm:p-5"
      >
        <DialogHeader title={t('title')} description={t('description', { count: batch.length })} closeLabel={t('close')} closeDisabled={saving} />
        <CreateManyForm
          clients={batch}
          create={create}
          onCreated={() => {
            setOpen(false);
            onDone();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * What the clients list hosts for "Agendar visitas" (the route hands it over: features do not
 * import each other): the limit of one batch, the selection's texts and the button; null for who
 * may not create schedulings (the list then has no selection), and while its texts load.
 */
export function useScheduleVisitsSelection(): { max: number; texts: RowSelectionTexts; actions(chosen: ChosenClient[], clear: () => void): ReactNode } | null {
  // Not suspending: the list shows at once; the selection joins it once its texts are loaded.
  const { t, ready } = useTranslation('schedulings-many', { useSuspense: false });
  const allowed = useAbility().can('create', 'agendamentos');
  if (!allowed || !ready) return null;
  return {
    max: MAX_SCHEDULINGS_AT_ONCE,
    texts: {
      label: t('selection.label'),
      selectAll: t('selection.selectAll'),
      select: (name) => t('selection.select', { name }),
      count: (count) => (count ? t('selection.count', { count }) : t('selection.none')),
      clear: t('selection.clear'),
      tooMany: textOf(SchedulingTexts.tooManyClients({ max: MAX_SCHEDULINGS_AT_ONCE })),
    },
    actions: (chosen, clear) => <ScheduleVisitsButton clients={chosen} onDone={clear} />,
  };
}
