import { date, decimal, document, text, textarea } from '../registries/fields';
import { defineTexts } from '../texts';
import { keyed, z } from '../zod';
import { Password, NewPassword } from './auth';
import { DateOnly, Email, Id, ListQuery, Timestamp, Version } from './common';
import { PhoneNumber } from './clients';
import { TAX_REGIMES } from './company';
import { CompanyTexts } from './settings';
import { COMPANY_STATUSES } from './choices';
import { UserUpdate } from './users';

/**
 * The operator's area (issue 42, spec section 2 "Admin", section 3 "Company (admin)"): the people
 * who run the service for many companies. An operator is a platform account, apart from every
 * company's users (docs/admin.md). Texts keyed `admin.<name>` (docs/texts.md).
 */
export const AdminTexts = defineTexts('admin', {
  passwordRequired: 'Informe a sua senha de administrador para continuar.',
  passwordWrong: 'Senha de administrador incorreta.',
  notOperator: 'Esta área é dos administradores do serviço: entre com uma conta de administrador do serviço.',
  sessionEnded: 'Sua sessão de administrador terminou. Entre novamente.',
  companyNotFound: 'Empresa não encontrada.',
  companyChanged: 'Esta empresa foi alterada por outra pessoa. Recarregue a página para ver a versão atual.',
  alreadySuspended: 'A empresa já está suspensa.',
  alreadyActive: 'A empresa já está ativa.',
  adminEmailTaken: 'O e-mail {{email}} já é de um usuário do serviço. Informe outro e-mail para o administrador da empresa.',
  phonesTooMany: 'Informe no máximo 5 telefones.',
  sameCompany: 'Escolha duas empresas diferentes para comparar.',
  copyUnknown: 'A empresa de origem não tem estes itens: {{items}}.',
  copyOverwrite: 'Estes itens já existem na empresa de destino com outros valores: {{items}}. Confirme a substituição de cada um para copiá-los.',
  copyMissingReference: '{{item}} usa {{field}} "{{value}}", que a empresa de destino não tem: copie-o junto.',
  copyReferences: 'Nada foi copiado. {{items}}',
  copyNothing: 'Escolha ao menos um item para copiar.',
  copyTemplateExists: 'Nada foi copiado. A empresa de destino já tem estes modelos de mensagem: {{items}}. Um modelo é revisado pela Meta para a conta de cada empresa: altere-o na própria empresa.',
  eraseNeedsSuspension: 'Suspenda a empresa antes de pedir a exclusão dos dados.',
  eraseScheduled: 'A exclusão dos dados desta empresa já está marcada.',
  eraseNotScheduled: 'Esta empresa não tem exclusão de dados marcada.',
  reactivateErasing: 'Cancele a exclusão marcada antes de reativar a empresa.',
  reasonRequired: 'Informe o motivo da exclusão (por exemplo, o pedido do titular e sua data).',
  clientNotFound: 'Cliente não encontrado nesta empresa.',
});
const T = AdminTexts;

// ── Operators and their sessions ──────────────────────────────────────────────────────────────────

/** POST /admin/login. */
export const OperatorLoginBody = z.object({ email: Email, password: Password });
export type OperatorLoginBody = z.input<typeof OperatorLoginBody>;

export const Operator = z.object({ id: Id, name: z.string().max(120), email: z.string().max(254) });
export type Operator = z.output<typeof Operator>;

/** The operator's session: a bearer token for the admin routes only, and when it ends. */
export const OperatorSession = z.object({ token: z.string().max(4096), expiresAt: Timestamp, operator: Operator });
export type OperatorSession = z.output<typeof OperatorSession>;

/**
 * What every operator action that changes or reveals a company's data carries: the operator's
 * password typed again (the spec's "admin password"). In the body, not a header: a password may
 * hold characters a header cannot. Missing or wrong, the action is refused with 403 (a credential,
 * not a field of the record: `Operators.confirm`).
 */
export const AdminPassword = z.string({ error: keyed(T.passwordRequired()) }).max(128, { error: keyed(T.passwordWrong()) }).optional();
export const Confirmed = z.object({ adminPassword: AdminPassword });
export type Confirmed = z.input<typeof Confirmed>;

/** The command line's input (`npm run operator`): never an API body. */
export const OperatorCreate = z.object({ email: Email, name: text('Nome', { required: true, max: 120 }).input, password: NewPassword });
export type OperatorCreate = z.input<typeof OperatorCreate>;

// ── Servers ───────────────────────────────────────────────────────────────────────────────────────

