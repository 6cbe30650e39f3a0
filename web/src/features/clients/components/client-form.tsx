import { CIVIL_STATES, ClientCreate, ClientUpdate, GENDERS, PAYMENT_TYPES, TAX_REGIMES, clientRequirementIssues, companyRequiredFields, type Client } from '@ev/shared/schemas/clients';
import type { CompanySettings } from '@ev/shared/schemas/settings';
import { IconAlertCircleFilled } from '@tabler/icons-react';
import { useBlocker } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api';
import { apiErrorText, apiFieldErrors, fieldIssueText } from '@/lib/api-error-text';
import { keyedResolver } from '@/lib/field-message';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/lib/use-session';
import {
  FORM_TAB_ORDER,
  errorPaths,
  initialValues,
  maskDecimal,
  maskDocument,
  maskPhone,
  onlyDigits,
  tabOf,
  toBody,
  type ClientValues,
  type FormTab,
} from '../form-values';
import { AddressesEditor } from './addresses-editor';
import { MultiReferenceField, ReferenceField, SelectField, SwitchField, TextAreaField, TextField, type FieldsContext } from './fields';

type Settings = Pick<CompanySettings, 'customers' | 'address' | 'map'>;

/** Nested error objects by dotted path ('addresses.0.cep'), as react-hook-form keeps them. */
function getPath(obj: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}
function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let o = obj;
  for (const k of keys.slice(0, -1)) {
    if (!o[k] || typeof o[k] !== 'object') o[k] = {};
    o = o[k] as Record<string, unknown>;
  }
  o[keys.at(-1)!] = value;
}

/** A client field's label in the current language, by its path (the messages name it). */
function clientLabel(path: string): string | undefined {
  const parts = path.split('.');
  if (parts[0] === 'addresses' && parts.length === 3) return i18n.t(`clients:address.${parts[2]}`);
  if (parts[0] === 'socialNetworks') return parts[1];
  return i18n.exists(`clients:fields.${path}`) ? i18n.t(`clients:fields.${path}`) : undefined;
}

/**
 * The shared schema (the API's messages) on the body the form would send, plus the fields the
 * company's settings make required (`clientRequirementIssues`, as the API checks them).
 */
function clientResolver(updating: boolean, settings: Settings | undefined): Resolver<ClientValues> {
  const schema = updating ? ClientUpdate : ClientCreate;
  const zod = keyedResolver<Record<string, unknown>>(schema, clientLabel);
  return async (values, context, options) => {
    const body = { ...toBody(values), ...(updating ? { version: 1 } : {}) };
    const result = await zod(body, context, options as never);
    const errors = { ...(result.errors as Record<string, unknown>) };
    if (settings) {
      for (const issue of clientRequirementIssues(body as never, settings)) {
        if (!getPath(errors, issue.field)) setPath(errors, issue.field, { type: 'required', message: fieldIssueText(issue, issue.message, clientLabel) });
      }
    }
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<ClientValues> } : { values, errors: {} };
  };
}

/** The fields the company requires (marked with *), besides the schema's own. */
function requiredFields(settings: Settings | undefined): Set<string> {
  return new Set(['name', ...(settings ? companyRequiredFields(settings) : [])]);
}

interface ClientFormProps {
  client: Client | null;
  readOnly: boolean;
  save(body: Record<string, unknown>): Promise<Client>;
  onSaved(client: Client): void;
  onCancel(): void;
}

/**
 * The client's form in tabs (Identificação, Contatos, Comercial, Financeiro, Endereços,
 * Observações), validated with the API's schema and the company's required fields. A field error
 * (the form's or the API's) shows under its field; its tab is marked and the first such tab
 * selected. What was typed stays on an error; leaving with unsaved changes asks first; a repeated
 * phone asks and sends again with the confirmation.
 */
