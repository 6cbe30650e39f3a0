import { DEFAULT_TIME_ZONE } from '@ev/shared/calendar';
import { ApiTexts } from '@ev/shared/messages';
import { placesOf } from '@ev/shared/money';
import { PRESETS, PRESET_KEYS, RULES_VERSION, type PresetKey } from '@ev/shared/permissions';
import { CompanySettings, defaultSettings } from '@ev/shared/schemas/settings';
import type { z } from 'zod';
import { timestamp } from '../clock';
import { currentActor, perRequest, runAs, type Actor } from '../context';
import { DomainError } from '../errors';
import { newId } from '../ids';
import { transact } from '../db/tx';
import { parseInput } from '../validation';
import type { BranchRecord, ProfileRecord, TenantRecord } from './records';
import { TenantsRepository } from './repository';
import { storeTaken } from './company';
import { publicStore } from './store';

/**
 * Opens a company's records: the tenant with the spec's default settings, its branches and a profile
 * per preset (salesman, manager, administrator, employee), in one transaction. Its first
 * administrator is added above, by the provisioning module (provisioning/index.ts), which stands
 * over the users.
 */
async function open(input: OpenInput): Promise<Opened> {
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
    // The spec's defaults, with what the caller changes (the demo company's own).
    settings: input.settings ? parseInput(CompanySettings, input.settings) : defaultSettings(),
    active: true,
    ...input.platform,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
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
      { id: newId(), name: PRESETS[key].name, preset: key, active: true, financialReleaseAuthorizer: key === 'administrator', rules: PRESETS[key].rules, rulesVersion: RULES_VERSION, createdAt: now, updatedAt: now, version: 1 },
    ]),
  ) as Record<PresetKey, ProfileRecord>;
  await runAs({ tenantId }, () => transact(TenantsRepository.provisionSteps(tenant, branches, Object.values(profiles), storeTaken)));
  return { tenant, branches, profiles };
}

export interface OpenInput {
  company: { name: string; nickname?: string | null; group?: string | null; module?: string | null; taxRegime?: string | null; timezone?: string };
  /** The platform's fields, when an operator opens it (docs/admin.md). */
  platform?: Pick<TenantRecord, 'document' | 'stateRegistration' | 'phones' | 'email' | 'taxDataVersion' | 'taxDataExpiry' | 'issRate' | 'adminEmail' | 'observations'>;
  branches: { name: string; nickname?: string | null; header?: string | null; decimals?: number; issuesSales?: boolean; consignmentDays?: number; consignmentDiscount?: string }[];
  /** Settings other than the spec's defaults (the demo company's). */
  settings?: z.input<typeof CompanySettings>;
}

export interface Opened {
  tenant: TenantRecord;
  branches: BranchRecord[];
  profiles: Record<PresetKey, ProfileRecord>;
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
 * shows (`loadSessionState`): its default branch when active, else the first active allowed one by
 * name. The user's branches come with the actor (`Auth.authenticate` reads the user on every request).
 */
async function activeBranchOf(actor: Actor): Promise<BranchRecord | undefined> {
  if (!actor.branchIds?.length) return undefined;
  const allowed = (await TenantsRepository.branchesByIds(actor.branchIds)).filter((b) => b.active).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  return allowed.find((b) => b.id === actor.defaultBranchId) ?? allowed[0];
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
    const branch = read.branch?.active === false ? await activeBranchOf(actor) : read.branch;
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
 * The tenants module: a company's records opened, the request's company context, and the reads of a company's
 * configuration (tenant, branches, profiles) other modules make. These reads are system functions:
 * no permission check (the caller's own service checks its subject).
 */
export const Tenants = {
  open,
  /** A store's address, for anyone: the company it opens, or 404 (tenants/store.ts). */
  publicStore,
  /** System (a company's erasure): its store's address let go, free for another company. */
  releaseStore: (t: TenantRecord) => (t.settings?.further?.storeSlug ? TenantsRepository.releaseStore(t.settings.further.storeSlug, t.id) : Promise.resolve()),
  current,
  company,
  /** A company by id (login and refresh, before the request has one). */
  tenant: (tenantId: string) => TenantsRepository.tenant(tenantId),
  /** Every company's id: platform work that visits each company (the start's sweep of interrupted closes). */
  ids: () => TenantsRepository.ids(),
  /** Every company's record, oldest first (the operator's list: a platform holds thousands at most). */
  all: () => TenantsRepository.all(),
  /**
   * The operator's edit of a company's record (its platform fields, its suspension) over the version
   * read: a system function, the admin module checks the operator first.
   */
  async updatePlatform(before: TenantRecord, after: TenantRecord): Promise<TenantRecord> {
    await runAs({ tenantId: before.id }, () => transact([TenantsRepository.tenantUpdateStep(before, after)]));
    return { ...after, version: before.version + 1 };
  },
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