/** A part of the service and whether it answered (the spec's "not responding"). */
export const PartState = z.enum(['ok', 'not_responding']);

export const QueueState = z.object({
  family: z.string().max(40),
  /** Messages waiting (visible) and taken (in flight); null when the queue did not answer. */
  waiting: z.number().int().nullable(),
  inFlight: z.number().int().nullable(),
  deadLetters: z.number().int().nullable(),
  state: PartState,
});

/** The spec's server data card: one per stage on AWS, the running process locally. */
export const ServerCard = z.object({
  name: z.string().max(200),
  stage: z.string().max(40),
  version: z.string().max(80),
  region: z.string().max(40),
  os: z.string().max(200),
  architecture: z.string().max(40),
  ip: z.string().max(64).nullable(),
  uptimeSeconds: z.number().int(),
  memory: z.object({ totalMb: z.number().int(), freeMb: z.number().int(), processMb: z.number().int() }),
  cpu: z.object({ model: z.string().max(200), cores: z.number().int(), load: z.array(z.string().max(10)).max(3) }),
  api: PartState,
  table: z.object({ name: z.string().max(255), state: PartState, status: z.string().max(40).nullable(), pointInTimeRecovery: z.enum(['enabled', 'disabled', 'unknown']) }),
  queues: z.array(QueueState).max(20),
  lastDeploy: z.object({ at: Timestamp, version: z.string().max(80) }).nullable(),
  checkedAt: Timestamp,
});
export type ServerCard = z.output<typeof ServerCard>;
export const ServersAnswer = z.object({ items: z.array(ServerCard).max(10) });

// ── Companies ─────────────────────────────────────────────────────────────────────────────────────

export { COMPANY_STATUSES };
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

/** Days between an erasure's request and the erasure itself (LGPD; docs/admin.md "Export and erase"): it may be cancelled meanwhile. */
export const ERASURE_GRACE_DAYS = 30;

/** Days before the digital certificate's expiry from which it is warned (spec section 9). */
export const CERTIFICATE_WARNING_DAYS = 30;

const Phones = z
  .array(PhoneNumber, { error: keyed(T.phonesTooMany()) })
  .max(5, { error: keyed(T.phonesTooMany()) })
  .default([])
  .transform((v) => [...new Set(v.filter((p): p is string => p !== null))]);

/** The platform's fields of a company (the spec's "Company (admin)"), as the operator edits them. */
const PlatformFields = z.object({
  name: text('Nome', { required: true, max: 120 }).input,
  nickname: text('Apelido', { max: 60 }).input,
  group: text('Grupo', { max: 60 }).input,
  module: text('Módulo', { max: 60 }).input,
  document: document('CPF/CNPJ').input,
  stateRegistration: text('Inscrição estadual', { max: 20 }).input,
  phones: Phones,
  email: Email.nullish().transform((v) => v ?? null),
  taxRegime: z
    .enum(TAX_REGIMES, { error: keyed(CompanyTexts.option({ label: 'Regime tributário' })) })
    .nullish()
    .transform((v) => v ?? null),
  taxDataVersion: text('Versão dos dados fiscais', { max: 20 }).input,
  /** The digital certificate's expiry (the spec's tax-data expiry). */
  taxDataExpiry: date('Validade dos dados fiscais').input,
  issRate: decimal('Alíquota do ISS', { scale: 2, integers: 3, max: '100' }).input,
  observations: z
    .object({
      invoice: textarea('Observação da nota', { max: 2000 }).input,
      sale: textarea('Observação da venda', { max: 2000 }).input,
      receivables: textarea('Observação do contas a receber', { max: 2000 }).input,
      serviceOrder: textarea('Observação da ordem de serviço', { max: 2000 }).input,
    })
    .prefault({}),
});

/** POST /admin/companies: a new company with its first branch and administrator, and demo data if asked. */
export const AdminCompanyCreate = PlatformFields.extend({
  branch: z.object({ name: text('Nome da filial', { required: true, max: 120 }).input }),
  // The administrator's name by the users' own rule (at least 2 characters), so a name they refuse
  // is named here, on `admin.name`, before the company is opened (not after, as the company's `name`).
  admin: z.object({ name: UserUpdate.shape.name, email: Email, password: NewPassword }),
  demoData: z.boolean().default(false),
  adminPassword: AdminPassword,
});
export type AdminCompanyCreate = z.input<typeof AdminCompanyCreate>;

