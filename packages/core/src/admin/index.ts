import { daysBetween, utcTimestamp } from '@ev/shared/calendar';
import {
  AdminCompaniesQuery,
  AdminCompanyCreate,
  AdminCompanyStatusBody,
  AdminCompanyUpdate,
  AdminTexts,
  CERTIFICATE_WARNING_DAYS,
  ERASURE_GRACE_DAYS,
  AdminCompareBody,
  AdminCopyBody,
  ClientAnonymiseBody,
  Confirmed,
  type ClientPersonalData,
  type AdminCompany,
  type CopyResult,
  type SetupComparison,
  type CompanyArchive,
  type CompanyData,
  type AdminCompanySummary,
  type ServerCard,
} from '@ev/shared/schemas/admin';
import { fold } from '@ev/shared/text';
import type { z } from 'zod';
import { Clock, timestamp } from '../clock';
import { runAs } from '../context';
import { readCursor, signCursor } from '../db/cursor';
import { DomainError } from '../errors';
import { fieldChanges } from '../logs/changes';
import { Operators, type OperatorActor } from '../operators';
import { Ports } from '../ports';
import { Clients } from '../clients';
import { Store } from '../store';
import { Sales } from '../sales';
import { Provisioning } from '../provisioning';
import { Sessions } from '../sessions';
import { Tenants } from '../tenants';
import type { TenantRecord } from '../tenants/records';
import { Users } from '../users';
import { parseInput } from '../validation';
import { tableState } from '../db/table';
import { env } from '../env';
import { Usage, type UsageOfCompany } from '../usage';
import { serverCards } from './servers';
import { archiveStatus, lastArchive, requestArchive } from './archive';
import { eraseDue } from './erasure';
import { compareSetups, copySetups } from './setups';

/** Demo data in a company an operator opened (the demo module's `seedCompanyDemo`, run by the job). */
export const COMPANY_DEMO_JOB = 'platform.company-demo';

/**
 * The operator's area (issue 42, docs/admin.md): the servers' card and the companies (list,
 * details, opening, edit, suspension). Every function takes the operator who calls; those that
 * change or reveal a company's data check its password typed again first (`Operators.confirm`) and
 * log what they changed (`Operators.audit`). Above every module it reads (ARCHITECTURE "Layout").
 */

const notFound = () => new DomainError('not_found', AdminTexts.companyNotFound(), 'not_found');
const changed = () => new DomainError('conflict.version', AdminTexts.companyChanged(), 'conflict');

/** The digital certificate's state on the platform's date (UTC): expiring from 30 days before. */
function certificateOf(expiry: string | null | undefined): AdminCompanySummary['certificate'] {
  if (!expiry) return null;
  const days = daysBetween(Clock.today('UTC'), expiry);
  return { expiry, days, state: days < 0 ? 'expired' : days <= CERTIFICATE_WARNING_DAYS ? 'expiring' : 'valid' };
}

function summaryOf(t: TenantRecord, usage?: UsageOfCompany): AdminCompanySummary {
  return {
    id: t.id,
    name: t.name,
    nickname: t.nickname,
    group: t.group,
    document: t.document ?? null,
    email: t.email ?? null,
    status: t.active ? 'active' : 'suspended',
    certificate: certificateOf(t.taxDataExpiry),
    items: usage?.items ?? null,
    bytes: usage?.bytes ?? null,
    createdAt: t.createdAt,
  };
}

function companyOf(t: TenantRecord, usage?: UsageOfCompany): AdminCompany {
  return {
    ...summaryOf(t, usage),
    module: t.module,
    stateRegistration: t.stateRegistration ?? null,
    phones: t.phones ?? [],
    taxRegime: t.taxRegime,
    taxDataVersion: t.taxDataVersion ?? null,
    taxDataExpiry: t.taxDataExpiry ?? null,
    issRate: t.issRate ?? null,
    observations: t.observations,
    timezone: t.timezone,
    adminEmail: t.adminEmail ?? null,
    suspendedAt: t.suspendedAt ?? null,
    erasureAt: t.erasureAt ?? null,
    demoData: t.demoData ?? null,
    updatedAt: t.updatedAt,
    version: t.version,
  };
}

