import { Decimal, formatDecimal, placesOf } from '../money';
import { INSTALLMENT_STATUSES, INSTALLMENT_TYPES } from './choices';
import { decimal, FieldTexts, text } from '../registries/fields';
import { defineTexts, plain } from '../texts';
import { addKeyedIssue, keyed, z } from '../zod';
import { Cursor, DateOnly, Id, KeyedText, Limit, Timestamp } from './common';

/**
 * A client's financial position (spec section 3 "Financial installment", the client's financial
 * totals and scrap balance; section 4 "Installment status"). Money travels as decimal strings with 2
 * places and scrap quantities (kg) with 3: never binary floats (ARCHITECTURE invariant 9).
 */

export { INSTALLMENT_STATUSES, INSTALLMENT_TYPES };
export type InstallmentType = (typeof INSTALLMENT_TYPES)[number];
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];

/** How the types read in Portuguese (the import accepts these labels as well as the codes). */
export const INSTALLMENT_TYPE_LABELS: Record<InstallmentType, string> = {
  title: 'Título',
  card: 'Cartão',
  check: 'Cheque',
  returned_check: 'Cheque devolvido',
  other: 'Outro',
  unknown: 'Desconhecido',
};

export const MAX_INSTALLMENTS_PER_PUT = 100;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_LINES = 20_000;
export const MAX_SCRAP_PAGE = 100;

/** The financial module's texts, keyed `financial.<name>` (docs/texts.md). */
export const FinancialTexts = defineTexts('financial', {
  typeInvalid: 'Escolha um tipo válido: título, cartão, cheque, cheque devolvido, outro ou desconhecido.',
  tooManyInstallments: 'Envie no máximo {{max}} parcelas por vez.',
  noInstallments: 'Envie ao menos uma parcela.',
  duplicateInstallment: 'A mesma parcela (documento, parcela e filial) aparece mais de uma vez no envio.',
  branchInvalid: 'A filial informada não existe.',
  bearerInvalid: 'O portador informado não existe.',
  walletInvalid: 'A carteira informada não existe.',
  scrapOneSide: 'Informe o crédito ou o débito (em kg), maior que zero: exatamente um dos dois.',
  scrapBusy: 'O saldo de sucata deste cliente está sendo alterado por outro lançamento. Tente novamente.',
  importForbidden: 'Somente usuários que veem todos os clientes da empresa podem importar parcelas.',
  importEmpty: 'O arquivo está vazio: envie um CSV com a linha de cabeçalhos e ao menos uma parcela.',
  importTooLarge: 'O arquivo tem mais de 5 MB. Divida-o em arquivos menores.',
  importTooManyLines: 'O arquivo tem mais de {{max}} linhas. Divida-o em arquivos menores.',
  importMissingHeaders: 'Faltam colunas obrigatórias no cabeçalho: {{names}}.',
  importNotUtf8: 'O arquivo não está em UTF-8. Salve-o como "CSV UTF-8 (delimitado por vírgulas)" e envie de novo.',
  date: 'O campo {{label}} deve ser uma data válida (aaaa-mm-dd).',
  statusFilter: 'Use paid, pending, overdue ou cancelled no filtro de situação.',
  typeFilter: 'Use title, card, check, returned_check, other ou unknown no filtro de tipo.',
  dryRun: 'Use dryRun=true (só conferir) ou dryRun=false (importar).',
  // The reasons of a rejected import line.
  lineDate: 'Data inválida na coluna {{column}}: "{{value}}". Use dd/mm/aaaa.',
  lineDecimal: 'Valor inválido na coluna {{column}}: "{{value}}". Use vírgula decimal e até 2 casas, por exemplo 1234,56.',
  lineMissingColumn: 'Falta a coluna obrigatória {{column}}.',
  lineMissingColumns: 'Faltam as colunas obrigatórias {{columns}}.',
  lineDocument: 'CPF/CNPJ inválido na coluna Cliente: "{{value}}". Informe o CPF/CNPJ ou o id do cliente.',
  lineBranch: 'Filial não encontrada: "{{value}}". Informe o nome ou o id de uma filial da empresa.',
  lineType: 'Tipo inválido: "{{value}}". Use Título, Cartão, Cheque, Cheque devolvido, Outro ou Desconhecido.',
  lineId: 'A coluna {{column}} deve trazer o id (identificador) do registro: "{{value}}".',
  lineCancelled: 'Valor inválido na coluna Cancelada: "{{value}}". Use Sim ou Não.',
  lineClient: 'Cliente não encontrado: "{{value}}". Confira o CPF/CNPJ ou o id do cliente.',
  lineRepeated: 'Parcela repetida no arquivo: o mesmo documento, parcela e filial já estão na linha {{line}}.',
});
const T = FinancialTexts;

