import { JobsSaid, JobsTexts, MAX_IMPORT_FILE_BYTES, MAX_REJECTED_SHOWN, type ImportResult, type RejectedLine } from '@ev/shared/schemas/jobs';
import { reasonOf, type Said } from '@ev/shared/texts';
import { z } from 'zod';
import { timestamp } from '../clock';
import { decodeCsv, matchHeaders, parseCsv } from '../csv';
import { JobStatuses, ProgressReporter, progressStep } from '../jobs/index';
import { JobFailure, JobStepPayload, runJobStep } from '../jobs/step';
import { Logs } from '../logs';
import { Ports } from '../ports';
import { parseInput } from '../validation';
import { DEFAULT_IMPORT_BATCH, Imports, type ImportContext, type ImportDefinition, type ImportLine, type ImportPayload, type LineReason } from './index';

/** A line's reason as the report carries it: the Portuguese text and each part's key (docs/texts.md). */
export function rejectedLine(line: number, reason: LineReason): RejectedLine {
  const parts: readonly (Said | string)[] = typeof reason === 'string' ? [reason] : 'key' in reason ? [reason as Said] : (reason as readonly Said[]);
  return { line, ...reasonOf(parts) };
}

/**
 * The `imports.check` and `imports.run` jobs: read the uploaded file, check every line, and (run)
 * apply the accepted ones in batches. Both read and check the file the same way, so the run
 * applies exactly what the dry run accepted (for an unchanged file and unchanged registries).
 */

const Payload = JobStepPayload.extend({ name: z.string().min(1).max(100) });

/** The whole file is refused (the job fails with this Portuguese message). */
export class ImportFileError extends JobFailure {}

interface Checked {
  lines: number;
  accepted: { line: number; value: unknown }[];
  rejected: RejectedLine[];
}

/** Reads and checks the file; reports progress over the lines checked. */
export async function checkFile(def: ImportDefinition, body: Uint8Array, ctx: ImportContext, progress: (processed: number, total: number) => Promise<void>): Promise<Checked> {
  if (body.byteLength > MAX_IMPORT_FILE_BYTES) throw new ImportFileError(JobsSaid.fileTooLarge());
  const decoded = decodeCsv(body, { fallback1252: true })!;
  const maxLines = Imports.maxLines(def);
  const parsed = parseCsv(decoded.text, { delimiter: 'auto', maxRows: maxLines + 1 });
  if (parsed.tooMany) throw new ImportFileError(JobsSaid.tooManyLines(maxLines));
  const [head, ...data] = parsed.rows;
  if (!head || data.length === 0) throw new ImportFileError(JobsTexts.fileEmpty());
  const { index, missing } = matchHeaders(head.cells, def.columns);
  if (missing.length) throw new ImportFileError(JobsSaid.missingColumns(missing));

  const rejected: RejectedLine[] = [];
  const accepted: { line: number; value: unknown }[] = [];
  const total = data.length;
  let processed = 0;
  for (const row of data) {
    processed++;
    if (row.error) {
      rejected.push(rejectedLine(row.line, JobsTexts.malformedLine()));
    } else {
      const cells: Record<string, string> = {};
      for (const c of def.columns) {
        const i = index.get(c.key);
        cells[c.key] = i === undefined ? '' : (row.cells[i] ?? '').trim();
      }
      const empty = def.columns.filter((c) => c.required && !cells[c.key]).map((c) => c.header);
      if (empty.length) {
        rejected.push(rejectedLine(row.line, JobsSaid.missingValues(empty)));
      } else {
        const line: ImportLine = { number: row.line, cells };
        const res = await def.check(line, ctx);
        if (res.error !== undefined) rejected.push(rejectedLine(row.line, res.error));
        else accepted.push({ line: row.line, value: res.value });
      }
    }
    await progress(processed, total);
  }
  if (def.fileCheck && accepted.length) {
    const problems = await def.fileCheck(accepted, ctx);
    if (problems.length) {
      const byLine = new Map<number, LineReason>();
      for (const p of problems) if (!byLine.has(p.line)) byLine.set(p.line, p.error);
      for (const [line, reason] of byLine) rejected.push(rejectedLine(line, reason));
      const keep = accepted.filter((a) => !byLine.has(a.line));
      accepted.length = 0;
      accepted.push(...keep);
    }
  }
  rejected.sort((a, b) => a.line - b.line);
  return { lines: total, accepted, rejected };
}

