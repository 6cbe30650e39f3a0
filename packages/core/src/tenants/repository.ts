import { getItem, getItems } from '../db/records';
import { queryAll } from '../db/query';
import { Keys } from '../db/keys';
import type { BranchRecord, ProfileRecord, TenantRecord } from './records';

/** Reads of a company's configuration partition (tenant, branches, profiles). */
export const TenantsRepository = {
  tenant(tenantId: string): Promise<TenantRecord | undefined> {
    return getItem<TenantRecord>(Keys.tenant(tenantId));
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
  profile(id: string): Promise<ProfileRecord | undefined> {
    return getItem<ProfileRecord>(Keys.profile(id));
  },
  profiles(): Promise<ProfileRecord[]> {
    const { pk, skPrefix } = Keys.profilesPrefix();
    return queryAll<ProfileRecord>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix },
    });
  },
};
