import { CIVIL_STATES, ClientCreate, ClientUpdate, GENDERS, PAYMENT_TYPES, TAX_REGIMES, clientRequirementIssues, companyRequiredFields, type Client } from '@ev/shared/schemas/clients';
import type { CompanySettings } from '@ev/shared/schemas/settings';
import { IconAlertCircleFilled } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { schemaResolver, type RecordFormProps } from '@/lib/form-map';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/lib/use-session';
import { DateField, DecimalField, FormFields, MaskedField, MultiReferenceField, ReferenceField, SelectField, SwitchField, TextAreaField, TextField, referenceTextsOf } from '@/components/form/fields';
import { useLeaveGuard } from '@/components/form/leave-guard';
import { CNPJ_MASK, CPF_MASK, maskPhone, onlyDigits } from '@/lib/masks';
import { FORM_TAB_ORDER, errorPaths, initialValues, tabOf, toBody, type ClientValues, type FormTab } from '../form-values';
import { AddressesEditor } from './addresses-editor';

/** The salesman picker: only the active users who may own clients (filtered by the API). */
const SALESMEN = { path: 'users', query: { sells: 'true', active: 'true' } };

type Settings = Pick<CompanySettings, 'customers' | 'address' | 'map'>;

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
const clientResolver = (updating: boolean, settings: Settings | undefined) =>
  schemaResolver<ClientValues>(updating ? ClientUpdate : ClientCreate, toBody, updating, {
    more: (body) => (settings ? clientRequirementIssues(body as never, settings) : []),
    labelOf: clientLabel,
  });

/** The fields the company requires (marked with *), besides the schema's own. */
function requiredFields(settings: Settings | undefined): Set<string> {
  return new Set(['name', ...(settings ? companyRequiredFields(settings) : [])]);
}

/**
 * The client's form in tabs (Identificação, Contatos, Comercial, Financeiro, Endereços,
 * Observações), validated with the API's schema and the company's required fields. A field error
 * (the form's or the API's) shows under its field; its tab is marked and the first such tab
 * selected. What was typed stays on an error; leaving with unsaved changes asks first; a repeated
 * phone asks and sends again with the confirmation.
 */
/** A new client made from a WhatsApp contact: its name and its number (the form's phone, its country's 55 taken off). */
export interface ClientPrefill {
  name?: string;
  contact: string;
}

