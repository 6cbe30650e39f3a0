/**
 * Background jobs in the web (docs/jobs.md): exports (`startExport`, `useExport`, `downloadJob`,
 * `useShareExport`), imports (`ImportButton`, `ImportDialog`), and the pieces (`useJob`, `JobProgress`, `jobErrorText`).
 */
export { CsvExportButton, type CsvExportButtonProps } from './csv-export-button';
export { ImportButton, type ImportButtonProps } from './import-button';
export { ImportDialog, type ImportDialogProps } from './import-dialog';
export { jobErrorText, jobFailureText, rejectedReasonText } from './job-error-text';
export { JobProgress, type JobProgressProps } from './job-progress';
export { isActive, JobsApi, uploadFile, waitForJob, type ExportFormat, type Job } from './jobs-api';
export { ShareFailedError, useShareExport, type ShareData } from './share-export';
export { downloadJob, JobFailedError, jobFile, ShareUnsupportedError, startExport, useExport, type ExportOptions } from './start-export';
export { useJob } from './use-job';