/** The same texts as Portuguese strings. */
export const FinancialMessages = {
  ...plain(T, [
    'typeInvalid', 'noInstallments', 'duplicateInstallment', 'branchInvalid', 'bearerInvalid', 'walletInvalid', 'scrapOneSide', 'scrapBusy',
    'importForbidden', 'importEmpty', 'importTooLarge', 'importNotUtf8',
  ]),
  tooManyInstallments: T.tooManyInstallments({ max: MAX_INSTALLMENTS_PER_PUT }).message,
  importTooManyLines: T.importTooManyLines({ max: formatDecimal(MAX_IMPORT_LINES, 0) }).message,
  importMissingHeaders: (names: string[]) => T.importMissingHeaders({ names: names.join(', ') }).message,
};

const F = FieldTexts;

/**
 * Money: a decimal string with `places` places ("1.234,5" is not accepted; "1234,5" → "1234.50" at
 * 2). An integration sends 2; a sale writes its installments at its branch's `casasDecimais`.
 */
function money(label: string, places: number) {
  return decimal(label, { scale: places }).input;
}
const requiredMoney = (label: string, places: number) =>
  money(label, places)
    .refine((v) => v !== null, { error: keyed(F.required({ label })) })
    .transform((v) => v as string);
const moneyOrZero = (label: string, places: number) => money(label, places).transform((v) => v ?? new Decimal(0).toFixed(places));
const requiredText = (label: string, max: number) => text(label, { max, required: true }).input.transform((v) => v as string);
const optionalText = (label: string, max: number) => text(label, { max }).input;
const optionalId = Id.nullish().transform((v) => v ?? null);
const dateMessage = (label: string) => keyed(T.date({ label }));
/** A business date (yyyy-MM-dd) with the field's own message. */
const dateField = (label: string) =>
  z
    .string({ error: dateMessage(label) })
    .max(10, { error: dateMessage(label) })
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || DateOnly.safeParse(v).success, { error: dateMessage(label) });
const requiredDate = (label: string) =>
  dateField(label)
    .refine((v) => v !== null, { error: keyed(F.required({ label })) })
    .transform((v) => v as string);

/** One installment with its money at `places` places (spec field names in English camelCase). */
function installmentFields(places: number) {
  return z.object({
    document: requiredText('Documento', 30),
    installment: requiredText('Parcela', 10),
    branchId: optionalId,
    type: z.enum(INSTALLMENT_TYPES, { error: keyed(T.typeInvalid()) }).default('title'),
    issueDate: dateField('Emissão'),
    dueDate: requiredDate('Vencimento'),
    installmentValue: requiredMoney('Valor da parcela', places),
    openValue: requiredMoney('Valor em aberto', places),
    correctedValue: money('Valor corrigido', places),
    paidValue: moneyOrZero('Valor pago', places),
    discount: moneyOrZero('Desconto', places),
    increase: moneyOrZero('Acréscimo', places),
    withholdings: moneyOrZero('Retenções', places),
    paymentDate: dateField('Data de pagamento'),
    complement: optionalText('Complemento', 200),
    bearerId: optionalId,
    account: optionalText('Conta', 40),
    walletId: optionalId,
    paymentMethod: optionalText('Forma de pagamento', 40),
    cancelled: z.boolean({ error: keyed(F.notBoolean({ label: 'Cancelada' })) }).default(false),
  });
}

/** One installment as an integration sends it: money with 2 places. */
export const InstallmentInput = installmentFields(2);

const byPlaces = new Map<number, typeof InstallmentInput>([[2, InstallmentInput]]);

/**
 * The installments a closed sale writes where the client's financial position reads them: money at
 * the sale's branch's `casasDecimais` (docs/sales.md "Installments"), never fewer than 2 places
 * (the position's own).
 */
