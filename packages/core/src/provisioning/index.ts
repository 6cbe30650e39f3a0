import type { PresetKey } from '@ev/shared/permissions';
import type { UserCreate } from '@ev/shared/schemas/users';
import { runAs } from '../context';
import { Logs } from '../logs';
import { Tenants, type OpenInput } from '../tenants';
import type { BranchRecord, ProfileRecord, TenantRecord } from '../tenants/records';
import { Users } from '../users';
import type { UserRecord } from '../users/records';

/**
 * Opening a company with its first administrator (ARCHITECTURE "Layout": above tenants, users and
 * profiles, with the operator's area to come). The demo seed and every test file make their
 * company through here.
 */
export interface ProvisionInput extends OpenInput {
  admin: { email: string; password: string; name: string; nickname?: string | null };
}

export interface Provisioned {
  tenant: TenantRecord;
  branches: BranchRecord[];
  profiles: Record<PresetKey, ProfileRecord>;
  admin: UserRecord;
}

/**
 * Provisions a company: its records (`Tenants.open`: the tenant with the spec's default settings,
 * its branches, a profile per preset) and its first administrator, who may open every branch.
 */
async function provision(input: ProvisionInput): Promise<Provisioned> {
  const { tenant, branches, profiles } = await Tenants.open(input);
  return runAs({ tenantId: tenant.id }, async () => {
    const admin = await Users.createRecord({
      email: input.admin.email,
      password: input.admin.password,
      name: input.admin.name,
      nickname: input.admin.nickname ?? null,
      profileId: profiles.administrator.id,
      branchIds: branches.map((b) => b.id),
      defaultBranchId: branches[0]?.id ?? null,
    });
    Logs.audit('tenants.provision', { tenantId: tenant.id, branches: branches.length });
    return { tenant, branches, profiles, admin };
  });
}

/** Adds a user to a provisioned company with no permission check (seeds and tests). */
function addUser(tenantId: string, input: UserCreate): Promise<UserRecord> {
  return runAs({ tenantId }, () => Users.createRecord(input));
}

export const Provisioning = { provision, addUser };
