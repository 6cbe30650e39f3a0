import { fileStamp, zonedDateTime } from '@ev/shared/calendar';
import { EXPORT_FORMATS, JobsSaid, JobsTexts, MAX_EXPORT_PDF_ROWS } from '@ev/shared/schemas/jobs';
import { z } from 'zod';
import { timestamp } from '../clock';
import { CSV_BOM, CSV_CONTENT_TYPE, CsvBuilder } from '../csv';
import { JobStatuses, ProgressReporter, progressStep, safeFileName } from '../jobs/index';
import { JobFailure, JobStepPayload, runJobStep } from '../jobs/step';
import { Ports } from '../ports';
import { parseInput } from '../validation';
import { Exports, parseExportQuery, type ExportContext, type ExportPayload } from './index';
import type { renderPdf as pdfWriter } from './pdf';

/**
 * The body of the `exports.run` job: reads the declared export's rows under the user's actor,
 * writes the CSV, text or PDF through the file port, and keeps the job status up to date. It does
 * not import the PDF writer (only its type): the job (./run.ts) hands it `renderPdf`, and the API,
 * which answers a few records' CSV or text at once (`Exports.start`, docs/jobs.md "At once"), runs
 * it without one.
 */

/** The PDF writer (./pdf.ts), given by the jobs consumer; the API has none. */
export type PdfRenderer = typeof pdfWriter;

const Payload = JobStepPayload.extend({
  name: z.string().min(1).max(100),
  format: z.enum(EXPORT_FORMATS),
  query: z.unknown(),
});

class ExportFailure extends JobFailure {}

/** A text export's file: UTF-8 with a byte-order mark and CRLF line ends, as the CSV (Windows' Notepad reads the accents). */
const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';
const textFile = (text: string) => CSV_BOM + text.replace(/\r?\n/g, '\r\n');

export async function writeExport(raw: unknown, writePdf?: PdfRenderer): Promise<void> {
  const renderPdf: PdfRenderer = (input) => {
    if (!writePdf) throw new Error('a PDF export was run without the PDF writer');
    return writePdf(input);
  };
  const p: ExportPayload = parseInput(Payload, raw);
  const { jobId, step, userId } = p;
  await runJobStep(p, { message: JobsTexts.exportFailed(), log: 'export failed', fields: { name: p.name, format: p.format } }, async (base) => {
    const def = Exports.definition(p.name);
    const ctx: ExportContext = { ...base, format: p.format };
    const query = parseExportQuery(def, p.query);
    const fileOf = () => {
      const stamp = fileStamp(ctx.startedAt, ctx.company.timezone, def.stamp ?? 'minute');
      const stem = safeFileName(`${def.fileName?.(query, ctx) ?? def.name}-${stamp}`);
      const fileName = `${stem}.${p.format}`;
      return { fileName, fileKey: `exports/${ctx.company.id}/${jobId}/${fileName}` };
    };

    // A declaration's own document (PDF) or text: it reads its records and reports its progress.
    const own = p.format === 'pdf' ? def.document : p.format === 'txt' ? def.text : undefined;
    if (p.format === 'txt' && !own) throw new ExportFailure(JobsTexts.formatUnavailable());
    if (own) {
      const total = (await def.total?.(query, ctx)) ?? null;
      await JobStatuses.update(userId, jobId, { status: 'running', processed: 0, total }, { step });
      const progress = new ProgressReporter((processed) => JobStatuses.update(userId, jobId, { processed }, { step }), progressStep(total));
      const report = (processed: number) => progress.report(processed);
      const { fileName, fileKey } = fileOf();
      let count: number;
      if (p.format === 'txt') {
        const out = await def.text!(query, ctx, report);
        count = out.count;
        await Ports.files().put(fileKey, textFile(out.text), TEXT_CONTENT_TYPE);
      } else {
        const document = await def.document!(query, ctx, report);
        count = document.count;
        const pdf = await renderPdf({ title: def.title, companyName: ctx.company.name, generatedAt: zonedDateTime(ctx.startedAt, ctx.company.timezone), document });
        await Ports.files().put(fileKey, pdf, 'application/pdf');
      }
      await JobStatuses.update(userId, jobId, { status: 'done', processed: count, total: count, fileName, fileKey, finishedAt: timestamp() }, { step });
      return;
    }

    const columns = await def.columns(query, ctx);
    const total = (await def.total?.(query, ctx)) ?? null;
    const max = Math.min(Exports.maxRows(def), p.format === 'pdf' ? MAX_EXPORT_PDF_ROWS : Number.POSITIVE_INFINITY);
    if (total !== null && total > max) throw new ExportFailure(p.format === 'pdf' && total <= Exports.maxRows(def) ? JobsSaid.pdfTooLarge() : JobsSaid.exportTooLarge());
    await JobStatuses.update(userId, jobId, { status: 'running', processed: 0, total }, { step });
    const progress = new ProgressReporter((processed) => JobStatuses.update(userId, jobId, { processed }, { step }), progressStep(total));

    const keys = columns.map((c) => c.key);
    const csv = p.format === 'csv' ? new CsvBuilder(columns.map((c) => c.header)) : null;
    const pdfRows: string[][] = [];
    let processed = 0;
    for await (const page of def.rows(query, ctx)) {
      const cells = page.map((row) => keys.map((k) => row[k] ?? ''));
      processed += cells.length;
      if (processed > max) throw new ExportFailure(p.format === 'pdf' && processed <= Exports.maxRows(def) ? JobsSaid.pdfTooLarge() : JobsSaid.exportTooLarge());
      if (csv) csv.add(cells);
      else pdfRows.push(...cells);
      await progress.report(processed);
    }

    const { fileName, fileKey } = fileOf();
    if (csv) await Ports.files().put(fileKey, csv.toString(), CSV_CONTENT_TYPE);
    else {
      const filters = (await def.filters?.(query, ctx)) ?? [];
      const pdf = await renderPdf({
        title: def.title,
        companyName: ctx.company.name,
        generatedAt: zonedDateTime(ctx.startedAt, ctx.company.timezone),
        filters,
        columns,
        rows: pdfRows,
      });
      await Ports.files().put(fileKey, pdf, 'application/pdf');
    }
    await JobStatuses.update(userId, jobId, { status: 'done', processed, total: processed, fileName, fileKey, finishedAt: timestamp() }, { step });
  });
}
