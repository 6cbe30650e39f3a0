import { pick } from '@ev/shared/objects';
import { ApiTexts } from '@ev/shared/messages';
import type { Action, Subject } from '@ev/shared/permissions';
import { JobsMessages, JobsTexts, type ExportFormat, type ImportPhase, type Job, type JobKind, type JobState } from '@ev/shared/schemas/jobs';
import { Clock, timestamp } from '../clock';
import { authorize, currentUserActor } from '../context';
import { textOnly } from '@ev/shared/texts';
import { DomainError } from '../errors';
import { newId } from '../ids';
import { Ports } from '../ports';
import { DEFAULT_URL_EXPIRY_SECONDS } from '../ports/files';
import { JobsRepository, type JobRecord, type JobUpdateConditions } from './repository';

/**
 * Job status items (docs/jobs.md): one per export or import a user started, in the user's own
 * partition (`JobsRepository`), so only that user reads it: another user's or company's id is
 * simply not found. Kept 7 days (TTL). Progress is written in steps, not per row.
 */

/** How long a job status item is kept (the table's TTL removes it). */
export const JOB_STATUS_TTL_SECONDS = 7 * 24 * 60 * 60;
/**
 * A running job not heard from for this long (no progress written) was stopped from outside (a
 * Lambda timeout, a process killed) on its last delivery: it reads as failed. Longer than any job
 * family's lease (ports/job-families.ts), so a retried delivery takes it up first.
 */
export const JOB_STALE_SECONDS = 30 * 60;
/**
 * A queued job waits for a consumer as long as its message is kept (SQS keeps it 4 days): while
 * others' jobs go first it is shown waiting, never failed (issue 17 item 4).
 */
export const JOB_QUEUED_STALE_SECONDS = 4 * 24 * 60 * 60;

/** Whether a queued or running job was not heard from for longer than its status allows. */
function isStale(r: JobRecord): boolean {
  const silent = Clock.seconds() - r.heartbeat;
  if (r.status === 'running') return silent > JOB_STALE_SECONDS;
  if (r.status === 'queued') return silent > JOB_QUEUED_STALE_SECONDS;
  return false;
}
/** The user's recent jobs listed by GET /api/jobs. */
export const JOB_LIST_LIMIT = 20;

export type { JobRecord } from './repository';

export function publicJob(r: JobRecord): Job {
  const stale = isStale(r);
  return {
    ...pick(r, ['id', 'kind', 'name', 'title', 'format', 'phase', 'processed', 'total', 'fileName', 'result', 'createdAt', 'updatedAt', 'finishedAt']),
    status: stale ? 'failed' : r.status,
    error: stale ? JobsMessages.interrupted : r.error,
    errorText: stale ? textOnly(JobsTexts.interrupted()) : (r.errorText ?? null),
  };
}

export function isActive(r: JobRecord): boolean {
  return (r.status === 'queued' || r.status === 'running') && !isStale(r);
}

const jobNotFound = () => new DomainError('not_found', ApiTexts.notFound(), 'not_found');

/** File names as users see them: no path, no control characters, at most 120 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x1f\x7f"<>|:*?]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 ? cleaned.slice(dot) : '';
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).slice(0, 120 - ext.length);
  return stem ? `${stem}${ext}` : `arquivo${ext}`;
}

export interface NewJob {
  kind: JobKind;
  name: string;
  title: string;
  subject: Subject;
  action: Action;
  format?: ExportFormat | null;
  phase?: ImportPhase | null;
  status: JobState;
  fileName?: string | null;
  fileKey?: string | null;
  step?: string | null;
  /** Default: a new id. */
  id?: string;
}

/** The job status item of the current user's jobs. */
export const JobStatuses = {
  async create(input: NewJob): Promise<JobRecord> {
    const actor = currentUserActor();
    const id = input.id ?? newId();
    const now = timestamp();
    const { kind, name, title, subject, action, status } = input;
    // Grouped by where they come from; what the caller may leave out is null, never absent.
    const record: JobRecord = {
      ...JobsRepository.key(actor.userId, id),
      id, userId: actor.userId, kind, name, title, subject, action, status,
      format: input.format ?? null, phase: input.phase ?? null, fileName: input.fileName ?? null, fileKey: input.fileKey ?? null, step: input.step ?? null,
      processed: 0, total: null, error: null, result: null, createdAt: now, updatedAt: now, finishedAt: null,
      heartbeat: Clock.seconds(),
      ttl: Clock.seconds() + JOB_STATUS_TTL_SECONDS,
    };
    await JobsRepository.create(record);
    return record;
  },

  /** The current user's job, or undefined (another user's or company's id included). */
  async find(id: string, userId: string = currentUserActor().userId): Promise<JobRecord | undefined> {
    return JobsRepository.get(userId, id);
  },

  /** The current user's job, or 404. */
  async get(id: string): Promise<JobRecord> {
    const record = await JobStatuses.find(id);
    if (!record) throw jobNotFound();
    return record;
  },

  /** The current user's most recent jobs, newest first (one Query on the user's partition). */
  async list(limit = JOB_LIST_LIMIT): Promise<JobRecord[]> {
    return JobsRepository.recent(currentUserActor().userId, limit);
  },

  /**
   * Sets attributes of a job (of `userId`, in the tenant in context). With `step`, only while the
   * item still belongs to that step (a newer check or run replaced it: false, nothing written).
   */
  async update(userId: string, id: string, fields: Partial<Omit<JobRecord, 'pk' | 'sk' | 'id' | 'userId'>>, opts: JobUpdateConditions = {}): Promise<boolean> {
    return JobsRepository.update(userId, id, { ...fields, updatedAt: timestamp(), heartbeat: Clock.seconds() }, opts);
  },

  /** A signed GET URL for a finished export's file (5 minutes). */
  async download(id: string): Promise<{ url: string; fileName: string }> {
    const record = await JobStatuses.get(id);
    authorizeJob(record);
    if (record.kind !== 'export' || record.status !== 'done' || !record.fileKey || !record.fileName) {
      throw new DomainError('jobs.not_ready', JobsTexts.notReady(), 'conflict');
    }
    const url = await Ports.files().signedUrl(record.fileKey, { method: 'GET', expiresInSeconds: DEFAULT_URL_EXPIRY_SECONDS });
    return { url, fileName: record.fileName };
  },
};

/** The user may still do what the job does (a profile changed since: 403). */
export function authorizeJob(record: Pick<JobRecord, 'action' | 'subject'>): void {
  authorize(record.action, record.subject);
}

/** The step of progress writes: about every 5 % of the total, at least every 500 rows. */
export function progressStep(total: number | null): number {
  if (!total) return 500;
  return Math.max(100, Math.min(500, Math.ceil(total / 20)));
}

/** Writes progress only when it moved a whole step since the last write. */
export class ProgressReporter {
  private last = 0;
  constructor(
    private readonly write: (processed: number) => Promise<unknown>,
    private readonly step: number,
  ) {}

  async report(processed: number): Promise<void> {
    if (processed - this.last < this.step) return;
    this.last = processed;
    await this.write(processed);
  }
}

export { JobsMessages };
