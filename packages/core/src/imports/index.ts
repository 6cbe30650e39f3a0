import { ApiTexts } from '@ev/shared/messages';
import type { Action, Subject } from '@ev/shared/permissions';
import { IMPORT_UPLOAD_CONTENT_TYPE, ImportStartBody, JobsTexts, MAX_IMPORT_FILE_BYTES, MAX_IMPORT_FILE_LINES, type ImportInfo, type ImportUpload, type Job } from '@ev/shared/schemas/jobs';
import { Clock, timestamp } from '../clock';
import { authorize, currentUserActor } from '../context';
import { DomainError } from '../errors';
import { textOnly, type Said } from '@ev/shared/texts';
import { issueSaid } from '@ev/shared/zod';
import { newId } from '../ids';
import type { JobContext } from '../jobs/context';
import { authorizeJob, JOB_STALE_SECONDS, JobStatuses, publicJob, safeFileName, type JobRecord } from '../jobs/index';
import { Ports } from '../ports';
import { parseInput } from '../validation';

/**
 * The import engine (docs/jobs.md). A module declares an import once with `defineImport`; the
 * engine hands out a signed upload URL (the file never goes through the API), reads the file
 * (UTF-8 or Windows-1252, `;` or `,`), checks every line (dry run: rejected lines by number, in
 * Portuguese, nothing written) and applies the accepted lines in batches with progress.
 */

export const IMPORT_CHECK_JOB = 'imports.check';
export const IMPORT_RUN_JOB = 'imports.run';
/** How long the upload URL is valid. */
export const UPLOAD_URL_SECONDS = 15 * 60;
/** Lines per `apply` call unless a declaration says otherwise. */
export const DEFAULT_IMPORT_BATCH = 100;

export interface ImportColumn {
  /** The key of the cell in `line.cells`. */
  key: string;
  /** The header as the template and messages name it (Portuguese). */
  header: string;
  /** Other headers accepted for this column (an ERP's names); compared case- and accent-insensitively. */
  aliases?: readonly string[];
  /** The header must be in the file, and the cell filled on every line. */
  required?: boolean;
}

export interface ImportLine {
  /** The file's line number (the header is line 1). */
  number: number;
  /** Each declared column's cell, trimmed ('' when the column is absent). */
  cells: Record<string, string>;
}

/**
 * Why a line is rejected: a keyed text, several (joined by a space, each keyed), or a plain
 * Portuguese string (then the web shows it as it is).
 */
export type LineReason = Said | readonly Said[] | string;

/** A schema's issues as a line's reason: each message once, keyed when every one is. */
export function issueReasons(issues: readonly { message: string }[]): LineReason {
  const seen = new Set<string>();
  const parts = issues.filter((i) => !seen.has(i.message) && seen.add(i.message)).map(issueSaid);
  return parts.every((p) => typeof p !== 'string') ? (parts as Said[]) : parts.map((p) => (typeof p === 'string' ? p : p.message)).join(' ');
}

export type LineCheck<V> = { value: V; error?: never } | { error: LineReason; value?: never };

export interface ImportContext<P = unknown> extends JobContext {
  /** 'check' in the dry run, 'run' when applying. */
  mode: 'check' | 'run';
  /** What `prepare` loaded (lookup maps), once per job. */
  prepared: P;
}

/** What a batch changed; summed into the job's result. */
export interface ApplyResult {
  created?: number;
  updated?: number;
  unchanged?: number;
  /** Lines refused while writing (a conflict found only then), with the reason in Portuguese. */
  rejected?: { line: number; reason: LineReason }[];
}

export interface ImportDefinition<V = unknown, P = unknown> {
  /** URL name: POST /api/imports/{name}. Lower-case words and dashes. */
  name: string;
  subject: Subject;
  action: Action;
  /** "Importar produtos". */
  title: string;
  columns: readonly ImportColumn[];
  /**
   * A refusal beyond the ability (throws a DomainError, e.g. "only users who see every client"):
   * checked when the file is announced and when a check or run is asked for; `prepare` may check it
   * again in the job.
   */
  allowed?(): Promise<void>;
  /** Loads what every line needs (units and groups by name...) once per job. */
  prepare?(ctx: ImportContext<undefined>): P | Promise<P>;
  /** One line: its value to apply, or why it is rejected (Portuguese, e.g. "Unidade não encontrada: CXX."). */
  check(line: ImportLine, ctx: ImportContext<P>): LineCheck<V> | Promise<LineCheck<V>>;
  /** Checks across lines (a ref repeated in the file): the lines to reject, with the reason. */
  fileCheck?(accepted: { line: number; value: V }[], ctx: ImportContext<P>): { line: number; error: LineReason }[] | Promise<{ line: number; error: LineReason }[]>;
  /**
   * Writes a batch of accepted values (at most `batchSize`). Must be idempotent: re-importing the
   * same file changes nothing. `lines` holds each value's line number.
   */
  apply(values: V[], ctx: ImportContext<P>, lines: number[]): Promise<ApplyResult | void>;
  batchSize?: number;
  /** Data lines at most (default MAX_IMPORT_FILE_LINES). */
  maxLines?: number;
}

export interface ImportPayload {
  jobId: string;
  step: string;
  userId: string;
  branchId: string | null;
  name: string;
}

const registry = new Map<string, ImportDefinition>();

/**
 * Declares an import (checks its name and columns; types its values). It is served once listed in
 * packages/core/src/wiring/catalogue.ts (`IMPORTS`), the list the API and the jobs consumer register.
 */
