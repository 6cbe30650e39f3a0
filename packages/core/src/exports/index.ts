import type { Action, Subject } from '@ev/shared/permissions';
import { textOnly } from '@ev/shared/texts';
import { ExportBody, JobsTexts, MAX_EXPORT_FILE_ROWS, type ExportFormat, type Job } from '@ev/shared/schemas/jobs';
import type { Content } from 'pdfmake/interfaces';
import type { z } from 'zod';
import { timestamp } from '../clock';
import { authorize, currentUserActor } from '../context';
import { DomainError, fieldError } from '../errors';
import type { JobContext } from '../jobs/context';
import { JobStatuses, publicJob } from '../jobs/index';
import { Ports } from '../ports';
import { parseInput } from '../validation';

/**
 * The export engine (docs/jobs.md). A module declares an export once with `defineExport`; the
 * engine serves POST /api/exports/{name}, runs the job (`exports.run`, family `exports`) under the
 * user's actor and writes the CSV or PDF through the file port.
 *
 * This file must not import the PDF writer (pdfmake stays out of the API bundle): the job handler
 * lives in ./run.ts, imported only by the jobs entry and the local runtime.
 */

export const EXPORT_JOB = 'exports.run';

export interface ExportColumn {
  /** The key of the cell in each row. */
  key: string;
  /** The column's title in the file (Portuguese). */
  header: string;
  /** Numbers right. Default left. */
  align?: 'left' | 'right' | 'center';
  /** PDF column width: points, '*' (share the rest) or 'auto' (fit the content). Default 'auto'. */
  width?: number | '*' | 'auto';
}

/** A filter as the PDF shows it under the title: "Grupos: Bebidas, Limpeza". */
export interface ExportFilter {
  label: string;
  value: string;
}

export interface ExportContext extends JobContext {
  format: ExportFormat;
}

/** A declaration's own progress: the records processed so far (of `total`, when the declaration gives one). */
export type ExportProgress = (processed: number) => Promise<void>;

/**
 * A PDF laid out by its declaration (a sale's pages, a form) instead of the engine's table:
 * pdfmake content, built from pdfmake's types only (no pdfmake import in a declaration: it is in the
 * API bundle). The engine renders it (A4, the fonts, a footer with the title, the date and the page
 * numbers). `count`: the records it holds (the job's processed/total).
 */
export interface ExportDocument {
  content: Content[];
  count: number;
  /** Default portrait (the table's PDF is landscape). */
  orientation?: 'portrait' | 'landscape';
}

/** A plain-text file (`format: 'txt'`): lines joined by '\n' (the engine writes UTF-8 with BOM, CRLF). */
export interface ExportText {
  text: string;
  count: number;
}

export interface ExportDefinition<Q extends z.ZodType = z.ZodType> {
  /** URL name: POST /api/exports/{name}. Lower-case words and dashes. */
  name: string;
  /** The user needs `action` on `subject` to export (checked at the request and again in the job). */
  subject: Subject;
  action: Action;
  /** The document's title (PDF heading, job list): "Tabela de preços". */
  title: string;
  /** The filters, validated at the request (400 with each field) and parsed again in the job. */
  query: Q;
  columns(query: z.output<Q>, ctx: ExportContext): ExportColumn[] | Promise<ExportColumn[]>;
  /** The rows, a page at a time, each cell already formatted as text (decimal comma, dates...). */
  rows(query: z.output<Q>, ctx: ExportContext): AsyncIterable<Record<string, string>[]>;
  /** The number of rows, when cheap to know up front (progress shows processed/total). */
  total?(query: z.output<Q>, ctx: ExportContext): number | null | Promise<number | null>;
  /** The filters in words for the PDF. */
  filters?(query: z.output<Q>, ctx: ExportContext): ExportFilter[] | Promise<ExportFilter[]>;
  /** The file name without extension (default: the name); the date and time are appended. */
  fileName?(query: z.output<Q>, ctx: ExportContext): string;
  /** What the file name's stamp holds: the date and time (default, `yyyy-MM-dd-HHmm`) or the date (`yyyy-MM-dd`). */
  stamp?: 'minute' | 'day';
  /** Rows at most (default MAX_EXPORT_FILE_ROWS). */
  maxRows?: number;
  /**
   * The PDF as a document of its own (docs/jobs.md "A document instead of the table"): with it,
   * `format: 'pdf'` renders what this returns, and `columns`/`rows` serve the CSV alone.
   */
  document?(query: z.output<Q>, ctx: ExportContext, progress: ExportProgress): Promise<ExportDocument>;
  /** The plain-text form (`format: 'txt'`); an export without it refuses that format (400 on `format`). */
  text?(query: z.output<Q>, ctx: ExportContext, progress: ExportProgress): Promise<ExportText>;
  /**
   * The few that answer at once (docs/jobs.md "At once"): a CSV or text export whose query this
   * accepts runs in the request itself, and the answer is its job already done (or failed). A PDF
   * always goes through the queue: pdfmake is in the exports consumer alone.
   */
  atOnce?(query: z.output<Q>): boolean;
}

