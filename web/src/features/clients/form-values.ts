import type { AddressInput, Client, ClientCreate } from '@ev/shared/schemas/clients';
import { toBody as bodyOf, toFormValues, type FormValues, type SchemaFieldMap } from '@/lib/form-map';

/** How the client form holds each field of the shared schema's address, and how it goes back. */
const ADDRESS_FIELDS = {
  id: 'id',
  nickname: 'text',
  cep: 'cep',
  street: 'text!',
  number: 'text',
  complement: 'text',
  neighborhood: 'text',
  city: 'text!',
  state: 'option',
  country: 'option',
  main: 'bool',
  delivery: 'bool',
  billing: 'bool',
  latitude: 'number',
  longitude: 'number',
} as const satisfies SchemaFieldMap<AddressInput>;

/** How the client form holds each field of the shared schema (`ClientCreate`), and how it goes back into the body. */
export const CLIENT_FIELDS = {
  name: 'text!',
  nickname: 'text',
  document: 'document',
  stateRegistration: 'text',
  municipalRegistration: 'text',
  suframaCode: 'text',
  birthDate: 'date',
  gender: 'option',
  civilState: 'option',
  motherName: 'text',
  status: 'option',
  situation: 'option',
  classification: 'text',
  classificationExtra: 'text',
  accountingCode: 'text',
  phone1: 'phone',
  phone2: 'phone',
  phone3: 'phone',
  phone4: 'phone',
  email: 'text',
  invoiceEmail: 'text',
  billingEmail: 'text',
  contact: 'text',
  referenceName: 'text',
  referencePhone: 'phone',
  socialNetworks: 'names',
  preferredContactWeekday: 'int',
  nextContactDate: 'date',
  lastContactDate: 'date',
  daysBetweenContacts: 'int',
  marketingOptIn: 'bool',
  salesmanId: 'ref',
  branchId: 'ref',
  regionId: 'ref',
  routeId: 'ref',
  segmentId: 'ref',
  walletId: 'ref',
  natureId: 'ref',
  bearerId: 'ref',
  productCompanyId: 'ref',
  priceTableId: 'ref',
  paymentConditionIds: 'refs',
  paymentType: 'option',
  currency: 'option',
  taxRegime: 'option',
  serviceInvoiceRetention: 'bool',
  taxRate: 'decimal',
  deliveryTerm: 'int',
  sellAtCost: 'bool',
  paymentDayPrice: 'bool',
  accumulateReceipts: 'bool',
  generalDiscount: 'decimal',
  creditLimit: 'decimal',
  fineRate: 'decimal',
  interestRate: 'decimal',
  fineValue: 'decimal',
  monthlyValue: 'decimal',
  closingDay: 'int',
  dueDay: 'int',
  protestDays: 'int',
  observations: { object: { general: 'text', note: 'text', order: 'text', receivables: 'text', serviceOrder: 'text' } },
  addresses: { list: ADDRESS_FIELDS },
} as const satisfies SchemaFieldMap<Omit<ClientCreate, 'confirmRepeatedPhone'>>;

/** What the form holds: texts as typed (masks, commas), flags, lists; `toBody` turns it into the API's body. */
export type ClientValues = FormValues<typeof CLIENT_FIELDS>;
export type AddressValues = ClientValues['addresses'][number];

export function emptyAddress(state: string, main: boolean): AddressValues {
  return toFormValues(ADDRESS_FIELDS, { state, country: 'Brasil', main });
}

/** The form's values for a client (or a new one: one empty main address in the company's state). */
export function initialValues(client: Client | null, defaults: { state: string; status: string; networks: readonly string[] }, prefill?: { name?: string; contact: string }): ClientValues {
  const first = { status: defaults.status, situation: 'normal', currency: 'BRL', ...(prefill?.name ? { name: prefill.name } : {}), ...(prefill ? { phone1: prefill.contact.replace(/^55(?=\d{10,11}$)/, '') } : {}) };
  const values = toFormValues(CLIENT_FIELDS, client ?? first);
  // The company's networks, each '' when the client has none (a network no longer configured is kept).
  values.socialNetworks = { ...Object.fromEntries(defaults.networks.map((n) => [n, ''])), ...values.socialNetworks };
  if (!client) values.addresses = [emptyAddress(defaults.state, true)];
  return values;
}

/** The API's body for what the form holds (the schema then validates it, in the form and in the API). */
export function toBody(v: ClientValues): Record<string, unknown> {
  // A new address left untouched is not sent: a prospect may be saved with a name and a phone.
  const touched = (a: AddressValues) => a.id || [a.nickname, a.cep, a.street, a.number, a.complement, a.neighborhood, a.city].some((x) => x?.trim());
  return bodyOf(CLIENT_FIELDS, { ...v, addresses: v.addresses.filter(touched) });
}

/** The form's tabs and the fields each holds (a field error marks its tab). */
export const FORM_TABS = {
  identification: ['name', 'nickname', 'document', 'stateRegistration', 'municipalRegistration', 'suframaCode', 'birthDate', 'gender', 'civilState', 'motherName', 'status', 'situation', 'classification', 'classificationExtra', 'accountingCode'],
  contacts: ['phone1', 'phone2', 'phone3', 'phone4', 'email', 'invoiceEmail', 'billingEmail', 'contact', 'referenceName', 'referencePhone', 'socialNetworks', 'preferredContactWeekday', 'nextContactDate', 'lastContactDate', 'daysBetweenContacts', 'marketingOptIn'],
  commercial: ['salesmanId', 'branchId', 'regionId', 'routeId', 'segmentId', 'walletId', 'natureId', 'bearerId', 'productCompanyId', 'priceTableId', 'paymentConditionIds', 'paymentType', 'currency', 'taxRegime', 'serviceInvoiceRetention', 'taxRate', 'deliveryTerm', 'sellAtCost', 'paymentDayPrice', 'accumulateReceipts', 'generalDiscount'],
  financial: ['creditLimit', 'fineRate', 'interestRate', 'fineValue', 'monthlyValue', 'closingDay', 'dueDay', 'protestDays'],
  addresses: ['addresses'],
  observations: ['observations'],
} as const;
export type FormTab = keyof typeof FORM_TABS;
export const FORM_TAB_ORDER = Object.keys(FORM_TABS) as FormTab[];

/** The tab of a field path ('addresses.0.cep' → addresses). */
export function tabOf(path: string): FormTab | null {
  const head = path.split('.')[0]!;
  return FORM_TAB_ORDER.find((t) => (FORM_TABS[t] as readonly string[]).includes(head)) ?? null;
}

/** The paths of every error in a react-hook-form errors object (leaves carrying a message). */
export function errorPaths(errors: unknown, prefix = ''): string[] {
  if (!errors || typeof errors !== 'object') return [];
  const e = errors as Record<string, unknown>;
  const out: string[] = [];
  if (typeof e.message === 'string' && prefix) out.push(prefix);
  for (const [k, v] of Object.entries(e)) {
    if (k === 'ref' || k === 'message' || k === 'type' || k === 'types') continue;
    if (k === 'root') {
      if (v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string') out.push(prefix);
      continue;
    }
    out.push(...errorPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [...new Set(out)];
}
