/**
 * Every declared export and import (defineExport / defineImport) is registered when its module is
 * loaded: this file loads them all. The API routes (functions/src/routes/exports.ts, imports.ts)
 * and the jobs consumer (packages/core/src/jobs/worker.ts) import it, so both know the same
 * declarations. A module adds ONE line here: `import '../<module>/exports';`.
 *
 * Declaration modules must not import pdfmake (or ../exports/pdf): this file is in the API bundle.
 */
export {};
import '../prices/exports';
import '../inventory/exports';
import '../inventory/import';
import '../products/import';
import '../prices/imports';