/** What the operators' log keeps of a company: its platform fields (settings have their own history). */
function logged(t: TenantRecord): Record<string, unknown> {
  const { settings: _settings, version: _version, updatedAt: _updated, createdAt: _created, ...rest } = t as TenantRecord & Record<string, unknown>;
  for (const k of ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'type']) delete rest[k];
  return rest;
}

/** The fields that differ, before and after (the log's entry of an edit): nested ones by their dotted path (`observations.sale`). */
function differences(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changes = fieldChanges(before, after);
  return { before: Object.fromEntries(changes.map((c) => [c.field, c.before])), after: Object.fromEntries(changes.map((c) => [c.field, c.after])) };
}

/** The company's record written over the version read: another operator's write meanwhile is our conflict text. */
async function savePlatform(before: TenantRecord, after: TenantRecord): Promise<TenantRecord> {
  return Tenants.updatePlatform(before, after).catch((e: unknown) => {
    throw e instanceof DomainError && e.kind === 'conflict' ? changed() : e;
  });
}

/** A company's record for a change of its state: the operator's password checked, at the version the body read. */
async function confirmedAt(actor: OperatorActor, id: string, raw: z.input<typeof AdminCompanyStatusBody>): Promise<TenantRecord> {
  const input = parseInput(AdminCompanyStatusBody, raw);
  await Operators.confirm(actor, input.adminPassword);
  const before = await stored(id);
  if (before.version !== input.version) throw changed();
  return before;
}

async function stored(id: string): Promise<TenantRecord> {
  const t = await Tenants.tenant(id);
  if (!t) throw notFound();
  return t;
}

const clientNotFound = () => new DomainError('not_found', AdminTexts.clientNotFound(), 'not_found');

/** A client's sales as its company's list holds them (every status). */
async function clientSales(clientId: string): Promise<Record<string, unknown>[]> {
  return (await Sales.ofClient(clientId)) as unknown as Record<string, unknown>[];
}

/** Ends every session of every user of a company (its suspension, its reactivation). */
async function endSessions(tenantId: string): Promise<number> {
  return runAs({ tenantId }, async () => {
    const users = await Users.summaries();
    const ended = await Promise.all(users.map((u) => Sessions.endAll(u.id)));
    return ended.reduce((a, b) => a + b, 0);
  });
}

function matches(t: TenantRecord, terms: string[]): boolean {
  if (!terms.length) return true;
  const text = fold([t.name, t.nickname, t.group, t.document, t.document?.replace(/\D/g, ''), t.email, t.adminEmail].filter(Boolean).join(' '));
  return terms.every((term) => text.includes(term));
}

