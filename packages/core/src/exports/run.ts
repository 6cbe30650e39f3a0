import { renderPdf } from './pdf';
import { writeExport } from './write';

/**
 * The `exports.run` job (docs/jobs.md): ./write.ts with the PDF writer. Imports pdfmake, so only
 * the jobs consumer and the local runtime load this module.
 */
export const runExport = (raw: unknown): Promise<void> => writeExport(raw, renderPdf);
