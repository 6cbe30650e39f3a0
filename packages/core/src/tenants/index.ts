import { DEFAULT_TIME_ZONE } from '@ev/shared/calendar';
import { ApiTexts } from '@ev/shared/messages';
import { placesOf } from '@ev/shared/money';
import { PRESETS, PRESET_KEYS, type PresetKey } from '@ev/shared/permissions';
import { defaultSettings } from '@ev/shared/schemas/settings';
import type { UserCreate } from '@ev/shared/schemas/users';
import { timestamp } from '../clock';
import { currentActor, perRequest, runAs } from '../context';
import { DomainError } from '../errors';
import { newId } from '../ids';
import { transact } from '../db/tx';
import { Logs } from '../logs';
import { Users } from '../users';
import type { UserRecord } from '../users/records';
import type { BranchRecord, ProfileRecord, TenantRecord } from './records';
import { TenantsRepository } from './repository';

export interface ProvisionInput {
  company: { name: string; nickname?: string | null; group?: string | null; module?: string | null; taxRegime?: string | null; timezone?: string };
  branches: { name: string; nickname?: string | null; header?: string | null; decimals?: number; issuesSales?: boolean; consignmentDays?: number; consignmentDiscount?: string }[];
  admin: { email: string; password: string; name: string; nickname?: string | null };
}

export interface Provisioned {
  tenant: TenantRecord;
  branches: BranchRecord[];
  profiles: Record<PresetKey, ProfileRecord>;
  admin: UserRecord;
}

/**
 * Provisions a company: the tenant with the spec's default settings, its branches, a profile per
 * preset (salesman, manager, administrator, employee) and its first administrator, who may open
 * every branch. The demo seed and every test file make their company through here.
 */
async function provision(input: ProvisionInput): Promise<Provisioned> {
  const tenantId = newId();
  const now = timestamp();
  const tenant: TenantRecord = {
    id: tenantId,
    name: input.company.name,
    nickname: input.company.nickname ?? null,
    group: input.company.group ?? null,
    module: input.company.module ?? null,
    observations: { serviceOrder: null, invoice: null, sale: null, receivables: null },
    taxRegime: input.company.taxRegime ?? null,
    timezone: input.company.timezone ?? DEFAULT_TIME_ZONE,
    settings: defaultSettings(),
    active: true,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  return runAs({ tenantId }, async () => {
    const branches: BranchRecord[] = input.branches.map((b) => ({
      id: newId(),
      name: b.name,
      nickname: b.nickname ?? null,
      header: b.header ?? null,
      decimals: b.decimals ?? 2,
      issuesSales: b.issuesSales ?? true,
      consignmentDays: b.consignmentDays ?? 0,
      consignmentDiscount: b.consignmentDiscount ?? '0.00',
      active: true,
      createdAt: now,
      updatedAt: now,
      version: 1,
    }));
    const profiles = Object.fromEntries(
      PRESET_KEYS.map((key) => [
        key,
        { id: newId(), name: PRESETS[key].name, preset: key, active: true, financialReleaseAuthorizer: key === 'administrator', rules: PRESETS[key].rules, createdAt: now, updatedAt: now, version: 1 },
      ]),
    ) as Record<PresetKey, ProfileRecord>;
    await transact(TenantsRepository.provisionSteps(tenant, branches, Object.values(profiles)));
    const admin = await Users.createRecord({
      email: input.admin.email,
      password: input.admin.password,
      name: input.admin.name,
      nickname: input.admin.nickname ?? null,
      profileId: profiles.administrator.id,
      branchIds: branches.map((b) => b.id),
      defaultBranchId: branches[0]?.id ?? null,
    });
    Logs.audit('tenants.provision', { tenantId, branches: branches.length });
    return { tenant, branches, profiles, admin };
  });
}

/** Adds a user to a provisioned company with no permission check (seeds and tests). */
function addUser(tenantId: string, input: UserCreate): Promise<UserRecord> {
  return runAs({ tenantId }, () => Users.createRecord(input));
}

/** The company of the request, its session branch, and what rules read from them. */
export interface CompanyContext {
  /** Null only for work in a tenant that was never provisioned (bare test tenants). */
  tenant: TenantRecord | null;
  /** The session's branch (result center); null for system work or a user without one. */
  branch: BranchRecord | null;
  /** The company's time zone (`America/Sao_Paulo` by default): business dates (due today, this month) are taken in it. */
  timezone: string;
  /** The branch's `casasDecimais` (2 without a branch): prices and totals are rounded to it. */
  decimals: number;
}

/**
 * The branch a user works in when its session's branch was deactivated: the one its session data
 * shows (`loadSessionState`): its default branch when active, else the first active allowed one by name.
 */
async function activeBranchOf(userId: string | undefined): Promise<BranchRecord | undefined> {
  const user = userId ? await Users.record(userId) : undefined;
  if (!user?.branchIds.length) return undefined;
  const allowed = (await TenantsRepository.branchesByIds(user.branchIds)).filter((b) => b.active).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  return allowed.find((b) => b.id === user.defaultBranchId) ?? allowed[0];
}

/**
 * The company of the request with its session branch, read once per request (one BatchGet, then
 * shared by every service the request reaches).
 */
function current(): Promise<CompanyContext> {
  return perRequest('company', async () => {
    const actor = currentActor();
    const read = await TenantsRepository.tenantAndBranch(actor.tenantId, actor.branchId);
    const { tenant } = read;
    // A session on a branch deactivated since works in the branch its session data shows now.
    const branch = read.branch?.active === false ? await activeBranchOf(actor.userId) : read.branch;
    return { tenant: tenant ?? null, branch: branch ?? null, timezone: tenant?.timezone ?? DEFAULT_TIME_ZONE, decimals: placesOf(branch?.decimals) };
  });
}

/** The company of the request (its settings, its time zone), or 404 when it does not exist. */
async function company(): Promise<CompanyContext & { tenant: TenantRecord }> {
  const ctx = await current();
  if (!ctx.tenant) throw new DomainError('not_found', ApiTexts.companyNotFound(), 'not_found');
  return ctx as CompanyContext & { tenant: TenantRecord };
}

/**
 * The tenants module: provisioning, the request's company context, and the reads of a company's
 * configuration (tenant, branches, profiles) other modules make. These reads are system functions:
 * no permission check (the caller's own service checks its subject).
 */
export const Tenants = {
  provision,
  addUser,
  current,
  company,
  /** A company by id (login and refresh, before the request has one). */
  tenant: (tenantId: string) => TenantsRepository.tenant(tenantId),
  /** Every company's id: platform work that visits each company (the start's sweep of interrupted closes). */
  ids: () => TenantsRepository.ids(),
  branches: () => TenantsRepository.branches(),
  branchesByIds: (ids: string[]) => TenantsRepository.branchesByIds(ids),
  profile: (id: string) => TenantsRepository.profile(id),
  /** The writes of a profile (the profiles module's service checks `permissões` first). */
  profileCreateSteps: (p: ProfileRecord) => TenantsRepository.profileCreateSteps(p),
  profileUpdateSteps: (before: ProfileRecord, after: ProfileRecord) => TenantsRepository.profileUpdateSteps(before, after),
  profiles: () => TenantsRepository.profiles(),
  /** What a record that points to a branch or a profile records (invariant 6). */
  branchTarget: (id: string, field = 'branchId') => TenantsRepository.branchTarget(id, field),
  profileTarget: (id: string, field = 'profileId') => TenantsRepository.profileTarget(id, field),
};
