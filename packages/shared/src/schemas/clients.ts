import { CLIENT_SITUATIONS, CLIENT_STATUSES, PAYMENT_TYPES } from './choices';
import { formatCpfOrCnpj, isCnpj } from '../br';
import { isStateRegistration, normalizeStateRegistration, UFS } from '../ie';
import { date, decimal, document, FieldTexts, text, yesNo } from '../registries/fields';
import { defineTexts, plain, type FieldIssue, type Said } from '../texts';
import type { CompanySettings } from './settings';
import { digits, documentKey } from '../text';
import { addKeyedIssue, keyed, z } from '../zod';
import { Cursor, DateOnly, Id, Limit, page, SearchText, SeenScope, Timestamp, Version } from './common';

/**
 * Clients (spec section 3 "Client" and "Address", section 4 "Client situation", section 5). The
 * same schemas validate the API's input and the web's form, so both speak the same messages. The
 * company's customer and address settings add required fields: `clientRequirementIssues`.
 */

export { CLIENT_SITUATIONS, CLIENT_STATUSES };
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export type ClientSituation = (typeof CLIENT_SITUATIONS)[number];
export const GENDERS = ['M', 'F', 'O'] as const;
export const CIVIL_STATES = ['single', 'married', 'stable_union', 'separated', 'divorced', 'widowed'] as const;
export { PAYMENT_TYPES };
export const TAX_REGIMES = ['simples', 'mei', 'presumido', 'real', 'exempt'] as const;
export const MAX_ADDRESSES = 30;

/** The clients' messages, keyed `clients.<name>` (docs/texts.md). */
export const ClientTexts = defineTexts('clients', {
  phone: 'Informe o telefone com DDD: 10 ou 11 dígitos.',
  cep: 'Informe o CEP com 8 dígitos.',
  state: 'Escolha a UF do endereço.',
  stateRegistration: 'A inscrição estadual é inválida para a UF do endereço principal. Informe-a sem erros ou ISENTO.',
  stateRegistrationNeedsState: 'Informe o endereço principal com a UF para validar a inscrição estadual, ou use ISENTO.',
  oneMain: 'Marque exatamente um endereço como principal.',
  onlyAddress: 'O único endereço do cliente não pode ser excluído.',
  tooManyAddresses: 'Informe no máximo {{max}} endereços.',
  tooManyConditions: 'Informe no máximo 20 condições de pagamento.',
  weekday: 'Escolha um dia da semana válido.',
  day: 'Informe um dia entre 1 e 31.',
  days: 'Informe um número de dias entre 0 e 3650.',
  latitude: 'A latitude deve estar entre -90 e 90.',
  longitude: 'A longitude deve estar entre -180 e 180.',
  email: 'Informe um e-mail válido.',
  salesmanInvalid: 'O vendedor informado não existe, não está ativo ou não é vendedor.',
  salesmanNotAllowed: 'Você só pode atribuir clientes a você ou à sua equipe.',
  branchInvalid: 'A filial informada não existe.',
  documentTakenVisible: 'Este CPF/CNPJ já está cadastrado para o cliente {{name}}.',
  documentTakenOther: 'Este CPF/CNPJ já está cadastrado para um cliente da carteira de outro vendedor.',
  phoneRepeated: 'O telefone {{phone}} já está cadastrado para outro cliente. Deseja salvar mesmo assim?',
  phoneBlocked: 'O telefone {{phone}} já está cadastrado para outro cliente, e a empresa não permite telefones repetidos.',
  duplicateCheckFailed: 'Não foi possível verificar se o cliente já está cadastrado. Tente novamente; se o erro persistir, contate o suporte técnico.',
  emptySearch: 'Nenhum cliente encontrado para a busca. Confira o nome, o CPF/CNPJ ou o telefone digitado.',
  noSubordinates: 'Você é supervisor, mas ainda não tem vendedores subordinados. Os clientes da equipe aparecerão aqui quando houver.',
  incomplete: 'Cadastro incompleto: informe nome, apelido, e-mail e CPF/CNPJ antes de vender para este cliente.',
  situationBlocks: 'Clientes em análise ou com problema não podem ser selecionados nem comprar.',
  statusFilter: 'Use active ou inactive no filtro de status.',
  situationFilter: 'Use normal, analysis, problem ou closed no filtro de situação.',
});
const C = ClientTexts;