export function saleInstallmentInput(decimals: number | null | undefined): typeof InstallmentInput {
  const places = Math.max(2, placesOf(decimals));
  let schema = byPlaces.get(places);
  if (!schema) byPlaces.set(places, (schema = installmentFields(places)));
  return schema;
}
export type InstallmentInput = z.input<typeof InstallmentInput>;
export type InstallmentFields = z.output<typeof InstallmentInput>;

/** The installment's identity: document + installment (+ branch when present), case and spaces folded. */
export function installmentKey(i: Pick<InstallmentFields, 'document' | 'installment' | 'branchId'>): string {
  return `${documentKeyPrefix(i.document)}${keyPart(i.installment)}#${i.branchId ?? ''}`;
}

const keyPart = (s: string) => encodeURIComponent(s.trim().toUpperCase().replace(/\s+/g, ' '));

/** What every installment key of one document begins with (a sale's installments: document = its number). */
export const documentKeyPrefix = (document: string) => `${keyPart(document)}#`;

export const InstallmentsUpsert = z
  .array(InstallmentInput, { error: keyed(T.noInstallments()) })
  .min(1, { error: keyed(T.noInstallments()) })
  .max(MAX_INSTALLMENTS_PER_PUT, { error: keyed(T.tooManyInstallments({ max: MAX_INSTALLMENTS_PER_PUT })) })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((i, n) => {
      const key = installmentKey(i);
      if (seen.has(key)) addKeyedIssue(ctx, [n, 'installment'], T.duplicateInstallment());
      seen.add(key);
    });
  });

const Money = z.string().max(20);

/** An installment as the API answers it: the stored fields plus what is derived at read. */
export const Installment = z.object({
  key: z.string().max(200),
  clientId: Id,
  document: z.string().max(30),
  installment: z.string().max(10),
  branchId: Id.nullable(),
  type: z.enum(INSTALLMENT_TYPES),
  issueDate: DateOnly.nullable(),
  dueDate: DateOnly,
  installmentValue: Money,
  openValue: Money,
  correctedValue: Money.nullable(),
  paidValue: Money,
  discount: Money,
  increase: Money,
  withholdings: Money,
  paymentDate: DateOnly.nullable(),
  complement: z.string().max(200).nullable(),
  bearerId: Id.nullable(),
  account: z.string().max(40).nullable(),
  walletId: Id.nullable(),
  paymentMethod: z.string().max(40).nullable(),
  cancelled: z.boolean(),
  status: z.enum(INSTALLMENT_STATUSES),
  /** Days past the due date while overdue; 0 otherwise. */
  daysOverdue: z.number().int(),
  /** Paid after the due date (the punctuality figure). */
  paidLate: z.boolean(),
});
export type Installment = z.output<typeof Installment>;

/** The client's financial totals (spec section 3), over every installment that is not cancelled. */
export const FinancialTotals = z.object({
  /** Open value of titles. */
  titles: Money,
  /** Open value of checks and returned checks. */
  checks: Money,
  /** Open and not overdue. */
  toExpire: Money,
  /** Sum of the paid values. */
  paid: Money,
  /** Open and overdue. */
  expired: Money,
  /** Every open value. */
  open: Money,
});
export type FinancialTotals = z.output<typeof FinancialTotals>;

export const Credit = z.object({
  /** The client's credit limit; null when it has none. */
  limit: Money.nullable(),
  open: Money,
  /** Limit minus open (negative when over the limit); null without a limit. */
  available: Money.nullable(),
});

export const FinancialPosition = z.object({
  /** Today in the company's time zone: what the statuses were derived against. */
  today: DateOnly,
  installments: z.array(Installment),
  totals: FinancialTotals,
  credit: Credit,
});
export type FinancialPosition = z.output<typeof FinancialPosition>;

export const FinancialQuery = z.object({
  status: z.enum(INSTALLMENT_STATUSES, { error: keyed(T.statusFilter()) }).optional(),
  type: z.enum(INSTALLMENT_TYPES, { error: keyed(T.typeFilter()) }).optional(),
});
export type FinancialQuery = z.input<typeof FinancialQuery>;

export const UpsertResult = z.object({ written: z.number().int() });

/** One month of the one-client dashboard (company time zone), by due month. */
export const PunctualityMonth = z.object({
  month: z.string().max(7),
  /** Open value due in the month (overdue included). */
  openValue: Money,
  /** The part of it that is overdue. */
  overdueValue: Money,
  paidOnTime: z.object({ count: z.number().int(), value: Money }),
  paidLate: z.object({ count: z.number().int(), value: Money }),
});
export const Punctuality = z.object({
  today: DateOnly,
  months: z.array(PunctualityMonth),
  totals: FinancialTotals,
});
export type Punctuality = z.output<typeof Punctuality>;

