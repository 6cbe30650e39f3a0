import { TAX_REGIMES } from '@ev/shared/schemas/company';
import { useTranslation } from 'react-i18next';
import { DateField, DecimalField, MaskedField, SelectField, SwitchField, TextAreaField, TextField } from '@/components/form/fields';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CNPJ_MASK, CPF_MASK, maskPhone } from '@/lib/masks';
import { PHONE_SLOTS } from '../form';

function Part({ id, title, description, children }: { id: string; title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card role="group" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="text-base">
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-3 md:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

/**
 * The platform's fields of a company (the spec's "Company (admin)"), for the new company and the
 * edit: the data, the phones, the tax data and the observations. `current` is the stored tax regime
 * (a value outside today's list stays offered).
 */
export function PlatformFields({ current }: { current?: string | null }) {
  const { t } = useTranslation('admin');
  const regimes = current && !(TAX_REGIMES as readonly string[]).includes(current) ? [current, ...TAX_REGIMES] : TAX_REGIMES;
  return (
    <>
      <Part id="admin-data" title={t('form.data')}>
        <TextField name="name" label={t('fields.name')} maxLength={120} />
        <TextField name="nickname" label={t('fields.nickname')} maxLength={60} />
        <TextField name="group" label={t('fields.group')} maxLength={60} />
        <TextField name="module" label={t('fields.module')} maxLength={60} />
        <MaskedField name="document" label={t('fields.document')} mask={[CPF_MASK, CNPJ_MASK]} maxLength={18} />
        <TextField name="stateRegistration" label={t('fields.stateRegistration')} maxLength={20} />
        <TextField name="email" type="email" inputMode="email" label={t('fields.email')} maxLength={254} />
        <SelectField name="taxRegime" label={t('fields.taxRegime')} empty={t('form.choose')} options={regimes.map((r) => ({ value: r, label: r }))} />
      </Part>
      <Part id="admin-phones" title={t('fields.phones')} description={t('form.phonesHint')}>
        {Array.from({ length: PHONE_SLOTS }, (_, i) => (
          <TextField key={i} name={`phones.${i}`} label={t('form.phone', { n: i + 1 })} inputMode="tel" maxLength={15} shape={maskPhone} />
        ))}
      </Part>
      <Part id="admin-tax" title={t('form.tax')} description={t('form.taxHint')}>
        <TextField name="taxDataVersion" label={t('fields.taxDataVersion')} maxLength={20} />
        <DateField name="taxDataExpiry" label={t('fields.taxDataExpiry')} />
        <DecimalField name="issRate" label={t('fields.issRate')} scale={2} maxLength={6} />
      </Part>
      <Part id="admin-observations" title={t('form.observations')}>
        {(['invoice', 'sale', 'receivables', 'serviceOrder'] as const).map((o) => (
          <TextAreaField key={o} name={`observations.${o}`} label={t(`fields.observations.${o}`)} maxLength={2000} />
        ))}
      </Part>
    </>
  );
}

/** The new company's first branch and first administrator. */
export function FirstUserFields() {
  const { t } = useTranslation('admin');
  return (
    <>
      <Part id="admin-branch" title={t('form.branch')}>
        <TextField name="branch.name" label={t('fields.branch.name')} maxLength={120} />
      </Part>
      <Part id="admin-admin" title={t('form.admin')} description={t('form.adminHint')}>
        <TextField name="admin.name" label={t('fields.admin.name')} maxLength={120} />
        <TextField name="admin.email" type="email" inputMode="email" label={t('fields.admin.email')} maxLength={254} />
        <TextField name="admin.password" type="password" label={t('fields.admin.password')} maxLength={128} />
      </Part>
    </>
  );
}

/** The new company's demo data (docs/admin.md "Demo data"): written by a job after the company is opened. */
export function DemoDataField() {
  const { t } = useTranslation('admin');
  return (
    <Part id="admin-demo" title={t('demo.title')}>
      <div className="md:col-span-2">
        <SwitchField name="demoData" label={t('demo.label')} hint={t('demo.hint')} inline />
      </div>
    </Part>
  );
}
