import { parseDecimal } from '../money';
import { document, text, textarea } from '../registries/fields';
import { addKeyedIssue, keyed, z } from '../zod';
import { Id, ListQuery, Timestamp, Version } from './common';
import { CompanySettings, CompanyTexts } from './settings';

/**
 * The company's own record and its branches (issue 14 item 3, /settings/company): the same schemas
 * validate the API's input and the web's forms. Settings are in `./settings.ts`, their texts too.
 */

/** The tax regimes offered (CRT of the NF-e, with the normal regime split in its two forms). */
export const TAX_REGIMES = ['Simples Nacional', 'Simples Nacional - excesso de sublimite', 'Lucro Presumido', 'Lucro Real', 'MEI'] as const;

const T = CompanyTexts;

/** The four observations the company prints on its documents (the spec's observaçãoNota, -Venda, -Receber, -Os). */
const Observations = z
  .object({
    invoice: textarea('Observação da nota', { max: 2000 }).input,
    sale: textarea('Observação da venda', { max: 2000 }).input,
    receivables: textarea('Observação do contas a receber', { max: 2000 }).input,
    serviceOrder: textarea('Observação da ordem de serviço', { max: 2000 }).input,
  })
  .prefault({});

/** What the administrator changes of the company: its data and its settings (group, module and time zone are the platform's). */
const CompanyFields = z.object({
  name: text('Nome', { required: true, max: 120 }).input,
  nickname: text('Apelido', { max: 60 }).input,
  document: document('CPF/CNPJ').input,
  observations: Observations,
  taxRegime: z
    .enum(TAX_REGIMES, { error: keyed(T.option({ label: 'Regime tributário' })) })
    .nullish()
    .transform((v) => v ?? null),
  settings: CompanySettings,
});

/** PUT /company: the company's data and settings together, over the version read. Missing settings take the spec's defaults. */
export const CompanyUpdate = CompanyFields.extend({ version: Version });
export type CompanyUpdate = z.input<typeof CompanyUpdate>;

/** GET /company: the company as the administrator sees it. */
export const Company = z.object({
  id: Id,
  name: z.string().max(200),
  nickname: z.string().max(200).nullable(),
  document: z.string().max(18).nullable(),
  group: z.string().max(200).nullable(),
  module: z.string().max(100).nullable(),
  observations: z.object({
    invoice: z.string().max(5000).nullable(),
    sale: z.string().max(5000).nullable(),
    receivables: z.string().max(5000).nullable(),
    serviceOrder: z.string().max(5000).nullable(),
  }),
  taxRegime: z.string().max(100).nullable(),
  timezone: z.string().max(64),
  settings: CompanySettings,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type Company = z.output<typeof Company>;

// ── Branches (filiais, the spec's result centers) ────────────────────────────────────────────────

const int = (label: string, min: number, max: number, value: number) => {
  const error = keyed(T.intRange({ label, min, max }));
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(value);
};

/** A percent from 0 to 100 with at most 2 places, as a decimal string ("3,5" → "3.50"): never a binary float. */
const Percent = z
  .union([z.string().trim().max(10), z.null()], { error: keyed(T.discount()) })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return '0.00';
    const shape = /^\d{1,3}(?:[.,]\d{1,2})?$/.test(v);
    const value = shape ? parseDecimal(v) : null;
    if (!value || value.lt(0) || value.gt(100)) {
      addKeyedIssue(ctx, [], T.discount());
      return z.NEVER;
    }
    return value.toFixed(2);
  });

const BranchFields = z.object({
  name: text('Nome', { required: true, max: 120 }).input,
  nickname: text('Apelido', { max: 60 }).input,
  header: textarea('Cabeçalho', { max: 2000 }).input,
  decimals: int('Casas decimais', 0, 6, 2),
  issuesSales: z.boolean({ error: keyed(T.notBoolean({ label: 'Emite pedidos' })) }).default(true),
  consignmentDays: int('Dias da venda consignada', 0, 3650, 0),
  consignmentDiscount: Percent,
});

/** POST /branches: a new branch (active). */
export const BranchCreate = BranchFields;
export type BranchCreate = z.input<typeof BranchCreate>;
/** PUT /branches/{id}: the branch's data over the version read (activation has its own routes). */
export const BranchUpdate = BranchFields.extend({ version: Version });
export type BranchUpdate = z.input<typeof BranchUpdate>;

/** POST /branches/{id}/deactivate and /activate: the version read. */
export const BranchVersion = z.object({ version: Version });
export type BranchVersion = z.input<typeof BranchVersion>;

export const Branch = z.object({
  id: Id,
  name: z.string().max(200),
  nickname: z.string().max(200).nullable(),
  header: z.string().max(2000).nullable(),
  decimals: z.number().int().min(0).max(6),
  issuesSales: z.boolean(),
  consignmentDays: z.number().int().min(0).max(3650),
  /** Percent, a decimal string with 2 places ("3.00"). */
  consignmentDiscount: z.string().max(10),
  active: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type Branch = z.output<typeof Branch>;

/** GET /branches: every branch of the company (a handful: one page), by name; `q` by words of the name and nickname. */
export const BranchesListQuery = ListQuery.extend({
  active: z.enum(['true', 'false'], { error: keyed(T.option({ label: 'Ativas' })) }).optional(),
});