export function defineImport<V, P = undefined>(def: ImportDefinition<V, P>): ImportDefinition<V, P> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(def.name)) throw new Error(`Import name "${def.name}" must be lower-case words joined by dashes`);
  const keys = new Set(def.columns.map((c) => c.key));
  if (keys.size !== def.columns.length) throw new Error(`Import ${def.name} repeats a column key`);
  return def;
}

/** Registers declarations (the catalogue's list; a test's own): the same one again is a no-op, another under a taken name throws. */
export function registerImports(defs: readonly ImportDefinition[]): void {
  for (const def of defs) {
    const existing = registry.get(def.name);
    if (existing && existing !== def) throw new Error(`Import ${def.name} is already defined`);
    registry.set(def.name, def);
  }
}

function definition(name: string): ImportDefinition {
  const def = registry.get(name);
  if (!def) throw new DomainError('not_found', JobsTexts.importNotFound(), 'not_found');
  return def;
}

/** Imports are a user's work: a user is required (`currentUserActor`), with the declaration's ability. */
function authorizeImport(def: Pick<ImportDefinition, 'action' | 'subject'>): void {
  currentUserActor();
  authorize(def.action, def.subject);
}

async function importJob(id: string): Promise<JobRecord> {
  const record = await JobStatuses.get(id);
  if (record.kind !== 'import') throw new DomainError('not_found', ApiTexts.notFound(), 'not_found');
  authorizeJob(record);
  return record;
}

/** Queues a check or a run of an uploaded file, unless one is already queued or running (409). */
async function queueStep(id: string, phase: 'check' | 'run'): Promise<Job> {
  const actor = currentUserActor();
  const record = await importJob(id);
  await definition(record.name).allowed?.();
  const step = newId();
  const ok = await JobStatuses.update(
    actor.userId,
    id,
    { phase, status: 'queued', step, processed: 0, total: null, error: null, errorText: null, finishedAt: null },
    {
      // Not while a check or run is queued or running (unless it was stopped from outside).
      onlyIf: { statusIn: ['uploading', 'done', 'failed'], heartbeatBefore: Clock.seconds() - JOB_STALE_SECONDS },
    },
  );
  if (!ok) throw new DomainError('imports.busy', JobsTexts.busy(), 'conflict');
  const payload: ImportPayload = { jobId: id, step, userId: actor.userId, branchId: actor.branchId ?? null, name: record.name };
  try {
    await Ports.queue().send({
      type: phase === 'check' ? IMPORT_CHECK_JOB : IMPORT_RUN_JOB,
      tenantId: actor.tenantId,
      idempotencyKey: `import:${id}:${step}`,
      payload,
    });
  } catch (e) {
    // Not queued: the step would wait forever; it says so instead (and can be started again).
    const failed = JobsTexts.importFailed();
    await JobStatuses.update(actor.userId, id, { status: 'failed', error: failed.message, errorText: textOnly(failed), finishedAt: timestamp() }, { step });
    throw e;
  }
  return publicJob((await JobStatuses.find(id))!);
}

export const Imports = {
  get: (name: string): ImportDefinition | undefined => registry.get(name),
  definition,
  names: (): string[] => [...registry.keys()].sort(),
  maxLines: (def: ImportDefinition) => def.maxLines ?? MAX_IMPORT_FILE_LINES,

  /** GET /api/imports/{name}: the columns the file may carry (for the dialog's help). */
  info(name: string): ImportInfo {
    const def = definition(name);
    authorizeImport(def);
    return {
      name: def.name,
      title: def.title,
      columns: def.columns.map((c) => ({ key: c.key, header: c.header, aliases: [...(c.aliases ?? [])], required: Boolean(c.required) })),
      maxBytes: MAX_IMPORT_FILE_BYTES,
      maxLines: Imports.maxLines(def),
    };
  },

  /**
   * POST /api/imports/{name}: records the import (waiting for its file) and answers a signed PUT
   * URL for the browser to upload the file to, straight to the file store.
   */
  async start(name: string, input: unknown): Promise<ImportUpload> {
    const def = definition(name);
    authorizeImport(def);
    await def.allowed?.();
    const body = parseInput(ImportStartBody, input);
    const actor = currentUserActor();
    const fileName = safeFileName(body.fileName);
    const id = newId();
    const fileKey = `uploads/${actor.tenantId}/${id}/${encodeKeyPart(fileName)}`;
    const record = await JobStatuses.create({
      id,
      kind: 'import',
      name: def.name,
      title: def.title,
      subject: def.subject,
      action: def.action,
      phase: 'upload',
      status: 'uploading',
      fileName,
      fileKey,
    });
    const uploadUrl = await Ports.files().signedUrl(fileKey, { method: 'PUT', expiresInSeconds: UPLOAD_URL_SECONDS, contentType: IMPORT_UPLOAD_CONTENT_TYPE });
    return {
      job: publicJob(record),
      uploadUrl,
      uploadHeaders: { 'Content-Type': IMPORT_UPLOAD_CONTENT_TYPE },
      maxBytes: MAX_IMPORT_FILE_BYTES,
    };
  },

  /** POST /api/imports/{id}/check: the dry run as a job. */
  check: (id: string): Promise<Job> => queueStep(id, 'check'),
  /** POST /api/imports/{id}/run: applies the accepted lines, as a job with progress. */
  run: (id: string): Promise<Job> => queueStep(id, 'run'),
};

/** A file name as a key segment: letters, digits, dot, dash and underscore only. */
function encodeKeyPart(name: string): string {
  const folded = name.normalize('NFD').replace(/\p{M}/gu, '');
  const safe = folded.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').replace(/^\.+/, '');
  return safe || 'arquivo.csv';
}