/** PUT /admin/companies/{id}: the platform's fields over the version read. */
export const AdminCompanyUpdate = PlatformFields.extend({ version: Version, adminPassword: AdminPassword });
export type AdminCompanyUpdate = z.input<typeof AdminCompanyUpdate>;

/** POST /admin/companies/{id}/suspend and /reactivate. */
export const AdminCompanyStatusBody = z.object({ version: Version, adminPassword: AdminPassword });
export type AdminCompanyStatusBody = z.input<typeof AdminCompanyStatusBody>;

export const AdminCompaniesQuery = ListQuery.extend({ status: z.enum(COMPANY_STATUSES).optional() });

/** The digital certificate's state: null without an expiry; `expiring` from 30 days before. */
export const CertificateState = z.object({ expiry: DateOnly, days: z.number().int(), state: z.enum(['valid', 'expiring', 'expired']) }).nullable();

export const AdminCompanySummary = z.object({
  id: Id,
  name: z.string().max(200),
  nickname: z.string().max(200).nullable(),
  group: z.string().max(200).nullable(),
  document: z.string().max(18).nullable(),
  email: z.string().max(254).nullable(),
  status: z.enum(COMPANY_STATUSES),
  certificate: CertificateState,
  /** Its items and their bytes in the table (counted from the table's stream; null before the first count). */
  items: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  createdAt: Timestamp,
});
export type AdminCompanySummary = z.output<typeof AdminCompanySummary>;

export const AdminCompany = AdminCompanySummary.extend({
  module: z.string().max(200).nullable(),
  stateRegistration: z.string().max(20).nullable(),
  phones: z.array(z.string().max(20)).max(5),
  taxRegime: z.string().max(100).nullable(),
  taxDataVersion: z.string().max(20).nullable(),
  taxDataExpiry: z.string().max(10).nullable(),
  issRate: z.string().max(10).nullable(),
  observations: z.object({
    invoice: z.string().max(5000).nullable(),
    sale: z.string().max(5000).nullable(),
    receivables: z.string().max(5000).nullable(),
    serviceOrder: z.string().max(5000).nullable(),
  }),
  timezone: z.string().max(64),
  /** The company's first administrator (the spec's "admin e-mail"; its password is never shown). */
  adminEmail: z.string().max(254).nullable(),
  suspendedAt: Timestamp.nullable(),
  /** When its data will be erased (an erasure asked, 30 days before; null: none). */
  erasureAt: Timestamp.nullable(),
  /** Demo data asked when it was opened: being written, written, failed; null: none asked. */
  demoData: z.enum(['queued', 'done', 'failed']).nullable(),
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type AdminCompany = z.output<typeof AdminCompany>;

// ── The operators' log ────────────────────────────────────────────────────────────────────────────

export const OperatorLogEntry = z.object({
  id: z.string().max(80),
  at: Timestamp,
  operator: z.object({ id: Id, name: z.string().max(120) }),
  action: z.string().max(80),
  companyId: Id.nullable(),
  companyName: z.string().max(200).nullable(),
  before: z.record(z.string().max(80), z.unknown()).nullable(),
  after: z.record(z.string().max(80), z.unknown()).nullable(),
});
export type OperatorLogEntry = z.output<typeof OperatorLogEntry>;

// ── A company's data ("database details") ─────────────────────────────────────────────────────────

/** One kind of a company's items (the first segment of their partition after the company's prefix). */
export const UsageKind = z.object({ kind: z.string().max(40), items: z.number().int(), bytes: z.number().int() });

/** POST /admin/companies/{id}/data: what the spec calls the company's database, in this design (docs/admin.md). */
export const CompanyData = z.object({
  company: z.object({ id: Id, name: z.string().max(200), status: z.enum(COMPANY_STATUSES) }),
  database: z.object({ table: z.string().max(255), region: z.string().max(40), keyPrefix: z.string().max(40), stream: z.boolean() }),
  usage: z.object({ items: z.number().int(), bytes: z.number().int(), kinds: z.array(UsageKind).max(100) }).nullable(),
  backup: z.object({ pointInTimeRecovery: z.enum(['enabled', 'disabled', 'unknown']), lastExport: z.object({ at: Timestamp, items: z.number().int() }).nullable() }),
  settings: z.record(z.string().max(80), z.unknown()),
});
export type CompanyData = z.output<typeof CompanyData>;

// ── Compare and copy setups ("compare databases") ─────────────────────────────────────────────────

/** POST /admin/compare: two companies, the operator's password. */
export const AdminCompareBody = z
  .object({ sourceId: Id, targetId: Id, adminPassword: AdminPassword })
  .refine((v) => v.sourceId !== v.targetId, { path: ['targetId'], error: keyed(T.sameCompany()) });
export type AdminCompareBody = z.input<typeof AdminCompareBody>;

const SetupChoice = z.object({ section: z.string().min(1).max(80), key: z.string().min(1).max(200) });

/** POST /admin/copy: the items chosen from the source, the ones to write over in the target, the operator's password. */
export const AdminCopyBody = z
  .object({
    sourceId: Id,
    targetId: Id,
    items: z.array(SetupChoice, { error: keyed(T.copyNothing()) }).min(1, { error: keyed(T.copyNothing()) }).max(500),
    overwrite: z.array(SetupChoice).max(500).default([]),
    adminPassword: AdminPassword,
  })
  .refine((v) => v.sourceId !== v.targetId, { path: ['targetId'], error: keyed(T.sameCompany()) });
export type AdminCopyBody = z.input<typeof AdminCopyBody>;

export const SetupDifference = z.object({ field: z.string().max(80), label: z.string().max(200), source: z.unknown(), target: z.unknown() });
export type SetupDifference = z.output<typeof SetupDifference>;

export const SetupComparison = z.object({
  source: z.object({ id: Id, name: z.string().max(200) }),
  target: z.object({ id: Id, name: z.string().max(200) }),
  sections: z
    .array(
      z.object({
        section: z.string().max(80),
        label: z.string().max(200),
        /** Items the same in both. */
        equal: z.number().int(),
        items: z.array(z.object({ key: z.string().max(200), label: z.string().max(200), state: z.enum(['only_source', 'only_target', 'differs']), differences: z.array(SetupDifference).max(200) })).max(10_000),
      }),
    )
    .max(100),
});
export type SetupComparison = z.output<typeof SetupComparison>;

export const CopyResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  items: z.array(z.object({ section: z.string().max(80), key: z.string().max(200), label: z.string().max(200), action: z.enum(['created', 'updated']) })).max(500),
});
export type CopyResult = z.output<typeof CopyResult>;