/** The same messages as Portuguese strings. */
export const ClientMessages = {
  ...plain(C, [
    'phone', 'cep', 'state', 'stateRegistration', 'stateRegistrationNeedsState', 'oneMain', 'onlyAddress', 'tooManyConditions', 'weekday', 'day', 'days',
    'latitude', 'longitude', 'email', 'salesmanInvalid', 'salesmanNotAllowed', 'branchInvalid', 'documentTakenOther', 'duplicateCheckFailed', 'emptySearch',
    'noSubordinates', 'incomplete', 'situationBlocks',
  ]),
  tooManyAddresses: C.tooManyAddresses({ max: MAX_ADDRESSES }).message,
  documentTakenVisible: (name: string) => C.documentTakenVisible({ name }).message,
  phoneRepeated: (phone: string) => C.phoneRepeated({ phone }).message,
  phoneBlocked: (phone: string) => C.phoneBlocked({ phone }).message,
};

const F = FieldTexts;

/** Phones are kept as digits with the area code (10 or 11); shown as (14) 99123-4567. */
export const PhoneNumber = z
  .string({ error: keyed(C.phone()) })
  .trim()
  .max(20, { error: keyed(C.phone()) })
  .nullish()
  .transform((v) => (v ? digits(v) : null))
  .refine((v) => v === null || v === '' || /^[1-9]{2}\d{8,9}$/.test(v), { error: keyed(C.phone()) })
  .transform((v) => (v ? v : null));

export function formatPhone(value: string | null | undefined): string {
  const d = digits(value);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return value ?? '';
}

/** The phones a client keeps, in the order they are asked for. */
type Phones = { phone1?: string | null; phone2?: string | null; phone3?: string | null; phone4?: string | null };

/**
 * The client's WhatsApp number: its first Brazilian mobile (area code, then 9 and eight digits) as
 * Meta and `wa.me` take it, 55 and the digits; null when the client has none (sending a template,
 * a sale's message to the client).
 */
export function mobileOf(c: Phones): string | null {
  const mobile = [c.phone1, c.phone2, c.phone3, c.phone4].find((p) => !!p && /^[1-9]{2}9\d{8}$/.test(p));
  return mobile ? `55${mobile}` : null;
}

const optionalEmail = (label: string) =>
  z
    .string({ error: keyed(F.notText({ label })) })
    .trim()
    .toLowerCase()
    .max(254, { error: keyed(F.tooLong({ label, max: 254 })) })
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || z.email().safeParse(v).success, { error: keyed(C.email()) });

const optionalId = Id.nullish().transform((v) => v ?? null);
const intIn = (min: number, max: number, message: Said) =>
  z
    .number({ error: keyed(message) })
    .int({ error: keyed(message) })
    .min(min, { error: keyed(message) })
    .max(max, { error: keyed(message) })
    .nullish()
    .transform((v) => v ?? null);
const enumOrNull = <const V extends readonly [string, ...string[]]>(values: V, label: string) =>
  z
    .enum(values, { error: keyed(F.option({ label })) })
    .nullish()
    .transform((v) => v ?? null);

export const AddressInput = z.object({
  id: Id.optional(),
  nickname: text('Apelido do endereço', { max: 60 }).input,
  cep: z
    .string({ error: keyed(C.cep()) })
    .trim()
    .max(9, { error: keyed(C.cep()) })
    .nullish()
    .transform((v) => (v ? digits(v) : null))
    .refine((v) => v === null || v === '' || /^\d{8}$/.test(v), { error: keyed(C.cep()) })
    .transform((v) => (v ? v : null)),
  street: text('Logradouro', { max: 120, required: true }).input,
  number: text('Número', { max: 20 }).input,
  complement: text('Complemento', { max: 80 }).input,
  neighborhood: text('Bairro', { max: 80 }).input,
  city: text('Cidade', { max: 80, required: true }).input,
  state: z.enum(UFS, { error: keyed(C.state()) }),
  country: z.string().trim().max(60).default('Brasil'),
  main: z.boolean().default(false),
  delivery: z.boolean().default(false),
  billing: z.boolean().default(false),
  latitude: z.number({ error: keyed(C.latitude()) }).min(-90, { error: keyed(C.latitude()) }).max(90, { error: keyed(C.latitude()) }).nullish().transform((v) => v ?? null),
  longitude: z.number({ error: keyed(C.longitude()) }).min(-180, { error: keyed(C.longitude()) }).max(180, { error: keyed(C.longitude()) }).nullish().transform((v) => v ?? null),
});
export type AddressInput = z.input<typeof AddressInput>;
export type Address = z.output<typeof AddressInput> & { id: string };

