import { timestamp } from '../clock';
import { runAs } from '../context';
import { deleteCompanyItems } from '../db/company-data';
import { OPERATOR_CONTEXT, Operators } from '../operators';
import { Ports } from '../ports';
import { Tenants } from '../tenants';
import type { TenantRecord } from '../tenants/records';
import { Users } from '../users';

/**
 * A company's erasure (issue 42 item 6, docs/admin.md "Export and erase"): apart from the admin
 * module's index so the jobs consumer that runs it (`platform.erase-due`) carries only what it needs.
 */

/** The scheduled erasure of the companies whose date has come (infra/jobs.ts, each hour; locally the start). */
export const ERASE_DUE_JOB = 'platform.erase-due';

/** Where a company keeps files (docs/admin.md "Export and erase"): its exports, its uploads, its own (avatars). */
export const companyFilePrefixes = (tenantId: string) => [`exports/${tenantId}/`, `uploads/${tenantId}/`, `t/${tenantId}/`];

/**
 * Erases one company: every item of its partitions but its record, its users' e-mails and its
 * store's address (free for another company), every file under its prefixes, then its record last. Each step is safe to run
 * again: a run cut short leaves the record (its erasure date passed), and the next run finishes it.
 */
async function eraseCompany(t: TenantRecord): Promise<{ items: number; files: number }> {
  const emails = await runAs({ tenantId: t.id }, () => Users.releaseEmails());
  // Its store's address, free for another company (docs/store.md).
  await Tenants.releaseStore(t);
  const items = await deleteCompanyItems(t.id, { keepRecord: true });
  let files = 0;
  for (const prefix of companyFilePrefixes(t.id)) {
    const keys = await Ports.files().list(prefix);
    for (const key of keys) await Ports.files().delete(key);
    files += keys.length;
  }
  const last = await deleteCompanyItems(t.id);
  const by = t.erasureRequestedBy ?? { id: OPERATOR_CONTEXT, name: 'Sistema' };
  await Operators.audit({ id: by.id, name: by.name, email: '', sessionId: '' }, 'companies.erased', { id: t.id, name: t.name }, null, { items: items + last, files, emails });
  return { items: items + last, files };
}

/**
 * The companies whose erasure date has come, erased (the `platform.erase-due` job each hour on
 * AWS; locally the start each hour). System work: what asked for it was an operator's request.
 */
export async function eraseDue(): Promise<{ companies: number; items: number; files: number }> {
  const now = timestamp();
  const due = (await Tenants.all()).filter((t) => t.erasureAt && t.erasureAt <= now && !t.active);
  let items = 0;
  let files = 0;
  for (const t of due) {
    const r = await eraseCompany(t);
    items += r.items;
    files += r.files;
  }
  return { companies: due.length, items, files };
}
