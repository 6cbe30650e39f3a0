import type { Client } from '@ev/shared/schemas/clients';
import { applyMask } from '@/lib/mask';

/** What the form holds: texts as typed (masks, commas), flags, lists; `toBody` turns it into the API's body. */
export interface AddressValues {
  id?: string;
  nickname: string;
  cep: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  country: string;
  main: boolean;
  delivery: boolean;
  billing: boolean;
  latitude: number | null;
  longitude: number | null;
}

export interface ClientValues {
  name: string;
  nickname: string;
  document: string;
  stateRegistration: string;
  municipalRegistration: string;
  suframaCode: string;
  birthDate: string;
  gender: string;
  civilState: string;
  motherName: string;
  status: string;
  situation: string;
  classification: string;
  classificationExtra: string;
  accountingCode: string;
  phone1: string;
  phone2: string;
  phone3: string;
  phone4: string;
  email: string;
  invoiceEmail: string;
  billingEmail: string;
  contact: string;
  referenceName: string;
  referencePhone: string;
  socialNetworks: Record<string, string>;
  preferredContactWeekday: string;
  nextContactDate: string;
  lastContactDate: string;
  daysBetweenContacts: string;
  marketingOptIn: boolean;
  salesmanId: string | null;
  branchId: string | null;
  regionId: string | null;
  routeId: string | null;
  segmentId: string | null;
  walletId: string | null;
  natureId: string | null;
  bearerId: string | null;
  productCompanyId: string | null;
  priceTableId: string | null;
  paymentConditionIds: string[];
  paymentType: string;
  currency: string;
  taxRegime: string;
  serviceInvoiceRetention: boolean;
  taxRate: string;
  deliveryTerm: string;
  sellAtCost: boolean;
  paymentDayPrice: boolean;
  accumulateReceipts: boolean;
  generalDiscount: string;
  creditLimit: string;
  fineRate: string;
  interestRate: string;
  fineValue: string;
  monthlyValue: string;
  closingDay: string;
  dueDay: string;
  protestDays: string;
  observations: { general: string; note: string; order: string; receivables: string; serviceOrder: string };
  addresses: AddressValues[];
}

export const CPF_MASK = '###.###.###-##';
export const CNPJ_MASK = '**.***.***/****-##';
export const PHONE_MASKS = ['(##) ####-####', '(##) #####-####'] as const;

/** CPF while it can still be one (up to 11 digits), else the CNPJ, letters allowed (alphanumeric CNPJ). */
export function maskDocument(typed: string): string {
  const raw = typed.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return applyMask(typed, raw.length <= 11 && /^\d*$/.test(raw) ? CPF_MASK : CNPJ_MASK);
}

export function maskPhone(typed: string): string {
  const d = typed.replace(/\D/g, '').slice(0, 11);
  return applyMask(d, d.length > 10 ? PHONE_MASKS[1] : PHONE_MASKS[0]);
}

export const maskCep = (typed: string) => applyMask(typed.replace(/\D/g, ''), '#####-###');
export const onlyDigits = (typed: string, max: number) => typed.replace(/\D/g, '').slice(0, max);
/** Digits and one comma (decimals are typed with a comma; a point is read as the comma). */
export function maskDecimal(typed: string, scale: number): string {
  const v = typed.replace(/\./g, ',').replace(/[^\d,]/g, '');
  const [int = '', ...rest] = v.split(',');
  return rest.length ? `${int},${rest.join('').slice(0, scale)}` : int;
}

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const dec = (v: unknown) => (v === null || v === undefined ? '' : String(v).replace('.', ','));

export function emptyAddress(state: string, main: boolean): AddressValues {
  return { nickname: '', cep: '', street: '', number: '', complement: '', neighborhood: '', city: '', state, country: 'Brasil', main, delivery: false, billing: false, latitude: null, longitude: null };
}