// ── A company's archive (LGPD export) ─────────────────────────────────────────────────────────────

export const CompanyArchive = z.object({
  id: Id,
  companyId: Id,
  companyName: z.string().max(200),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** Items per kind and files written (when done). */
  kinds: z.array(z.object({ kind: z.string().max(40), items: z.number().int() })).max(100),
  files: z.number().int(),
  bytes: z.number().int(),
  /** A signed link to download it (done only; valid 5 minutes, asked again each read). */
  url: z.string().max(4096).nullable(),
  fileName: z.string().max(200).nullable(),
  error: z.string().max(2000).nullable(),
  createdAt: Timestamp,
  finishedAt: Timestamp.nullable(),
});
export type CompanyArchive = z.output<typeof CompanyArchive>;

// ── One client's data (LGPD: a data subject's request) ────────────────────────────────────────────

/** POST /admin/companies/{id}/clients/{clientId}/anonymise: why (the request it answers), and the operator's password. */
export const ClientAnonymiseBody = z.object({
  reason: z.string({ error: keyed(T.reasonRequired()) }).trim().min(5, { error: keyed(T.reasonRequired()) }).max(500, { error: keyed(T.reasonRequired()) }),
  adminPassword: AdminPassword,
});
export type ClientAnonymiseBody = z.input<typeof ClientAnonymiseBody>;

export const ClientParams = z.object({ id: Id, clientId: Id });

/** What the company holds of one client: its record, installments, scrap entries, cashback and points (balance and entries) and sales. */
export const ClientPersonalData = z.object({
  company: z.object({ id: Id, name: z.string().max(200) }),
  client: z.record(z.string().max(80), z.unknown()),
  installments: z.array(z.record(z.string().max(80), z.unknown())).max(100_000),
  scrap: z.array(z.record(z.string().max(80), z.unknown())).max(100_000),
  loyalty: z.object({ balance: z.record(z.string().max(80), z.unknown()).nullable(), entries: z.array(z.record(z.string().max(80), z.unknown())).max(100_000) }),
  /** Its access to the company's store (the e-mail it logs in with; never the password). */
  storeAccess: z.object({ email: z.string().nullable(), active: z.boolean(), invited: z.boolean(), updatedAt: Timestamp.nullable() }),
  sales: z.array(z.record(z.string().max(80), z.unknown())).max(100_000),
  exportedAt: Timestamp,
});
export type ClientPersonalData = z.output<typeof ClientPersonalData>;
