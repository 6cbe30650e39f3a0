import { getItem, getItems, Versioned } from '../db/records';
import { queryAll } from '../db/query';
import { Keys } from '../db/keys';
import type { Target } from '../db/references';
import { transact, Tx, type TxStep } from '../db/tx';
import { RULES_VERSION, upgradeRules } from '@ev/shared/permissions';
import type { BranchRecord, ProfileRecord, TenantRecord } from './records';

/**
 * A profile as every reader sees it: one stored before the rules' current version is upgraded
 * (`upgradeRules`: the sales' moves as abilities) and is stored so at its next save.
 */
function readProfile(p: ProfileRecord): ProfileRecord {
  if ((p.rulesVersion ?? 1) >= RULES_VERSION) return p;
  return { ...p, rules: upgradeRules(p.rules, p.preset), rulesVersion: RULES_VERSION };
}

/** Keys and reads of a company's configuration partition (tenant, branches, profiles). */
export const TenantsRepository = {
  /** Every company's id (the tenants' index, oldest first): platform work that visits each company. */
  async ids(): Promise<string[]> {
    const items = await queryAll<{ id: string }>(
      { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': Keys.tenantsIndex().gsi1pk }, ProjectionExpression: 'id' },
      100_000,
    );
    return items.map((t) => t.id);
  },

  /** Every company's record (the tenants' index, oldest first). */
  all(): Promise<TenantRecord[]> {
    return queryAll<TenantRecord>({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': Keys.tenantsIndex().gsi1pk } }, 100_000);
  },

  tenant(tenantId: string): Promise<TenantRecord | undefined> {
    return getItem<TenantRecord>(Keys.tenant(tenantId));
  },
  /** The company and one of its branches in one BatchGet (the request's company context). */
  async tenantAndBranch(tenantId: string, branchId: string | null | undefined): Promise<{ tenant?: TenantRecord; branch?: BranchRecord }> {
    const tenantKey = Keys.tenant(tenantId);
    const items = await getItems<{ pk: string; sk: string }>([tenantKey, ...(branchId ? [Keys.branch(branchId)] : [])]);
    const tenant = items.find((i) => i.sk === tenantKey.sk) as TenantRecord | undefined;
    const branch = items.find((i) => i.sk !== tenantKey.sk) as BranchRecord | undefined;
    return { tenant, branch };
  },
  /** A new company: the tenant (listed in the platform's index), its branches and its profiles. */
  provisionSteps(tenant: TenantRecord, branches: BranchRecord[], profiles: ProfileRecord[], storeTaken: () => Error): TxStep[] {
    return [
      Tx.putNew({ ...Keys.tenant(tenant.id), ...Keys.tenantsIndex(), gsi1sk: `${tenant.createdAt}#${tenant.id}`, type: 'tenant', ...tenant }),
      ...branches.map((b) => Tx.putNew({ ...Keys.branch(b.id), type: 'branch', ...b })),
      ...profiles.map((p) => Tx.putNew({ ...Keys.profile(p.id), type: 'profile', ...p })),
      ...TenantsRepository.storeSteps(tenant.id, null, tenant.settings.further.storeSlug, storeTaken),
    ];
  },
  /**
   * The store's address moved from `before` to `after` (either empty: none), in the caller's
   * transaction: the new pointer taken unless another company holds it (`taken`), the old one let go.
   */
  storeSteps(tenantId: string, before: string | null | undefined, after: string | null | undefined, taken: () => Error): TxStep[] {
    if ((before ?? '') === (after ?? '')) return [];
    const steps: TxStep[] = [];
    if (before) steps.push(Tx.delete(Keys.storePointer(before), { ConditionExpression: 'attribute_not_exists(pk) OR tenantId = :t', ExpressionAttributeValues: { ':t': tenantId } }));
    if (after) steps.push(Tx.put({ ...Keys.storePointer(after), type: 'storePointer', tenantId }, { ConditionExpression: 'attribute_not_exists(pk) OR tenantId = :t', ExpressionAttributeValues: { ':t': tenantId } }, taken));
    return steps;
  },
  /** Lets a store's address go if it is still this company's (a company's erasure). */
  async releaseStore(slug: string, tenantId: string): Promise<void> {
    await transact(TenantsRepository.storeSteps(tenantId, slug, null, () => new Error('unreachable')));
  },
  /** The company a store's address opens (null: none). */
  async storeTenant(slug: string): Promise<string | null> {
    const item = await getItem<{ tenantId?: string }>(Keys.storePointer(slug));
    return item?.tenantId ?? null;
  },
  /** The company's edit (its data and settings) over the version read; the platform's index and `createdAt` stay as stored. */
  tenantUpdateStep(before: TenantRecord, after: TenantRecord): TxStep {
    const { version: _version, createdAt: _created, ...edited } = after;
    return Versioned.update(Keys.tenant(after.id), edited, before.version);
  },
  /** A new branch of the company (the settings screen). */
  branchCreateStep(b: BranchRecord): TxStep {
    return Versioned.create({ ...Keys.branch(b.id), type: 'branch', ...b });
  },
  /** A branch's edit (its data, or `active`) over the version read; `refCount` is left as stored. */
  branchUpdateStep(before: BranchRecord, after: BranchRecord): TxStep {
    const { version: _version, createdAt: _created, refCount: _refs, ...edited } = after as BranchRecord & { refCount?: number };
    return Versioned.update(Keys.branch(after.id), edited, before.version);
  },
  /** Fails the transaction unless the branch is (still) active: a deactivation keeps one active branch. */
  branchActiveCheck(id: string, onConditionFail: () => Error): TxStep {
    return Tx.check(Keys.branch(id), 'active = :t', onConditionFail, { ':t': true });
  },
  branchTarget(id: string, field: string): Target {
    return { entity: 'branches', id, key: Keys.branch(id), field };
  },
  profileTarget(id: string, field: string): Target {
    return { entity: 'profiles', id, key: Keys.profile(id), field };
  },
  branch(id: string): Promise<BranchRecord | undefined> {
    return getItem<BranchRecord>(Keys.branch(id));
  },
  branchesByIds(ids: string[]): Promise<BranchRecord[]> {
    return getItems<BranchRecord>(ids.map((id) => Keys.branch(id)));
  },
  branches(): Promise<BranchRecord[]> {
    const { pk, skPrefix } = Keys.branchesPrefix();
    return queryAll<BranchRecord>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix },
    });
  },
  /** A new profile (the permissions screen's create and copy). */
  profileCreateSteps(p: ProfileRecord): TxStep[] {
    return [Versioned.create({ ...Keys.profile(p.id), type: 'profile', ...p })];
  },
  /** A profile's edit (name, rules, flags, active) over the version read; `refCount` is left as stored. */
  profileUpdateSteps(before: ProfileRecord, after: ProfileRecord): TxStep[] {
    const { refCount: _refs, version: _version, ...edited } = after;
    return [Versioned.update(Keys.profile(after.id), edited, before.version)];
  },
  async profile(id: string): Promise<ProfileRecord | undefined> {
    const p = await getItem<ProfileRecord>(Keys.profile(id));
    return p && readProfile(p);
  },
  /** Read strongly consistent: the last-administrator guard decides on them. */
  async profiles(): Promise<ProfileRecord[]> {
    const { pk, skPrefix } = Keys.profilesPrefix();
    const items = await queryAll<ProfileRecord>({
      ConsistentRead: true,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix },
    });
    return items.map(readProfile);
  },
};