/** The form's values for a client (or a new one: one empty main address in the company's state). */
export function initialValues(client: Client | null, defaults: { state: string; status: string; networks: readonly string[] }): ClientValues {
  const c = (client ?? {}) as Partial<Client>;
  return {
    name: s(c.name),
    nickname: s(c.nickname),
    document: c.document ? maskDocument(c.document) : '',
    stateRegistration: s(c.stateRegistration),
    municipalRegistration: s(c.municipalRegistration),
    suframaCode: s(c.suframaCode),
    birthDate: s(c.birthDate),
    gender: s(c.gender),
    civilState: s(c.civilState),
    motherName: s(c.motherName),
    status: c.status ?? defaults.status,
    situation: c.situation ?? 'normal',
    classification: s(c.classification),
    classificationExtra: s(c.classificationExtra),
    accountingCode: s(c.accountingCode),
    phone1: c.phone1 ? maskPhone(c.phone1) : '',
    phone2: c.phone2 ? maskPhone(c.phone2) : '',
    phone3: c.phone3 ? maskPhone(c.phone3) : '',
    phone4: c.phone4 ? maskPhone(c.phone4) : '',
    email: s(c.email),
    invoiceEmail: s(c.invoiceEmail),
    billingEmail: s(c.billingEmail),
    contact: s(c.contact),
    referenceName: s(c.referenceName),
    referencePhone: c.referencePhone ? maskPhone(c.referencePhone) : '',
    // The company's networks, each '' when the client has none (a network no longer configured is kept).
    socialNetworks: { ...Object.fromEntries(defaults.networks.map((n) => [n, ''])), ...(c.socialNetworks ?? {}) },
    preferredContactWeekday: s(c.preferredContactWeekday),
    nextContactDate: s(c.nextContactDate),
    lastContactDate: s(c.lastContactDate),
    daysBetweenContacts: s(c.daysBetweenContacts),
    marketingOptIn: c.marketingOptIn ?? false,
    salesmanId: c.salesmanId ?? null,
    branchId: c.branchId ?? null,
    regionId: c.regionId ?? null,
    routeId: c.routeId ?? null,
    segmentId: c.segmentId ?? null,
    walletId: c.walletId ?? null,
    natureId: c.natureId ?? null,
    bearerId: c.bearerId ?? null,
    productCompanyId: c.productCompanyId ?? null,
    priceTableId: c.priceTableId ?? null,
    paymentConditionIds: [...(c.paymentConditionIds ?? [])],
    paymentType: s(c.paymentType),
    currency: c.currency ?? 'BRL',
    taxRegime: s(c.taxRegime),
    serviceInvoiceRetention: c.serviceInvoiceRetention ?? false,
    taxRate: dec(c.taxRate),
    deliveryTerm: s(c.deliveryTerm),
    sellAtCost: c.sellAtCost ?? false,
    paymentDayPrice: c.paymentDayPrice ?? false,
    accumulateReceipts: c.accumulateReceipts ?? false,
    generalDiscount: dec(c.generalDiscount),
    creditLimit: dec(c.creditLimit),
    fineRate: dec(c.fineRate),
    interestRate: dec(c.interestRate),
    fineValue: dec(c.fineValue),
    monthlyValue: dec(c.monthlyValue),
    closingDay: s(c.closingDay),
    dueDay: s(c.dueDay),
    protestDays: s(c.protestDays),
    observations: {
      general: s(c.observations?.general),
      note: s(c.observations?.note),
      order: s(c.observations?.order),
      receivables: s(c.observations?.receivables),
      serviceOrder: s(c.observations?.serviceOrder),
    },
    addresses: client
      ? (c.addresses ?? []).map((a) => ({
          id: a.id,
          nickname: s(a.nickname),
          cep: a.cep ? maskCep(a.cep) : '',
          street: s(a.street),
          number: s(a.number),
          complement: s(a.complement),
          neighborhood: s(a.neighborhood),
          city: s(a.city),
          state: s(a.state),
          country: a.country || 'Brasil',
          main: a.main,
          delivery: a.delivery,
          billing: a.billing,
          latitude: a.latitude ?? null,
          longitude: a.longitude ?? null,
        }))
      : [emptyAddress(defaults.state, true)],
  };
}

const orNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
/** '' is no value; anything else a number (a wrong one gets the schema's message). */
const intOrNull = (v: string | null | undefined) => (v?.trim() ? Number(v.trim()) : null);