const Observations = z
  .object({
    general: text('Observações gerais', { max: 2000 }).input,
    note: text('Observação da nota', { max: 2000 }).input,
    order: text('Observação do pedido', { max: 2000 }).input,
    receivables: text('Observação do contas a receber', { max: 2000 }).input,
    serviceOrder: text('Observação da ordem de serviço', { max: 2000 }).input,
  })
  .prefault({ general: null, note: null, order: null, receivables: null, serviceOrder: null });

/** Every field a user edits (spec section 3 "Client", in English camelCase). */
export const ClientFields = z.object({
  // identification
  name: text('Nome/Razão social', { max: 120, required: true }).input,
  nickname: text('Apelido/Nome fantasia', { max: 60 }).input,
  document: document('CPF/CNPJ').input,
  stateRegistration: text('RG/Inscrição estadual', { max: 20 }).input,
  municipalRegistration: text('Inscrição municipal', { max: 20 }).input,
  suframaCode: text('Código SUFRAMA', { max: 12 }).input,
  birthDate: date('Data de nascimento').input,
  gender: enumOrNull(GENDERS, 'Sexo'),
  civilState: enumOrNull(CIVIL_STATES, 'Estado civil'),
  motherName: text('Nome da mãe', { max: 120 }).input,
  status: z.enum(CLIENT_STATUSES, { error: keyed(F.option({ label: 'Status' })) }).optional(),
  situation: z.enum(CLIENT_SITUATIONS, { error: keyed(F.option({ label: 'Situação' })) }).default('normal'),
  classification: text('Classificação', { max: 40 }).input,
  classificationExtra: text('Classificação extra', { max: 40 }).input,
  accountingCode: text('Código contábil', { max: 30 }).input,
  // contacts
  phone1: PhoneNumber,
  phone2: PhoneNumber,
  phone3: PhoneNumber,
  phone4: PhoneNumber,
  email: optionalEmail('E-mail'),
  invoiceEmail: optionalEmail('E-mail para nota fiscal'),
  billingEmail: optionalEmail('E-mail de cobrança'),
  contact: text('Contato', { max: 80 }).input,
  referenceName: text('Nome de referência', { max: 80 }).input,
  referencePhone: PhoneNumber,
  socialNetworks: z.record(z.string().max(40), z.string().trim().max(200, { error: keyed(F.tooLong({ label: 'Rede social', max: 200 })) })).default({}),
  preferredContactWeekday: intIn(0, 6, C.weekday()),
  nextContactDate: date('Próximo contato').input,
  lastContactDate: date('Último contato').input,
  daysBetweenContacts: intIn(0, 3650, C.days()),
  marketingOptIn: yesNo('Aceita marketing').input,
  // commercial
  salesmanId: optionalId,
  branchId: optionalId,
  regionId: optionalId,
  routeId: optionalId,
  segmentId: optionalId,
  walletId: optionalId,
  natureId: optionalId,
  bearerId: optionalId,
  /** The product company the client buys from (spec: "company"); none: products of every company. */
  productCompanyId: optionalId,
  /** The client's price table (docs/prices.md); none: its segment's, its region's, or the default table. */
  priceTableId: optionalId,
  paymentConditionIds: z.array(Id).max(20, { error: keyed(C.tooManyConditions()) }).default([]),
  paymentType: enumOrNull(PAYMENT_TYPES, 'Forma de pagamento'),
  currency: z.enum(['BRL'], { error: keyed(F.option({ label: 'Moeda' })) }).default('BRL'),
  taxRegime: enumOrNull(TAX_REGIMES, 'Regime tributário'),
  serviceInvoiceRetention: yesNo('Retenção na nota de serviço').input,
  taxRate: decimal('Alíquota', { scale: 2, integers: 3, max: '100' }).input,
  deliveryTerm: intIn(0, 3650, C.days()),
  sellAtCost: yesNo('Vender a preço de custo').input,
  paymentDayPrice: yesNo('Preço do dia do pagamento').input,
  accumulateReceipts: yesNo('Acumular recebimentos').input,
  generalDiscount: decimal('Desconto geral', { scale: 2, integers: 3, max: '100' }).input,
  // financial
  creditLimit: decimal('Limite de crédito', { scale: 2 }).input,
  fineRate: decimal('Multa (%)', { scale: 2, integers: 3, max: '100' }).input,
  interestRate: decimal('Juros ao mês (%)', { scale: 2, integers: 3, max: '100' }).input,
  fineValue: decimal('Valor da multa', { scale: 2 }).input,
  monthlyValue: decimal('Mensalidade', { scale: 2 }).input,
  closingDay: intIn(1, 31, C.day()),
  dueDay: intIn(1, 31, C.day()),
  protestDays: intIn(0, 3650, C.days()),
  // observations and addresses
  observations: Observations,
  addresses: z.array(AddressInput).max(MAX_ADDRESSES, { error: keyed(C.tooManyAddresses({ max: MAX_ADDRESSES })) }).default([]),
});

