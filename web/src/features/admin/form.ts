import type { AdminCompany, AdminCompanyCreate, AdminCompanyUpdate } from '@ev/shared/schemas/admin';
import { i18n } from '@/lib/i18n';
import { maskPhone } from '@/lib/masks';
import { toBody, toFormValues, type FormValues, type SchemaFieldMap } from '@/lib/form-map';

/**
 * How the admin's company forms hold the platform's fields of the shared schemas
 * (`AdminCompanyCreate`, `AdminCompanyUpdate`; docs/web-kit.md, "Field maps"). The phones are five
 * slots (the schema's at most 5), each sent in its place (an empty one as null, which the schema
 * drops), so the API's `phones.<n>` names the slot typed. The operator's password is not a field of
 * the form: the confirmation asks it before sending (`adminPassword`). `demoData` is a switch of the new
 * company (off by default: docs/admin.md "Demo data").
 */
export const PHONE_SLOTS = 5;

const PLATFORM_FIELDS = {
  name: 'text!',
  nickname: 'text',
  group: 'text',
  module: 'text',
  document: 'document',
  stateRegistration: 'text',
  email: 'text',
  taxRegime: 'option',
  taxDataVersion: 'text',
  taxDataExpiry: 'date',
  issRate: 'decimal',
  observations: { object: { invoice: 'text', sale: 'text', receivables: 'text', serviceOrder: 'text' } },
} as const;

export const CREATE_FIELDS = {
  ...PLATFORM_FIELDS,
  branch: { object: { name: 'text!' } },
  admin: { object: { name: 'text!', email: 'text!', password: 'text!' } },
  demoData: 'bool',
} as const satisfies SchemaFieldMap<Omit<AdminCompanyCreate, 'phones' | 'adminPassword'>>;

export const UPDATE_FIELDS = PLATFORM_FIELDS satisfies SchemaFieldMap<Omit<AdminCompanyUpdate, 'phones' | 'version' | 'adminPassword'>>;

type WithPhones<M> = M & { phones: string[] };
export type CreateValues = WithPhones<FormValues<typeof CREATE_FIELDS>>;
export type UpdateValues = WithPhones<FormValues<typeof UPDATE_FIELDS>>;

const phoneSlots = (phones: readonly string[] | undefined) => Array.from({ length: PHONE_SLOTS }, (_, i) => (phones?.[i] ? maskPhone(phones[i]) : ''));
const phonesBody = (phones: string[]) => phones.map((p) => p.trim() || null);

export const createValues = (): CreateValues => ({ ...toFormValues(CREATE_FIELDS, {}), phones: phoneSlots([]) });
export const createBody = (v: CreateValues) => ({ ...toBody(CREATE_FIELDS, v), phones: phonesBody(v.phones) });

export const updateValues = (company: AdminCompany): UpdateValues => ({ ...toFormValues(UPDATE_FIELDS, company as unknown as Record<string, unknown>), phones: phoneSlots(company.phones) });
export const updateBody = (v: UpdateValues) => ({ ...toBody(UPDATE_FIELDS, v), phones: phonesBody(v.phones) });

/** A field's label in the current language, by its path in the body (a phone's position dropped). */
export function adminFieldLabel(path: string): string | undefined {
  const key = `admin:fields.${path.replace(/\.\d+$/, '')}`;
  const label: unknown = i18n.exists(key) ? i18n.t(key, { returnObjects: true }) : undefined;
  return typeof label === 'string' ? label : undefined;
}
