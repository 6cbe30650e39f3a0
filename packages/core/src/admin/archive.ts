import type { CompanyArchive } from '@ev/shared/schemas/admin';
import { Clock, timestamp } from '../clock';
import { scanCompany } from '../db/company-data';
import { DomainError, errorMessage } from '../errors';
import { newId } from '../ids';
import { Operators, type OperatorActor } from '../operators';
import { Ports } from '../ports';
import { Tenants } from '../tenants';
import { entityOf } from '../usage/kinds';
import { companyFilePrefixes } from './erasure';
import { AdminRepository, type ArchiveRecord } from './repository';
import { tarGz, type TarEntry } from './tar';

/**
 * A company's archive (issue 42 item 6, docs/admin.md "Export and erase"): its full data as JSON lines
 * per kind of item (each item as stored, credentials left out) and every file under its prefixes, in one `.tar.gz`,
 * made by a `platform` job and handed out by a signed link. Apart from the admin index so the
 * platform's consumer carries only it.
 */
export const ARCHIVE_JOB = 'platform.company-archive';
const WEEK_SECONDS = 7 * 86_400;

const publicArchive = async (a: ArchiveRecord): Promise<CompanyArchive> => ({
  id: a.id,
  companyId: a.companyId,
  companyName: a.companyName,
  status: a.status,
  kinds: a.kinds,
  files: a.files,
  bytes: a.bytes,
  url: a.status === 'done' && a.fileKey ? await Ports.files().signedUrl(a.fileKey, { method: 'GET', expiresInSeconds: 300 }) : null,
  fileName: a.fileName,
  error: a.error,
  createdAt: a.createdAt,
  finishedAt: a.finishedAt,
});

/** Credentials are not data to hand over: passwords' hashes, temporary passwords, tokens and secrets (sealed or not) are left out. */
const CREDENTIAL = /^(passwordHash|temp)$|secret|token/i;
function withoutCredentials(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCredentials);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([k]) => !CREDENTIAL.test(k)).map(([k, v]) => [k, withoutCredentials(v)]));
  return value;
}

/** Queues a company's archive (the caller has checked the operator's password). */
export async function requestArchive(actor: OperatorActor, company: { id: string; name: string }): Promise<CompanyArchive> {
  const record: ArchiveRecord = {
    id: newId(),
    companyId: company.id,
    companyName: company.name,
    operatorId: actor.id,
    status: 'queued',
    kinds: [],
    files: 0,
    bytes: 0,
    fileKey: null,
    fileName: null,
    error: null,
    createdAt: timestamp(),
    finishedAt: null,
    ttl: Clock.seconds() + WEEK_SECONDS,
  };
  await AdminRepository.putArchive(record);
  await Ports.queue().send({ type: ARCHIVE_JOB, tenantId: null, payload: { archiveId: record.id }, idempotencyKey: `archive:${record.id}` });
  await Operators.audit(actor, 'companies.archive', company, null, { archiveId: record.id });
  return publicArchive(record);
}

/** When the company's data was last archived whole, and how many items (its data view's "last export"). */
export async function lastArchive(companyId: string): Promise<{ at: string; items: number } | null> {
  const a = await AdminRepository.lastDone(companyId);
  return a?.finishedAt ? { at: a.finishedAt, items: a.kinds.reduce((s, k) => s + k.items, 0) } : null;
}

export async function archiveStatus(id: string): Promise<CompanyArchive> {
  const a = await AdminRepository.archive(id);
  if (!a) throw new DomainError('not_found', 'Arquivo não encontrado.', 'not_found');
  return publicArchive(a);
}

/** The job: every item and file of the company into the archive (a run again starts over). */
export async function runArchive(payload: unknown): Promise<void> {
  const archiveId = String((payload as { archiveId?: unknown })?.archiveId ?? '');
  const a = await AdminRepository.archive(archiveId);
  if (!a || a.status === 'done') return;
  await AdminRepository.updateArchive(a.id, { status: 'running' });
  try {
    const tenant = await Tenants.tenant(a.companyId);
    if (!tenant) throw new Error('A empresa não existe mais.');
    const lines = new Map<string, string[]>();
    await scanCompany(a.companyId, (items) => {
      for (const item of items) {
        const kind = entityOf(String(item.pk), String(item.sk))?.entity ?? 'OTHER';
        const list = lines.get(kind) ?? [];
        list.push(JSON.stringify(withoutCredentials(item)));
        lines.set(kind, list);
      }
    });
    const fileName = `${a.companyId}-${a.createdAt.slice(0, 10)}.tar.gz`;
    const fileKey = `exports/${a.companyId}/archives/${a.id}/${fileName}`;
    const entries: TarEntry[] = [];
    const kinds = [...lines].map(([kind, list]) => ({ kind, items: list.length })).sort((x, y) => x.kind.localeCompare(y.kind));
    for (const { kind } of kinds) entries.push({ name: `items/${kind}.jsonl`, body: `${lines.get(kind)!.join('\n')}\n` });
    let files = 0;
    for (const prefix of companyFilePrefixes(a.companyId)) {
      for (const key of await Ports.files().list(prefix)) {
        // Earlier archives are not archived again.
        if (key.startsWith(`exports/${a.companyId}/archives/`)) continue;
        const file = await Ports.files().get(key);
        if (!file) continue;
        entries.push({ name: `files/${key}`, body: file.body });
        files++;
      }
    }
    const manifest = { company: { id: tenant.id, name: tenant.name }, createdAt: a.createdAt, kinds, files };
    entries.unshift({ name: 'manifest.json', body: JSON.stringify(manifest, null, 2) });
    const archive = tarGz(entries);
    await Ports.files().put(fileKey, archive, 'application/gzip');
    await AdminRepository.updateArchive(a.id, { status: 'done', kinds, files, bytes: archive.length, fileKey, fileName, finishedAt: timestamp() });
  } catch (e) {
    await AdminRepository.updateArchive(a.id, { status: 'failed', error: errorMessage(e), finishedAt: timestamp() });
  }
}