/** What the job carries: who, which export, the request's (validated) query as sent. */
export interface ExportPayload {
  jobId: string;
  step: string;
  userId: string;
  branchId: string | null;
  name: string;
  format: ExportFormat;
  query: unknown;
}

const registry = new Map<string, ExportDefinition>();

/**
 * Declares an export (checks its name; types its query). It is served once listed in
 * packages/core/src/wiring/catalogue.ts (`EXPORTS`), the list the API and the jobs consumer register.
 */
export function defineExport<Q extends z.ZodType>(def: ExportDefinition<Q>): ExportDefinition<Q> {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(def.name)) throw new Error(`Export name "${def.name}" must be lower-case words joined by dashes`);
  return def;
}

/** Registers declarations (the catalogue's list; a test's own): the same one again is a no-op, another under a taken name throws. */
export function registerExports(defs: readonly ExportDefinition[]): void {
  for (const def of defs) {
    const existing = registry.get(def.name);
    if (existing && existing !== def) throw new Error(`Export ${def.name} is already defined`);
    registry.set(def.name, def);
  }
}

function definition(name: string): ExportDefinition {
  const def = registry.get(name);
  if (!def) throw new DomainError('not_found', JobsTexts.exportNotFound(), 'not_found');
  return def;
}

/** The declaration's query, with each field error under `query.<field>`. */
export function parseExportQuery(def: ExportDefinition, query: unknown): unknown {
  try {
    return parseInput(def.query, query ?? {});
  } catch (e) {
    if (e instanceof DomainError && e.extra.fields) {
      const fields = e.extra.fields.map((f) => ({ field: f.field === 'body' ? 'query' : `query.${f.field}`, message: f.message }));
      throw new DomainError(e.code, e.message, e.kind, { fields });
    }
    throw e;
  }
}

export const Exports = {
  get: (name: string): ExportDefinition | undefined => registry.get(name),
  definition,
  names: (): string[] => [...registry.keys()].sort(),
  maxRows: (def: ExportDefinition) => def.maxRows ?? MAX_EXPORT_FILE_ROWS,

  /**
   * POST /api/exports/{name}: checks the permission and the query, records the job (queued) and
   * sends it to the queue. The answer is the job, which the web polls. With `run` (the job's body
   * without the PDF writer, ./write.ts, which the API hands in), a CSV or text the declaration's
   * `atOnce` accepts is written in the request instead, and the job answered finished.
   */
  async start(name: string, input: unknown, opts: { run?: (payload: ExportPayload) => Promise<void> } = {}): Promise<Job> {
    const def = definition(name);
    const actor = currentUserActor();
    authorize(def.action, def.subject);
    const body = parseInput(ExportBody, input);
    if (body.format === 'txt' && !def.text) throw new DomainError('validation', JobsTexts.formatUnavailable(), 'validation', { fields: [fieldError('format', JobsTexts.formatUnavailable())] });
    const query = parseExportQuery(def, body.query);
    const step = 'export';
    const record = await JobStatuses.create({
      kind: 'export',
      name: def.name,
      title: def.title,
      subject: def.subject,
      action: def.action,
      format: body.format,
      status: 'queued',
      step,
    });
    const payload: ExportPayload = {
      jobId: record.id,
      step,
      userId: actor.userId,
      branchId: actor.branchId ?? null,
      name: def.name,
      format: body.format,
      query: body.query,
    };
    if (opts.run && body.format !== 'pdf' && def.atOnce?.(query)) {
      await opts.run(payload);
      return publicJob((await JobStatuses.find(record.id, actor.userId)) ?? record);
    }
    try {
      await Ports.queue().send({ type: EXPORT_JOB, tenantId: actor.tenantId, idempotencyKey: `export:${record.id}`, payload });
    } catch (e) {
      // Not queued: the job would wait forever; it says so instead.
      await JobStatuses.update(actor.userId, record.id, { status: 'failed', error: JobsTexts.exportFailed().message, errorText: textOnly(JobsTexts.exportFailed()), finishedAt: timestamp() });
      throw e;
    }
    return publicJob(record);
  },
};