/**
 * Rules across fields: one main address when there are addresses, and the state registration of a
 * CNPJ checked against the main address's UF (a CPF's is an RG: free text).
 */
function crossFieldRules(c: z.output<typeof ClientFields>, ctx: z.RefinementCtx) {
  if (c.addresses.length > 0 && c.addresses.filter((a) => a.main).length !== 1) {
    addKeyedIssue(ctx, ['addresses'], C.oneMain());
  }
  if (c.stateRegistration && c.document && isCnpj(c.document)) {
    const uf = c.addresses.find((a) => a.main)?.state;
    const normalized = normalizeStateRegistration(c.stateRegistration);
    if (normalized !== 'ISENTO') {
      if (!uf) addKeyedIssue(ctx, ['stateRegistration'], C.stateRegistrationNeedsState());
      else if (!isStateRegistration(uf, normalized)) addKeyedIssue(ctx, ['stateRegistration'], C.stateRegistration());
    }
  }
}

/** With a single address and none marked main, that one is the main address (what anyone means). */
function defaultMain<T extends { addresses: { main: boolean }[] }>(c: T): T {
  if (c.addresses.length === 1 && !c.addresses[0]!.main) c.addresses[0]!.main = true;
  return c;
}

const WithConfirmation = { confirmRepeatedPhone: z.boolean().default(false) };

export const ClientCreate = ClientFields.extend(WithConfirmation).transform(defaultMain).superRefine(crossFieldRules);
export type ClientCreate = z.input<typeof ClientCreate>;
export const ClientUpdate = ClientFields.extend({ ...WithConfirmation, version: Version }).transform(defaultMain).superRefine(crossFieldRules);
export type ClientUpdate = z.input<typeof ClientUpdate>;

/** Derived on every write: what the sales module asks before a client may buy. */
export interface ClientFlags {
  incomplete: boolean;
  /** Situation analysis or problem: cannot be selected nor buy (spec section 4). */
  blocked: boolean;
}

export { canBuy, isBlockedSituation, isIncomplete } from '../client-state';

const RequiredLabels: Record<string, string> = {
  nickname: 'Apelido/Nome fantasia',
  birthDate: 'Data de nascimento',
  segmentId: 'Segmento',
  regionId: 'Região',
  routeId: 'Rota',
  stateRegistration: 'RG/Inscrição estadual',
  document: 'CPF/CNPJ',
  contact: 'Contato',
  referenceName: 'Nome de referência',
  referencePhone: 'Telefone de referência',
};