/** The API's body for what the form holds (the schema then validates it, in the form and in the API). */
export function toBody(v: ClientValues): Record<string, unknown> {
  const socialNetworks = Object.fromEntries(
    Object.entries(v.socialNetworks ?? {})
      .filter(([, value]) => typeof value === 'string' && value.trim())
      .map(([k, value]) => [k, value.trim()]),
  );
  return {
    name: v.name ?? '',
    nickname: orNull(v.nickname),
    document: orNull(v.document),
    stateRegistration: orNull(v.stateRegistration),
    municipalRegistration: orNull(v.municipalRegistration),
    suframaCode: orNull(v.suframaCode),
    birthDate: orNull(v.birthDate),
    gender: orNull(v.gender),
    civilState: orNull(v.civilState),
    motherName: orNull(v.motherName),
    status: v.status || undefined,
    situation: v.situation || 'normal',
    classification: orNull(v.classification),
    classificationExtra: orNull(v.classificationExtra),
    accountingCode: orNull(v.accountingCode),
    phone1: orNull(v.phone1),
    phone2: orNull(v.phone2),
    phone3: orNull(v.phone3),
    phone4: orNull(v.phone4),
    email: orNull(v.email),
    invoiceEmail: orNull(v.invoiceEmail),
    billingEmail: orNull(v.billingEmail),
    contact: orNull(v.contact),
    referenceName: orNull(v.referenceName),
    referencePhone: orNull(v.referencePhone),
    socialNetworks,
    preferredContactWeekday: intOrNull(v.preferredContactWeekday),
    nextContactDate: orNull(v.nextContactDate),
    lastContactDate: orNull(v.lastContactDate),
    daysBetweenContacts: intOrNull(v.daysBetweenContacts),
    marketingOptIn: v.marketingOptIn,
    salesmanId: v.salesmanId || null,
    branchId: v.branchId || null,
    regionId: v.regionId || null,
    routeId: v.routeId || null,
    segmentId: v.segmentId || null,
    walletId: v.walletId || null,
    natureId: v.natureId || null,
    bearerId: v.bearerId || null,
    productCompanyId: v.productCompanyId || null,
    priceTableId: v.priceTableId || null,
    paymentConditionIds: v.paymentConditionIds,
    paymentType: orNull(v.paymentType),
    currency: v.currency || 'BRL',
    taxRegime: orNull(v.taxRegime),
    serviceInvoiceRetention: v.serviceInvoiceRetention,
    taxRate: orNull(v.taxRate),
    deliveryTerm: intOrNull(v.deliveryTerm),
    sellAtCost: v.sellAtCost,
    paymentDayPrice: v.paymentDayPrice,
    accumulateReceipts: v.accumulateReceipts,
    generalDiscount: orNull(v.generalDiscount),
    creditLimit: orNull(v.creditLimit),
    fineRate: orNull(v.fineRate),
    interestRate: orNull(v.interestRate),
    fineValue: orNull(v.fineValue),
    monthlyValue: orNull(v.monthlyValue),
    closingDay: intOrNull(v.closingDay),
    dueDay: intOrNull(v.dueDay),
    protestDays: intOrNull(v.protestDays),
    observations: {
      general: orNull(v.observations.general),
      note: orNull(v.observations.note),
      order: orNull(v.observations.order),
      receivables: orNull(v.observations.receivables),
      serviceOrder: orNull(v.observations.serviceOrder),
    },
    // A new address left untouched is not sent: a prospect may be saved with a name and a phone.
    addresses: v.addresses.filter((a) => a.id || [a.nickname, a.cep, a.street, a.number, a.complement, a.neighborhood, a.city].some((x) => x?.trim())).map((a) => ({
      ...(a.id ? { id: a.id } : {}),
      nickname: orNull(a.nickname),
      cep: orNull(a.cep),
      street: a.street ?? '',
      number: orNull(a.number),
      complement: orNull(a.complement),
      neighborhood: orNull(a.neighborhood),
      city: a.city ?? '',
      state: a.state || undefined,
      country: a.country || 'Brasil',
      main: a.main,
      delivery: a.delivery,
      billing: a.billing,
      latitude: a.latitude,
      longitude: a.longitude,
    })),
  };
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