export function ClientForm({ client, readOnly, save, onSaved, onCancel }: ClientFormProps) {
  const { t } = useTranslation('clients');
  const { data: sessionData } = useSession();
  const settings = sessionData?.company.settings;
  const user = sessionData?.user;
  const defaults = useMemo(
    () => ({
      state: settings?.map.defaultState ?? 'SP',
      status: settings?.customers.initialStatus === 'I' ? 'inactive' : 'active',
      networks: settings?.customers.socialNetworks ?? ['instagram', 'facebook'],
    }),
    [settings],
  );
  const resolver = useMemo(() => clientResolver(!!client, settings), [client, settings]);
  const form = useForm<ClientValues>({ resolver, defaultValues: initialValues(client, defaults), mode: 'onSubmit', shouldFocusError: false });
  const [tab, setTab] = useState<FormTab>('identification');
  const [error, setError] = useState<string | null>(null);
  const [repeated, setRepeated] = useState<{ message: string; values: ClientValues } | null>(null);
  const [resending, setResending] = useState(false);
  // Set once a save succeeded: the page then moves on without asking.
  const saved = useRef(false);
  const { isDirty, isSubmitting, errors } = form.formState;
  const ctx: FieldsContext = useMemo(() => ({ readOnly, required: requiredFields(settings) }), [readOnly, settings]);
  const invalidTabs = new Set(errorPaths(errors).map(tabOf).filter((x): x is FormTab => x !== null));

  useBlocker({
    shouldBlockFn: () => !saved.current && form.formState.isDirty && !window.confirm(t('leaveConfirm')),
    enableBeforeUnload: () => !saved.current && form.formState.isDirty,
  });

  /** Selects the first tab holding an error and focuses the first errored field in it. */
  const showErrors = (paths: string[]) => {
    const first = FORM_TAB_ORDER.find((tb) => paths.some((p) => tabOf(p) === tb));
    if (!first) return;
    setTab(first);
    const path = paths.find((p) => tabOf(p) === first);
    setTimeout(() => {
      try {
        if (path) form.setFocus(path as FieldPath<ClientValues>);
      } catch {
        // A path without a control of its own (the address list): the tab is enough.
      }
    }, 0);
  };

  const send = async (values: ClientValues, confirmRepeatedPhone: boolean) => {
    setError(null);
    const body = { ...toBody(values), ...(client ? { version: client.version } : {}), ...(confirmRepeatedPhone ? { confirmRepeatedPhone: true } : {}) };
    try {
      const answer = await save(body);
      saved.current = true;
      form.reset(initialValues(answer, defaults));
      onSaved(answer);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'clients.phone_repeated') {
        setRepeated({ message: apiErrorText(e, t('updateFailed')), values });
        return;
      }
      const fields = apiFieldErrors(e, clientLabel).filter((f) => tabOf(f.field));
      for (const f of fields) form.setError(f.field as FieldPath<ClientValues>, { type: 'server', message: f.message });
      if (fields.length) showErrors(fields.map((f) => f.field));
      else if (e instanceof ApiError && e.code === 'clients.duplicate_check_failed') setError(t('duplicateCheckFailed'));
      else setError(apiErrorText(e, client ? t('updateFailed') : t('addFailed')));
    }
  };

  const confirmRepeated = async () => {
    if (!repeated) return;
    setResending(true);
    const { values } = repeated;
    setRepeated(null);
    try {
      await send(values, true);
    } finally {
      setResending(false);
    }
  };

  const option = (group: string, values: readonly string[]) => values.map((v) => ({ value: v, label: t(`options.${group}.${v}`) }));
  const f = (name: string) => t(`fields.${name}`);
  const staff = !user || !user.vendedor || user.supervisor;
  const branches = (sessionData?.branches ?? []).map((b) => ({ value: b.id, label: b.apelido || b.nome }));
  const socialNetworks = defaults.networks;
  const busy = isSubmitting || resending;

  return (
    <FormProvider {...form}>
      <form className="flex flex-col gap-5" onSubmit={(e) =>
          void form.handleSubmit(
            (values) => send(values, false),
            (errs) => showErrors(errorPaths(errs)),
          )(e)
        } noValidate aria-label={t('singular')}>
        {error && <Alert variant="error">{error}</Alert>}
        {invalidTabs.size > 0 && <p className="sr-only" role="status">{t('invalidFields')}</p>}
        <Tabs value={tab} onValueChange={(v) => setTab(v as FormTab)}>
          <TabsList aria-label={t('tabs.label')} className="w-full justify-start">
            {FORM_TAB_ORDER.map((id) => (
              <TabsTrigger key={id} value={id} data-invalid={invalidTabs.has(id) ? 'true' : undefined} className="data-[invalid=true]:font-semibold data-[invalid=true]:text-foreground">
                {t(`tabs.${id}`)}
                {invalidTabs.has(id) && (
                  <>
                    <IconAlertCircleFilled aria-hidden className="text-destructive" />
                    <span className="sr-only">({t('tabs.hasErrors')})</span>
                  </>
                )}
              </TabsTrigger>
            ))}
          </TabsList>

          <TabsContent value="identification" forceMount className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="name" label={f('name')} ctx={ctx} maxLength={120} />
              <TextField name="nickname" label={f('nickname')} ctx={ctx} maxLength={60} />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name="document" label={f('document')} ctx={ctx} shape={maskDocument} maxLength={18} hint={t('hints.document')} />
              <TextField name="stateRegistration" label={f('stateRegistration')} ctx={ctx} maxLength={20} shape={(v) => v.toUpperCase()} />
              <TextField name="birthDate" label={f('birthDate')} ctx={ctx} type="date" />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name="municipalRegistration" label={f('municipalRegistration')} ctx={ctx} maxLength={20} />
              <TextField name="suframaCode" label={f('suframaCode')} ctx={ctx} maxLength={12} />
              <TextField name="accountingCode" label={f('accountingCode')} ctx={ctx} maxLength={30} />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <SelectField name="gender" label={f('gender')} ctx={ctx} options={option('gender', GENDERS)} empty={t('choose')} />
              <SelectField name="civilState" label={f('civilState')} ctx={ctx} options={option('civilState', CIVIL_STATES)} empty={t('choose')} />
              <TextField name="motherName" label={f('motherName')} ctx={ctx} maxLength={120} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <SelectField name="status" label={f('status')} ctx={ctx} options={option('status', ['active', 'inactive']).map((o) => ({ ...o, label: t(`status.${o.value}`) }))} />
              <SelectField name="situation" label={f('situation')} ctx={ctx} options={['normal', 'analysis', 'problem', 'closed'].map((v) => ({ value: v, label: t(`situation.${v}`) }))} />
              <TextField name="classification" label={f('classification')} ctx={ctx} maxLength={40} />
              <TextField name="classificationExtra" label={f('classificationExtra')} ctx={ctx} maxLength={40} />
            </div>
          </TabsContent>

          <TabsContent value="contacts" forceMount className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {(['phone1', 'phone2', 'phone3', 'phone4'] as const).map((p) => (
                <TextField key={p} name={p} label={f(p)} ctx={ctx} shape={maskPhone} inputMode="tel" maxLength={15} placeholder="(00) 00000-0000" />
              ))}
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name="email" label={f('email')} ctx={ctx} type="email" inputMode="email" maxLength={254} />
              <TextField name="invoiceEmail" label={f('invoiceEmail')} ctx={ctx} type="email" inputMode="email" maxLength={254} />
              <TextField name="billingEmail" label={f('billingEmail')} ctx={ctx} type="email" inputMode="email" maxLength={254} />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name="contact" label={f('contact')} ctx={ctx} maxLength={80} />
              <TextField name="referenceName" label={f('referenceName')} ctx={ctx} maxLength={80} />
              <TextField name="referencePhone" label={f('referencePhone')} ctx={ctx} shape={maskPhone} inputMode="tel" maxLength={15} placeholder="(00) 00000-0000" />
            </div>
            {socialNetworks.length > 0 && (
              <div className="grid gap-4 sm:grid-cols-2">
                {socialNetworks.map((network) => (
                  <TextField key={network} name={`socialNetworks.${network}`} label={network.charAt(0).toUpperCase() + network.slice(1)} ctx={ctx} maxLength={200} />
                ))}
              </div>
            )}
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <SelectField name="preferredContactWeekday" label={f('preferredContactWeekday')} ctx={ctx} options={option('weekday', ['0', '1', '2', '3', '4', '5', '6'])} empty={t('choose')} />
              <TextField name="nextContactDate" label={f('nextContactDate')} ctx={ctx} type="date" />
              <TextField name="lastContactDate" label={f('lastContactDate')} ctx={ctx} type="date" />
              <TextField name="daysBetweenContacts" label={f('daysBetweenContacts')} ctx={ctx} inputMode="numeric" shape={(v) => onlyDigits(v, 4)} />
            </div>
            <SwitchField name="marketingOptIn" label={f('marketingOptIn')} ctx={ctx} />
          </TabsContent>

          <TabsContent value="commercial" forceMount className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <ReferenceField name="salesmanId" label={f('salesmanId')} ctx={ctx} source="users" hint={staff ? undefined : t('hints.salesmanOwn')} />
              <SelectField name="branchId" label={f('branchId')} ctx={ctx} options={branches} empty={t('none')} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <ReferenceField name="regionId" label={f('regionId')} ctx={ctx} source="regions" />
              <ReferenceField name="routeId" label={f('routeId')} ctx={ctx} source="routes" />
              <ReferenceField name="segmentId" label={f('segmentId')} ctx={ctx} source="segments" />
              <ReferenceField name="walletId" label={f('walletId')} ctx={ctx} source="wallets" />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <ReferenceField name="natureId" label={f('natureId')} ctx={ctx} source="natures" />
              <ReferenceField name="bearerId" label={f('bearerId')} ctx={ctx} source="bearers" />
              <ReferenceField name="productCompanyId" label={f('productCompanyId')} ctx={ctx} source="product-companies" />
              <ReferenceField name="priceTableId" label={f('priceTableId')} ctx={ctx} source="price-tables" hint={t('hints.priceTable')} />
            </div>
            <MultiReferenceField name="paymentConditionIds" label={f('paymentConditionIds')} ctx={ctx} source="payments-conditions" hint={t('hints.paymentConditions')} />
            <div className="grid gap-4 sm:grid-cols-3">
              <SelectField name="paymentType" label={f('paymentType')} ctx={ctx} options={option('paymentType', PAYMENT_TYPES)} empty={t('choose')} />
              <SelectField name="taxRegime" label={f('taxRegime')} ctx={ctx} options={option('taxRegime', TAX_REGIMES)} empty={t('choose')} />
              <SelectField name="currency" label={f('currency')} ctx={ctx} options={option('currency', ['BRL'])} />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name="taxRate" label={f('taxRate')} ctx={ctx} inputMode="decimal" shape={(v) => maskDecimal(v, 2)} placeholder="0,00" />
              <TextField name="generalDiscount" label={f('generalDiscount')} ctx={ctx} inputMode="decimal" shape={(v) => maskDecimal(v, 2)} placeholder="0,00" />
              <TextField name="deliveryTerm" label={f('deliveryTerm')} ctx={ctx} inputMode="numeric" shape={(v) => onlyDigits(v, 4)} />
            </div>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <SwitchField name="serviceInvoiceRetention" label={f('serviceInvoiceRetention')} ctx={ctx} />
              <SwitchField name="sellAtCost" label={f('sellAtCost')} ctx={ctx} />
              <SwitchField name="paymentDayPrice" label={f('paymentDayPrice')} ctx={ctx} />
              <SwitchField name="accumulateReceipts" label={f('accumulateReceipts')} ctx={ctx} />
            </div>
          </TabsContent>

          <TabsContent value="financial" forceMount className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name="creditLimit" label={f('creditLimit')} ctx={ctx} inputMode="decimal" shape={(v) => maskDecimal(v, 2)} placeholder="0,00" />
              <TextField name="fineValue" label={f('fineValue')} ctx={ctx} inputMode="decimal" shape={(v) => maskDecimal(v, 2)} placeholder="0,00" />
              <TextField name="monthlyValue" label={f('monthlyValue')} ctx={ctx} inputMode="decimal" shape={(v) => maskDecimal(v, 2)} placeholder="0,00" />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="fineRate" label={f('fineRate')} ctx={ctx} inputMode="decimal" shape={(v) => maskDecimal(v, 2)} placeholder="0,00" />
              <TextField name="interestRate" label={f('interestRate')} ctx={ctx} inputMode="decimal" shape={(v) => maskDecimal(v, 2)} placeholder="0,00" />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name="closingDay" label={f('closingDay')} ctx={ctx} inputMode="numeric" shape={(v) => onlyDigits(v, 2)} />
              <TextField name="dueDay" label={f('dueDay')} ctx={ctx} inputMode="numeric" shape={(v) => onlyDigits(v, 2)} />
              <TextField name="protestDays" label={f('protestDays')} ctx={ctx} inputMode="numeric" shape={(v) => onlyDigits(v, 4)} />
            </div>
          </TabsContent>

          <TabsContent value="addresses" forceMount>
            <AddressesEditor ctx={ctx} defaultState={defaults.state} />
          </TabsContent>

          <TabsContent value="observations" forceMount className="flex flex-col gap-4">
            {(['general', 'note', 'order', 'receivables', 'serviceOrder'] as const).map((o) => (
              <TextAreaField key={o} name={`observations.${o}`} label={t(`fields.observations.${o}`)} ctx={ctx} maxLength={2000} />
            ))}
          </TabsContent>
        </Tabs>

        {!readOnly && (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? t('saving') : t('save')}
            </Button>
            <Button
              variant="outline"
              // Editing: back to the saved values. Creating: back to the list (asking first when something was typed).
              onClick={() => (client ? form.reset() : onCancel())}
              disabled={busy || (!isDirty && !!client)}
            >
              {t('cancel')}
            </Button>
          </div>
        )}
      </form>
      <ConfirmDialog
        open={repeated !== null}
        onOpenChange={(o) => !o && setRepeated(null)}
        title={t('phoneRepeatedTitle')}
        description={repeated?.message}
        confirmLabel={t('saveAnyway')}
        cancelLabel={t('cancel')}
        onConfirm={() => void confirmRepeated()}
        busy={resending}
      />
    </FormProvider>
  );
}