// ---- Scrap (sucata): a ledger in kg, with the balance kept on the client --------------------------

const kg = (label: string) =>
  decimal(label, { scale: 3 })
    .input.transform((v) => v ?? '0.000');

export const ScrapEntryInput = z
  .object({
    history: requiredText('Histórico', 200),
    credit: kg('Crédito (kg)'),
    debit: kg('Débito (kg)'),
    type: optionalText('Tipo', 40),
  })
  .superRefine((v, ctx) => {
    // A quantity already refused for its format is not counted again.
    if (![v.credit, v.debit].every((x) => /^\d+\.\d{3}$/.test(x))) return;
    const positive = [v.credit, v.debit].filter((x) => Number(x) > 0).length;
    if (positive !== 1) addKeyedIssue(ctx, ['credit'], T.scrapOneSide());
  });
export type ScrapEntryInput = z.input<typeof ScrapEntryInput>;

const Kg = z.string().max(24);

export const ScrapEntry = z.object({
  id: Id,
  at: Timestamp,
  history: z.string().max(200),
  type: z.string().max(40).nullable(),
  credit: Kg,
  debit: Kg,
  /** The client's balance right after this entry. */
  balance: Kg,
  userId: Id.nullable(),
});
export type ScrapEntry = z.output<typeof ScrapEntry>;

export const ScrapLedger = z.object({
  balance: Kg,
  entries: z.array(ScrapEntry),
  nextCursor: z.string().max(4096).nullable(),
});
export type ScrapLedger = z.output<typeof ScrapLedger>;

export const ScrapQuery = z.object({ cursor: Cursor.optional(), limit: Limit });

// ---- Import (CSV) -----------------------------------------------------------------------------------

/**
 * The import file: `;` separated, UTF-8 with or without BOM, decimal comma, dates dd/MM/yyyy, one
 * installment a line after a header line with these Portuguese names (any order; case and accents
 * ignored). `Cliente` holds the client's CPF/CNPJ (with or without mask) or its id. `Filial` takes a
 * branch's id or name; `Tipo` the Portuguese label or the code; `Cancelada` Sim/Não.
 */
export const IMPORT_COLUMNS = [
  { header: 'Cliente', field: 'client', required: true },
  { header: 'Documento', field: 'document', required: true },
  { header: 'Parcela', field: 'installment', required: true },
  { header: 'Filial', field: 'branchId', required: false },
  { header: 'Tipo', field: 'type', required: false },
  { header: 'Emissão', field: 'issueDate', required: false },
  { header: 'Vencimento', field: 'dueDate', required: true },
  { header: 'Valor da parcela', field: 'installmentValue', required: true },
  { header: 'Valor em aberto', field: 'openValue', required: true },
  { header: 'Valor corrigido', field: 'correctedValue', required: false },
  { header: 'Valor pago', field: 'paidValue', required: false },
  { header: 'Desconto', field: 'discount', required: false },
  { header: 'Acréscimo', field: 'increase', required: false },
  { header: 'Retenções', field: 'withholdings', required: false },
  { header: 'Pagamento', field: 'paymentDate', required: false },
  { header: 'Complemento', field: 'complement', required: false },
  { header: 'Portador', field: 'bearerId', required: false },
  { header: 'Conta', field: 'account', required: false },
  { header: 'Carteira', field: 'walletId', required: false },
  { header: 'Forma de pagamento', field: 'paymentMethod', required: false },
  { header: 'Cancelada', field: 'cancelled', required: false },
] as const;

export const ImportQuery = z.object({
  dryRun: z.enum(['true', 'false'], { error: keyed(T.dryRun()) }).default('true'),
});

export const ImportReport = z.object({
  dryRun: z.boolean(),
  /** Data lines read (the header not counted). */
  lines: z.number().int(),
  accepted: z.number().int(),
  /** Each refused line: its number in the file (the header is line 1) and the reason. */
  rejected: z.array(z.object({ line: z.number().int(), reason: z.string().max(500), texts: z.array(KeyedText).max(20).optional() })),
  /** Installments written (0 in a dry run). */
  written: z.number().int(),
});
export type ImportReport = z.output<typeof ImportReport>;