export function ClientForm({ record: client, prefill, readOnly, save, onSaved, onCancel }: RecordFormProps<Client> & { prefill?: ClientPrefill }) {
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
  const form = useForm<ClientValues>({ resolver, defaultValues: initialValues(client, defaults, prefill), mode: 'onSubmit', shouldFocusError: false });
  const [tab, setTab] = useState<FormTab>('identification');
  const [error, setError] = useState<string | null>(null);
  const [repeated, setRepeated] = useState<{ message: string; values: ClientValues } | null>(null);
  const [resending, setResending] = useState(false);
  // Set once a save succeeded: the page then moves on without asking.
  const savedRef = useLeaveGuard(() => form.formState.isDirty, t('leaveConfirm'));
  const { isDirty, isSubmitting, errors } = form.formState;
  const required = useMemo(() => requiredFields(settings), [settings]);
  const referenceTexts = referenceTextsOf(t, { placeholder: t('combobox.placeholder'), clear: t('combobox.clear'), add: t('combobox.add'), remove: (name) => t('combobox.remove', { name }) });
  const invalidTabs = new Set(errorPaths(errors).map(tabOf).filter((x): x is FormTab => x !== null));

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
      savedRef.current = true;
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
      <FormFields readOnly={readOnly} required={required} reference={referenceTexts}>
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
              <TextField name="name" label={f('name')} maxLength={120} />
              <TextField name="nickname" label={f('nickname')} maxLength={60} />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <MaskedField name="document" label={f('document')} mask={[CPF_MASK, CNPJ_MASK]} maxLength={18} hint={t('hints.document')} />
              <TextField name="stateRegistration" label={f('stateRegistration')} maxLength={20} shape={(v) => v.toUpperCase()} />
              <DateField name="birthDate" label={f('birthDate')} />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name="municipalRegistration" label={f('municipalRegistration')} maxLength={20} />
              <TextField name="suframaCode" label={f('suframaCode')} maxLength={12} />
              <TextField name="accountingCode" label={f('accountingCode')} maxLength={30} />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <SelectField name="gender" label={f('gender')} options={option('gender', GENDERS)} empty={t('choose')} />
              <SelectField name="civilState" label={f('civilState')} options={option('civilState', CIVIL_STATES)} empty={t('choose')} />
              <TextField name="motherName" label={f('motherName')} maxLength={120} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <SelectField name="status" label={f('status')} options={option('status', ['active', 'inactive']).map((o) => ({ ...o, label: t(`status.${o.value}`) }))} />
              <SelectField name="situation" label={f('situation')} options={['normal', 'analysis', 'problem', 'closed'].map((v) => ({ value: v, label: t(`situation.${v}`) }))} />
              <TextField name="classification" label={f('classification')} maxLength={40} />
              <TextField name="classificationExtra" label={f('classificationExtra')} maxLength={40} />
            </div>
          </TabsContent>

          <TabsContent value="contacts" forceMount className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {(['phone1', 'phone2', 'phone3', 'phone4'] as const).map((p) => (
                <TextField key={p} name={p} label={f(p)} shape={maskPhone} inputMode="tel" maxLength={15} placeholder="(00) 00000-0000" />
              ))}
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name="email" label={f('email')} type="email" inputMode="email" maxLength={254} />
              <TextField name="invoiceEmail" label={f('invoiceEmail')} type="email" inputMode="email" maxLength={254} />
              <TextField name="billingEmail" label={f('billingEmail')} type="email" inputMode="email" maxLength={254} />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name="contact" label={f('contact')} maxLength={80} />
              <TextField name="referenceName" label={f('referenceName')} maxLength={80} />
              <TextField name="referencePhone" label={f('referencePhone')} shape={maskPhone} inputMode="tel" maxLength={15} placeholder="(00) 00000-0000" />
            </div>
            {socialNetworks.length > 0 && (
              <div className="grid gap-4 sm:grid-cols-2">
                {socialNetworks.map((network) => (
                  <TextField key={network} name={`socialNetworks.${network}`} label={network.charAt(0).toUpperCase() + network.slice(1)} maxLength={200} />
                ))}
              </div>
            )}
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <SelectField name="preferredContactWeekday" label={f('preferredContactWeekday')} options={option('weekday', ['0', '1', '2', '3', '4', '5', '6'])} empty={t('choose')} />
              <DateField name="nextContactDate" label={f('nextContactDate')} />
              <DateField name="lastContactDate" label={f('lastContactDate')} />
              <TextField name="daysBetweenContacts" label={f('daysBetweenContacts')} inputMode="numeric" shape={(v) => onlyDigits(v, 4)} />
            </div>
            <SwitchField name="marketingOptIn" label={f('marketingOptIn')} />
          </TabsContent>

          <TabsContent value="commercial" forceMount className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <ReferenceField name="salesmanId" label={f('salesmanId')} source={SALESMEN} hint={staff ? undefined : t('hints.salesmanOwn')} />
              <SelectField name="branchId" label={f('branchId')} options={branches} empty={t('none')} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <ReferenceField name="regionId" label={f('regionId')} source="regions" />
              <ReferenceField name="routeId" label={f('routeId')} source="routes" />
              <ReferenceField name="segmentId" label={f('segmentId')} source="segments" />
              <ReferenceField name="walletId" label={f('walletId')} source="wallets" />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <ReferenceField name="natureId" label={f('natureId')} source="natures" />
              <ReferenceField name="bearerId" label={f('bearerId')} source="bearers" />
              <ReferenceField name="productCompanyId" label={f('productCompanyId')} source="product-companies" />
              <ReferenceField name="priceTableId" label={f('priceTableId')} source="price-tables" hint={t('hints.priceTable')} />
            </div>
            <MultiReferenceField name="paymentConditionIds" label={f('paymentConditionIds')} source="payments-conditions" hint={t('hints.paymentConditions')} />
            <div className="grid gap-4 sm:grid-cols-3">
              <SelectField name="paymentType" label={f('paymentType')} options={option('paymentType', PAYMENT_TYPES)} empty={t('choose')} />
              <SelectField name="taxRegime" label={f('taxRegime')} options={option('taxRegime', TAX_REGIMES)} empty={t('choose')} />
              <SelectField name="currency" label={f('currency')} options={option('currency', ['BRL'])} />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <DecimalField name="taxRate" label={f('taxRate')} scale={2} />
              <DecimalField name="generalDiscount" label={f('generalDiscount')} scale={2} />
              <TextField name="deliveryTerm" label={f('deliveryTerm')} inputMode="numeric" shape={(v) => onlyDigits(v, 4)} />
            </div>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <SwitchField name="serviceInvoiceRetention" label={f('serviceInvoiceRetention')} />
              <SwitchField name="sellAtCost" label={f('sellAtCost')} />
              <SwitchField name="paymentDayPrice" label={f('paymentDayPrice')} />
              <SwitchField name="accumulateReceipts" label={f('accumulateReceipts')} />
            </div>
          </TabsContent>

          <TabsContent value="financial" forceMount className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-3">
              <DecimalField name="creditLimit" label={f('creditLimit')} scale={2} />
              <DecimalField name="fineValue" label={f('fineValue')} scale={2} />
              <DecimalField name="monthlyValue" label={f('monthlyValue')} scale={2} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <DecimalField name="fineRate" label={f('fineRate')} scale={2} />
              <DecimalField name="interestRate" label={f('interestRate')} scale={2} />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField name="closingDay" label={f('closingDay')} inputMode="numeric" shape={(v) => onlyDigits(v, 2)} />
              <TextField name="dueDay" label={f('dueDay')} inputMode="numeric" shape={(v) => onlyDigits(v, 2)} />
              <TextField name="protestDays" label={f('protestDays')} inputMode="numeric" shape={(v) => onlyDigits(v, 4)} />
            </div>
          </TabsContent>

          <TabsContent value="addresses" forceMount>
            <AddressesEditor defaultState={defaults.state} />
          </TabsContent>

          <TabsContent value="observations" forceMount className="flex flex-col gap-4">
            {(['general', 'note', 'order', 'receivables', 'serviceOrder'] as const).map((o) => (
              <TextAreaField key={o} name={`observations.${o}`} label={t(`fields.observations.${o}`)} maxLength={2000} />
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
      </FormFields>
    </FormProvider>
  );
}