/** The client fields the company's settings make required (spec section 3, "Customers"). */
export function companyRequiredFields(settings: Pick<CompanySettings, 'customers'>): string[] {
  const r = settings.customers.required;
  const wanted: [boolean, string][] = [
    [r.nickname, 'nickname'],
    [r.birthDate, 'birthDate'],
    [r.segment, 'segmentId'],
    [r.region, 'regionId'],
    [r.route, 'routeId'],
    [r.stateRegistration, 'stateRegistration'],
    [r.idDocument, 'document'],
    [r.contact, 'contact'],
    [r.referenceName, 'referenceName'],
    [r.referencePhone, 'referencePhone'],
  ];
  return wanted.filter(([on]) => on).map(([, field]) => field);
}

/** What the company's settings require and the client lacks (spec section 3, "Customers" and "Address"). */
export function clientRequirementIssues(
  c: Record<string, unknown> & { addresses?: { neighborhood?: string | null; cep?: string | null }[] },
  settings: Pick<CompanySettings, 'customers' | 'address'>,
): FieldIssue[] {
  const issues = companyRequiredFields(settings)
    .filter((field) => c[field] === null || c[field] === undefined || c[field] === '')
    .map((field): FieldIssue => ({ field, ...F.required({ label: RequiredLabels[field]! }) }));
  (c.addresses ?? []).forEach((a, i) => {
    if (settings.address.neighbourhoodRequired && !a.neighborhood) issues.push({ field: `addresses.${i}.neighborhood`, ...F.required({ label: 'Bairro' }) });
    if (settings.address.postalCodeRequired && !a.cep) issues.push({ field: `addresses.${i}.cep`, ...F.required({ label: 'CEP' }) });
  });
  return issues;
}

const AddressOut = AddressInput.extend({ id: Id });

/** A client as the API answers it. */
export const Client = ClientFields.extend({
  id: Id,
  status: z.enum(CLIENT_STATUSES),
  addresses: z.array(AddressOut),
  lastPurchaseDate: DateOnly.nullable(),
  incomplete: z.boolean(),
  blocked: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type Client = z.output<typeof Client>;

/** What a list row and a search hit carry. */
export const ClientSummary = z.object({
  id: Id,
  name: z.string(),
  nickname: z.string().nullable(),
  document: z.string().nullable(),
  phone1: z.string().nullable(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  status: z.enum(CLIENT_STATUSES),
  situation: z.enum(CLIENT_SITUATIONS),
  incomplete: z.boolean(),
  blocked: z.boolean(),
  salesmanId: Id.nullable(),
  regionId: Id.nullable(),
  routeId: Id.nullable(),
  segmentId: Id.nullable(),
  walletId: Id.nullable(),
});
export type ClientSummary = z.infer<typeof ClientSummary>;

/** A page of clients, with the scope it was read in (`SeenScope`). */
export const ClientsPage = page(ClientSummary).extend({ scope: SeenScope });

export const ClientsListQuery = z.object({
  q: SearchText.optional(),
  status: z.enum(CLIENT_STATUSES, { error: keyed(C.statusFilter()) }).optional(),
  situation: z.enum(CLIENT_SITUATIONS, { error: keyed(C.situationFilter()) }).optional(),
  salesmanId: Id.optional(),
  regionId: Id.optional(),
  routeId: Id.optional(),
  segmentId: Id.optional(),
  walletId: Id.optional(),
  cursor: Cursor.optional(),
  limit: Limit,
});
export type ClientsListQuery = z.input<typeof ClientsListQuery>;

/**
 * How a search text is read: a text of digits, letters and mask characters holding at least one
 * digit is one term ("12.ABC.345/0001-90" → "12abc345000190", "(14) 99123-4567" → "14991234567"),
 * matching documents and phones; anything else is words of the name and nickname.
 */
export function clientSearchTerms(q: string | undefined, fold: (s: string) => string, searchTerms: (s: string) => string[]): string[] {
  const text = (q ?? '').trim();
  if (!text) return [];
  if (/\d/.test(text) && /^[0-9A-Za-z.\-/()\s]+$/.test(text) && !/[A-Za-z]{3,}\s/.test(text)) {
    const key = fold(documentKey(text));
    if (key) return [key];
  }
  return searchTerms(text);
}

/** How a stored document reads in a list (with its mask). */
export const showDocument = (v: string | null) => (v ? formatCpfOrCnpj(v) : '');
