import { pick } from '@ev/shared/objects';
import { BranchCreate, BranchesListQuery, BranchUpdate, BranchVersion, CompanyUpdate, type Branch, type Company } from '@ev/shared/schemas/company';
import type { HistoryQuery } from '@ev/shared/schemas/logs';
import { CompanySettings, CompanyTexts } from '@ev/shared/schemas/settings';
import { fold, searchTerms, words } from '@ev/shared/text';
import type { z } from 'zod';
import { timestamp } from '../clock';
import { authorize, currentUserActor } from '../context';
import { DomainError, fieldError } from '../errors';
import { newId } from '../ids';
import { notFound, versionConflict } from '../db/records';
import { transact } from '../db/tx';
import { Logs } from '../logs';
import { parseInput } from '../validation';
import type { BranchRecord, TenantRecord } from './records';
import { TenantsRepository } from './repository';

/** The entities the audit names (the records' "histórico"). */
export const COMPANY = 'company';
export const BRANCHES = 'branches';

/**
 * A stored company as the administrator sees it. Settings are read through the schema, so a
 * setting added after the company was provisioned shows (and is saved) with its default.
 */
function publicCompany(t: TenantRecord): Company {
  const settings = CompanySettings.safeParse(t.settings ?? {});
  return {
    ...pick(t, ['id', 'name', 'nickname', 'group', 'module', 'taxRegime', 'timezone', 'createdAt', 'updatedAt', 'version']),
    document: t.document ?? null,
    observations: pick(t.observations, ['invoice', 'sale', 'receivables', 'serviceOrder']),
    settings: settings.success ? settings.data : t.settings,
  };
}

function publicBranch(b: BranchRecord): Branch {
  return pick(b, ['id', 'name', 'nickname', 'header', 'decimals', 'issuesSales', 'consignmentDays', 'consignmentDiscount', 'active', 'createdAt', 'updatedAt', 'version']);
}

/** The company being changed, read now (not the request's cached context): a write compares its version. */
async function storedTenant(): Promise<TenantRecord> {
  const tenant = await TenantsRepository.tenant(currentUserActor().tenantId);
  if (!tenant) throw notFound();
  return tenant;
}

async function storedBranch(id: string): Promise<BranchRecord> {
  const branch = await TenantsRepository.branch(id);
  if (!branch) throw notFound();
  return branch;
}

/** The store's address a stored company has (its settings may predate it). */
const storeSlugOf = (t: TenantRecord) => (t.settings as { further?: { storeSlug?: string } } | undefined)?.further?.storeSlug ?? '';

/** Another company's store address: 409 on its field. */
export function storeTaken(): DomainError {
  const message = CompanyTexts.storeSlugTaken();
  return new DomainError('company.store_taken', message, 'conflict', { fields: [fieldError('settings.further.storeSlug', message)] });
}

const nameKey = (name: string) => fold(name).trim().replace(/\s+/g, ' ');

/** Branch names are unique in the company (folded: case, accents and spaces do not make another name). */
async function checkBranchName(name: string, selfId: string | null): Promise<void> {
  const key = nameKey(name);
  const taken = (await TenantsRepository.branches()).some((b) => b.id !== selfId && nameKey(b.name) === key);
  if (taken) {
    const message = CompanyTexts.branchNameTaken();
    throw new DomainError('branches.name_taken', message, 'conflict', { fields: [fieldError('name', message)] });
  }
}

/**
 * The company's settings screen (issue 14 item 3): the company's own data and settings (`admin`)
 * and its branches (`filiais`). Every function a request reaches checks its permission first;
 * every change is audited field by field (`Logs.change`) and kept in the record's history. A change
 * applies to the next request of every user: `Tenants.current()` reads the company per request.
 */
