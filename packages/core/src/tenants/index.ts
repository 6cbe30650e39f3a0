import { PRESETS, PRESET_KEYS, type PresetKey } from '@ev/shared/permissions';
import { defaultSettings } from '@ev/shared/schemas/settings';
import type { UserCreate } from '@ev/shared/schemas/users';
import { timestamp } from '../clock';
import { runAs } from '../context';
import { newId } from '../ids';
import { Keys } from '../db/keys';
import { transact, Tx } from '../db/tx';
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
    timezone: input.company.timezone ?? 'America/Sao_Paulo',
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
        { id: newId(), name: PRESETS[key].name, preset: key, active: true, rules: PRESETS[key].rules, createdAt: now, updatedAt: now, version: 1 },
      ]),
    ) as Record<PresetKey, ProfileRecord>;
    await transact([
      Tx.putNew({ ...Keys.tenant(tenantId), ...Keys.tenantsIndex(), gsi1sk: `${now}#${tenantId}`, type: 'tenant', ...tenant }),
      ...branches.map((b) => Tx.putNew({ ...Keys.branch(b.id), type: 'branch', ...b })),
      ...Object.values(profiles).map((p) => Tx.putNew({ ...Keys.profile(p.id), type: 'profile', ...p })),
    ]);
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

export const Tenants = { provision, addUser, repository: TenantsRepository };