function result(checked: Checked, extra: Partial<ImportResult> = {}, late: RejectedLine[] = []): ImportResult {
  const rejected = [...checked.rejected, ...late].sort((a, b) => a.line - b.line);
  return {
    lines: checked.lines,
    accepted: checked.accepted.length - late.length,
    rejectedCount: rejected.length,
    rejected: rejected.slice(0, MAX_REJECTED_SHOWN).map((r) => ({ line: r.line, reason: r.reason.slice(0, 500), ...(r.texts ? { texts: r.texts.slice(0, 20) } : {}) })),
    ...extra,
  };
}

export async function processImport(raw: unknown, mode: 'check' | 'run'): Promise<void> {
  const p: ImportPayload = parseInput(Payload, raw);
  const { jobId, step, userId } = p;
  await runJobStep(p, { message: JobsTexts.importFailed(), log: 'import failed', fields: { name: p.name, mode } }, async (base, record) => {
    const def = Imports.definition(p.name);
    const file = record.fileKey ? await Ports.files().get(record.fileKey) : undefined;
    if (!file) throw new ImportFileError(JobsTexts.notUploaded());
    await JobStatuses.update(userId, jobId, { status: 'running', processed: 0 }, { step });
    const ctx: ImportContext = { ...base, mode, prepared: undefined };
    ctx.prepared = def.prepare ? await def.prepare(ctx as ImportContext<undefined>) : undefined;

    // The check's progress is the lines read; a run's is the accepted lines applied.
    let reporter: ProgressReporter | undefined;
    const checked = await checkFile(def, file.body, ctx, async (processed, total) => {
      if (mode !== 'check') return;
      if (!reporter) {
        await JobStatuses.update(userId, jobId, { total }, { step });
        reporter = new ProgressReporter((n) => JobStatuses.update(userId, jobId, { processed: n }, { step }), progressStep(total));
      }
      await reporter.report(processed);
    });
    if (mode === 'check') {
      await JobStatuses.update(userId, jobId, { status: 'done', processed: checked.lines, total: checked.lines, result: result(checked), finishedAt: timestamp() }, { step });
      return;
    }

    const total = checked.accepted.length;
    await JobStatuses.update(userId, jobId, { processed: 0, total }, { step });
    const progress = new ProgressReporter((n) => JobStatuses.update(userId, jobId, { processed: n }, { step }), progressStep(total));
    const size = Math.max(1, def.batchSize ?? DEFAULT_IMPORT_BATCH);
    const counts = { created: 0, updated: 0, unchanged: 0 };
    const late: RejectedLine[] = [];
    for (let i = 0; i < total; i += size) {
      const batch = checked.accepted.slice(i, i + size);
      const out = await def.apply(
        batch.map((b) => b.value),
        ctx,
        batch.map((b) => b.line),
      );
      if (out) {
        counts.created += out.created ?? 0;
        counts.updated += out.updated ?? 0;
        counts.unchanged += out.unchanged ?? 0;
        late.push(...(out.rejected ?? []).map((r) => rejectedLine(r.line, r.reason)));
      }
      await progress.report(Math.min(total, i + size));
    }
    Logs.audit('imports.run', { import: def.name, lines: checked.lines, accepted: total - late.length, rejected: checked.rejected.length + late.length, ...counts });
    await JobStatuses.update(userId, jobId, { status: 'done', processed: total, total, result: result(checked, counts, late), finishedAt: timestamp() }, { step });
  });
}