export const CompanySettingsService = {
  async get(): Promise<Company> {
    authorize('read', 'admin');
    return publicCompany(await storedTenant());
  },

  /** PUT /company: the company's data and every setting, over the version read (409 when stale). */
  async update(input: z.input<typeof CompanyUpdate>): Promise<Company> {
    authorize('update', 'admin');
    const data = parseInput(CompanyUpdate, input);
    const before = await storedTenant();
    if (before.version !== data.version) throw versionConflict();
    const after: TenantRecord = {
      ...before,
      name: data.name,
      nickname: data.nickname,
      document: data.document,
      observations: data.observations,
      taxRegime: data.taxRegime,
      settings: data.settings,
      updatedAt: timestamp(),
    };
    // The store's address is the platform's: another company's is refused on its field (docs/store.md).
    const store = TenantsRepository.storeSteps(before.id, storeSlugOf(before), data.settings.further.storeSlug, storeTaken);
    await transact([TenantsRepository.tenantUpdateStep(before, after), ...store]);
    const saved = publicCompany({ ...after, version: before.version + 1 });
    await Logs.change('company.update', { entity: COMPANY, id: before.id }, withoutBookkeeping(publicCompany(before)), withoutBookkeeping(saved));
    return saved;
  },

  /** The company's "histórico": who changed what, field by field (settings by their path). */
  async history(query: z.input<typeof HistoryQuery>) {
    authorize('read', 'admin');
    return Logs.history(COMPANY, currentUserActor().tenantId, query);
  },

  /** GET /branches: every branch of the company by name (a handful: one page), filtered by words and status. */
  async branches(query: z.input<typeof BranchesListQuery>): Promise<{ items: Branch[]; nextCursor: null }> {
    authorize('read', 'filiais');
    const q = parseInput(BranchesListQuery, query);
    const terms = searchTerms(q.q);
    const active = q.active === undefined ? undefined : q.active === 'true';
    const items = (await TenantsRepository.branches())
      .filter((b) => active === undefined || b.active === active)
      .filter((b) => {
        const own = [...words(b.name), ...words(b.nickname)];
        return terms.every((t) => own.some((w) => w.startsWith(t)));
      })
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
      .slice(0, q.limit)
      .map(publicBranch);
    return { items, nextCursor: null };
  },

  async branch(id: string): Promise<Branch> {
    authorize('read', 'filiais');
    return publicBranch(await storedBranch(id));
  },

  /** POST /branches: a new, active branch. Users work in it once their branches include it (/permissions/users). */
  async createBranch(input: z.input<typeof BranchCreate>): Promise<Branch> {
    authorize('create', 'filiais');
    const data = parseInput(BranchCreate, input);
    await checkBranchName(data.name, null);
    const now = timestamp();
    const record: BranchRecord = { id: newId(), ...data, active: true, createdAt: now, updatedAt: now, version: 1 };
    await transact([TenantsRepository.branchCreateStep(record)]);
    await Logs.change('branches.create', { entity: BRANCHES, id: record.id }, null, withoutBookkeeping(publicBranch(record)));
    return publicBranch(record);
  },

  /** PUT /branches/{id}: the branch's data over the version read; sales already taken keep the terms they copied. */
  async updateBranch(id: string, input: z.input<typeof BranchUpdate>): Promise<Branch> {
    authorize('update', 'filiais');
    const data = parseInput(BranchUpdate, input);
    const before = await storedBranch(id);
    if (before.version !== data.version) throw versionConflict();
    if (nameKey(data.name) !== nameKey(before.name)) await checkBranchName(data.name, id);
    const { version: _version, ...fields } = data;
    const after: BranchRecord = { ...before, ...fields, updatedAt: timestamp() };
    await transact([TenantsRepository.branchUpdateStep(before, after)]);
    return await audited('branches.update', before, after);
  },

  /**
   * Deactivation (branches are never deleted: users, sales, stock and sessions keep pointing to
   * them): the branch leaves the branch switcher and no order is issued in it; a session on it
   * works in the user's next allowed branch. The last active branch cannot be deactivated: the
   * write is conditional on another branch staying active, so two deactivations at once cannot
   * leave none.
   */
  async deactivateBranch(id: string, input: z.input<typeof BranchVersion>): Promise<Branch> {
    authorize('update', 'filiais');
    const { version } = parseInput(BranchVersion, input);
    const before = await storedBranch(id);
    if (before.version !== version) throw versionConflict();
    if (!before.active) return publicBranch(before);
    const keeper = (await TenantsRepository.branches()).find((b) => b.id !== id && b.active);
    const lastActive = () => new DomainError('branches.last_active', CompanyTexts.lastActiveBranch(), 'conflict');
    if (!keeper) throw lastActive();
    const after: BranchRecord = { ...before, active: false, updatedAt: timestamp() };
    await transact([TenantsRepository.branchUpdateStep(before, after), TenantsRepository.branchActiveCheck(keeper.id, lastActive)]);
    return await audited('branches.deactivate', before, after);
  },

  /** The branch is back in use (in the branch switcher of the users allowed in it). */
  async activateBranch(id: string, input: z.input<typeof BranchVersion>): Promise<Branch> {
    authorize('update', 'filiais');
    const { version } = parseInput(BranchVersion, input);
    const before = await storedBranch(id);
    if (before.version !== version) throw versionConflict();
    if (before.active) return publicBranch(before);
    const after: BranchRecord = { ...before, active: true, updatedAt: timestamp() };
    await transact([TenantsRepository.branchUpdateStep(before, after)]);
    return await audited('branches.activate', before, after);
  },

  async branchHistory(id: string, query: z.input<typeof HistoryQuery>) {
    authorize('read', 'filiais');
    await storedBranch(id);
    return Logs.history(BRANCHES, id, query);
  },
};

/** The audit entry of a branch's change (written before the answer: the history read next holds it), and the branch as saved. */
async function audited(event: string, before: BranchRecord, after: BranchRecord): Promise<Branch> {
  const saved = publicBranch({ ...after, version: before.version + 1 });
  await Logs.change(event, { entity: BRANCHES, id: before.id }, withoutBookkeeping(publicBranch(before)), withoutBookkeeping(saved));
  return saved;
}

/** The fields a change is about (the id names the record; the times and version are the entry's own). */
function withoutBookkeeping<T extends { id: string }>(record: T): Record<string, unknown> {
  const { id: _id, ...rest } = record;
  return rest;
}