export const Admin = {
  /** GET /admin/servers: the server data card(s). */
  servers(): Promise<ServerCard[]> {
    return serverCards();
  },

  /**
   * GET /admin/companies: every company by name, searched by name, nickname, group, CPF/CNPJ or
   * e-mail, filtered by status; a page at a time (the platform holds thousands at most: read whole
   * from the tenants' index, then paged).
   */
  async companies(raw: z.input<typeof AdminCompaniesQuery>): Promise<{ items: AdminCompanySummary[]; nextCursor: string | null }> {
    const q = parseInput(AdminCompaniesQuery, raw);
    const terms = fold(q.q ?? '')
      .split(/\s+/)
      .filter(Boolean);
    const query = `admin-companies|${terms.join(' ')}|${q.status ?? ''}`;
    const start = Number(readCursor(q.cursor, query)?.offset ?? 0);
    const all = (await Tenants.all())
      .filter((t) => matches(t, terms) && (!q.status || (q.status === 'active') === t.active))
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.id.localeCompare(b.id));
    const shown = all.slice(start, start + q.limit);
    const usage = await Usage.of(shown.map((t) => t.id));
    const items = shown.map((t) => summaryOf(t, usage.get(t.id)));
    const next = start + q.limit;
    return { items, nextCursor: next < all.length ? signCursor({ offset: next }, query) : null };
  },

  /** GET /admin/companies/{id}: the company's platform record. */
  async company(id: string): Promise<AdminCompany> {
    const [t, usage] = await Promise.all([stored(id), Usage.of([id])]);
    return companyOf(t, usage.get(id));
  },

  /**
   * POST /admin/companies/{id}/data: the spec's "database details" as this design has them (docs/admin.md
   * "A company's data"): its key prefix in the shared table, its items and bytes per kind (the usage
   * aggregate), the table's backups and the settings that shape its data. Reveals a company's
   * data: asks for the operator's password.
   */
  async data(actor: OperatorActor, id: string, raw: z.input<typeof Confirmed>): Promise<CompanyData> {
    const input = parseInput(Confirmed, raw);
    await Operators.confirm(actor, input.adminPassword);
    const [t, usage, table, lastExport] = await Promise.all([stored(id), Usage.of([id]), tableState().catch(() => null), lastArchive(id)]);
    await Operators.audit(actor, 'companies.data', { id, name: t.name }, null, null);
    const u = usage.get(id);
    return {
      company: { id: t.id, name: t.name, status: t.active ? 'active' : 'suspended' },
      database: { table: table?.name ?? env().TABLE_NAME, region: env().DYNAMODB_ENDPOINT ? 'local' : env().AWS_REGION, keyPrefix: `T#${t.id}`, stream: true },
      usage: u ? { items: u.items, bytes: u.bytes, kinds: u.kinds.slice(0, 100) } : null,
      backup: { pointInTimeRecovery: table?.pointInTimeRecovery ?? 'unknown', lastExport },
      settings: t.settings as unknown as Record<string, unknown>,
    };
  },

  /**
   * POST /admin/companies: opens a company with its first branch and administrator and the spec's
   * default settings (`Provisioning.provision`). The administrator's e-mail must be new to the
   * whole service (it logs in by it alone).
   */
  async create(actor: OperatorActor, raw: z.input<typeof AdminCompanyCreate>): Promise<AdminCompany> {
    const input = parseInput(AdminCompanyCreate, raw);
    await Operators.confirm(actor, input.adminPassword);
    if (await Users.pointer(input.admin.email)) {
      const said = AdminTexts.adminEmailTaken({ email: input.admin.email });
      throw new DomainError('admin.admin_email_taken', said, 'conflict', { fields: [{ field: 'admin.email', ...said }] });
    }
    const { tenant } = await Provisioning.provision({
      company: { name: input.name, nickname: input.nickname, group: input.group, module: input.module, taxRegime: input.taxRegime },
      platform: {
        document: input.document,
        stateRegistration: input.stateRegistration,
        phones: input.phones,
        email: input.email,
        taxDataVersion: input.taxDataVersion,
        taxDataExpiry: input.taxDataExpiry,
        issRate: input.issRate,
        adminEmail: input.admin.email,
        observations: input.observations,
      },
      branches: [{ name: input.branch.name }],
      admin: { email: input.admin.email, password: input.admin.password, name: input.admin.name },
    });
    let opened = tenant;
    if (input.demoData) {
      // Written by a job (about a minute of writes): the answer does not wait for it.
      opened = await Tenants.updatePlatform(tenant, { ...tenant, demoData: 'queued' });
      await Ports.queue().send({ type: COMPANY_DEMO_JOB, tenantId: null, payload: { tenantId: tenant.id }, idempotencyKey: `company-demo:${tenant.id}` });
    }
    await Operators.audit(actor, 'companies.create', { id: tenant.id, name: tenant.name }, null, { ...logged(opened), branch: input.branch.name, admin: { name: input.admin.name, email: input.admin.email } });
    return companyOf(opened);
  },

  /** PUT /admin/companies/{id}: the platform's fields over the version read. */
  async update(actor: OperatorActor, id: string, raw: z.input<typeof AdminCompanyUpdate>): Promise<AdminCompany> {
    const input = parseInput(AdminCompanyUpdate, raw);
    await Operators.confirm(actor, input.adminPassword);
    const before = await stored(id);
    if (before.version !== input.version) throw changed();
    const after: TenantRecord = {
      ...before,
      name: input.name,
      nickname: input.nickname,
      group: input.group,
      module: input.module,
      document: input.document,
      stateRegistration: input.stateRegistration,
      phones: input.phones,
      email: input.email,
      taxRegime: input.taxRegime,
      taxDataVersion: input.taxDataVersion,
      taxDataExpiry: input.taxDataExpiry,
      issRate: input.issRate,
      observations: input.observations,
      updatedAt: timestamp(),
    };
    const saved = await savePlatform(before, after);
    const diff = differences(logged(before), logged(saved));
    await Operators.audit(actor, 'companies.update', { id, name: saved.name }, diff.before, diff.after);
    return companyOf(saved);
  },

  /**
   * POST /admin/compare: two companies' setups side by side (registries, profiles and permissions,
   * settings). Reveals both companies' setups: asks for the operator's password.
   */
  async compare(actor: OperatorActor, raw: z.input<typeof AdminCompareBody>): Promise<SetupComparison> {
    const input = parseInput(AdminCompareBody, raw);
    await Operators.confirm(actor, input.adminPassword);
    await Promise.all([stored(input.sourceId), stored(input.targetId)]);
    const comparison = await compareSetups(input.sourceId, input.targetId);
    await Operators.audit(actor, 'companies.compare', comparison.target, null, { source: comparison.source });
    return comparison;
  },

  /** POST /admin/copy: the chosen items from one company to the other, in one step (docs/admin.md "Compare and copy setups"). */
  async copy(actor: OperatorActor, raw: z.input<typeof AdminCopyBody>): Promise<CopyResult> {
    const input = parseInput(AdminCopyBody, raw);
    await Operators.confirm(actor, input.adminPassword);
    const [source, target] = await Promise.all([stored(input.sourceId), stored(input.targetId)]);
    const result = await copySetups(source.id, target.id, input.items, input.overwrite, actor.id);
    await Operators.audit(actor, 'companies.copy', { id: target.id, name: target.name }, null, { source: { id: source.id, name: source.name }, ...result });
    return result;
  },

  /**
   * POST /admin/companies/{id}/erase: the company's data erased in 30 days (LGPD; docs/admin.md
   * "Export and erase"), a suspended company only; cancellable until then.
   */
  async requestErasure(actor: OperatorActor, id: string, raw: z.input<typeof AdminCompanyStatusBody>): Promise<AdminCompany> {
    const before = await confirmedAt(actor, id, raw);
    if (before.active) throw new DomainError('admin.erase_active', AdminTexts.eraseNeedsSuspension(), 'conflict');
    if (before.erasureAt) throw new DomainError('admin.erase_scheduled', AdminTexts.eraseScheduled(), 'conflict');
    const erasureAt = utcTimestamp(Clock.now() + ERASURE_GRACE_DAYS * 86_400_000);
    const saved = await savePlatform(before, { ...before, erasureAt, erasureRequestedBy: { id: actor.id, name: actor.name }, updatedAt: timestamp() });
    await Operators.audit(actor, 'companies.erase_requested', { id, name: saved.name }, { erasureAt: null }, { erasureAt });
    return companyOf(saved);
  },

  /** POST /admin/companies/{id}/erase/cancel: the erasure asked no longer happens. */
  async cancelErasure(actor: OperatorActor, id: string, raw: z.input<typeof AdminCompanyStatusBody>): Promise<AdminCompany> {
    const before = await confirmedAt(actor, id, raw);
    if (!before.erasureAt) throw new DomainError('admin.erase_not_scheduled', AdminTexts.eraseNotScheduled(), 'conflict');
    const saved = await savePlatform(before, { ...before, erasureAt: null, erasureRequestedBy: null, updatedAt: timestamp() });
    await Operators.audit(actor, 'companies.erase_cancelled', { id, name: saved.name }, { erasureAt: before.erasureAt }, { erasureAt: null });
    return companyOf(saved);
  },

  /**
   * POST /admin/companies/{id}/archive: the company's full data (every item as JSON lines per kind,
   * every file) as one archive, made by a job (./archive.ts); reveals it all: asks for the password.
   */
  async archive(actor: OperatorActor, id: string, raw: z.input<typeof Confirmed>): Promise<CompanyArchive> {
    const input = parseInput(Confirmed, raw);
    await Operators.confirm(actor, input.adminPassword);
    const t = await stored(id);
    return requestArchive(actor, { id: t.id, name: t.name });
  },

  /** GET /admin/archives/{id}: an archive's progress, and its link when done. */
  archiveStatus: (id: string) => archiveStatus(id),

  /** The demo data's job is over (the job's handler, registered where the demo module is: functions/src/jobs-demo.ts). */
  async demoFinished(tenantId: string, ok: boolean): Promise<void> {
    const t = await Tenants.tenant(tenantId);
    if (t) await Tenants.updatePlatform(t, { ...t, demoData: ok ? 'done' : 'failed' });
  },

  /**
   * POST /admin/companies/{id}/clients/{clientId}/export: what the company holds of one client (a
   * data subject's request, LGPD): its record, installments, scrap entries, loyalty and sales. Asks for the
   * operator's password.
   */
  async clientData(actor: OperatorActor, id: string, clientId: string, raw: z.input<typeof Confirmed>): Promise<ClientPersonalData> {
    const input = parseInput(Confirmed, raw);
    await Operators.confirm(actor, input.adminPassword);
    const t = await stored(id);
    const data = await runAs({ tenantId: id }, async () => {
      const held = await Clients.personalData(clientId).catch((e: unknown) => {
        throw e instanceof DomainError && e.kind === 'not_found' ? clientNotFound() : e;
      });
      return { ...held, storeAccess: await Store.clientAccess(clientId), sales: await clientSales(clientId) };
    });
    await Operators.audit(actor, 'clients.export', { id, name: t.name }, null, { clientId });
    return { company: { id, name: t.name }, client: data.client as unknown as Record<string, unknown>, installments: data.installments, scrap: data.scrap, loyalty: data.loyalty, storeAccess: data.storeAccess, sales: data.sales, exportedAt: timestamp() };
  },

  /**
   * POST /admin/companies/{id}/clients/{clientId}/anonymise: one client's erasure where its sales
   * must stay for tax law (`Clients.anonymise`), with the reason written. Asks for the password.
   */
  async anonymiseClient(actor: OperatorActor, id: string, clientId: string, raw: z.input<typeof ClientAnonymiseBody>): Promise<Record<string, unknown>> {
    const input = parseInput(ClientAnonymiseBody, raw);
    await Operators.confirm(actor, input.adminPassword);
    const t = await stored(id);
    const client = await runAs({ tenantId: id }, async () => {
      // Its store access goes first (the login is keyed by the e-mail the anonymisation removes).
      await Store.forgetClient(clientId).catch((e: unknown) => {
        throw e instanceof DomainError && e.kind === 'not_found' ? clientNotFound() : e;
      });
      return Clients.anonymise(clientId, input.reason);
    });
    await Operators.audit(actor, 'clients.anonymise', { id, name: t.name }, null, { clientId, reason: input.reason });
    return client as unknown as Record<string, unknown>;
  },

  /** The companies whose erasure date has come, erased (./erasure.ts). */
  eraseDue,

  /**
   * POST /admin/companies/{id}/suspend: the company's users are logged out at once (every access
   * token of theirs is refused from this write on: `Auth.authenticate` reads the company) and
   * their sessions end; logins answer the spec's 'Empresa não encontrada.'; nothing is erased.
   */
  async suspend(actor: OperatorActor, id: string, raw: z.input<typeof AdminCompanyStatusBody>): Promise<AdminCompany> {
    return setActive(actor, id, raw, false);
  },

  /** POST /admin/companies/{id}/reactivate: its users log in again (every session older than the suspension stays ended). */
  async reactivate(actor: OperatorActor, id: string, raw: z.input<typeof AdminCompanyStatusBody>): Promise<AdminCompany> {
    return setActive(actor, id, raw, true);
  },
};

async function setActive(actor: OperatorActor, id: string, raw: z.input<typeof AdminCompanyStatusBody>, active: boolean): Promise<AdminCompany> {
  const before = await confirmedAt(actor, id, raw);
  if (before.active === active) throw new DomainError(active ? 'admin.already_active' : 'admin.already_suspended', active ? AdminTexts.alreadyActive() : AdminTexts.alreadySuspended(), 'conflict');
  if (active && before.erasureAt) throw new DomainError('admin.erasure_scheduled', AdminTexts.reactivateErasing(), 'conflict');
  const saved = await savePlatform(before, { ...before, active, suspendedAt: active ? null : timestamp(), updatedAt: timestamp() });
  // After the write: a login between the two is refused already. A reactivation ends any session a
  // crash left between a suspension's write and this loop, so none outlives a suspension.
  const ended = await endSessions(id);
  await Operators.audit(actor, active ? 'companies.reactivate' : 'companies.suspend', { id, name: saved.name }, { active: before.active, suspendedAt: before.suspendedAt ?? null }, { active, suspendedAt: saved.suspendedAt ?? null, sessionsEnded: ended });
  return companyOf(saved);
}
