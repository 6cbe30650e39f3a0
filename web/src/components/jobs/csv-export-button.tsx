import { IconFileSpreadsheet, IconFileTypePdf, IconLoader2 } from '@tabler/icons-react';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { jobErrorText } from './job-error-text';
import { JobProgress } from './job-progress';
import { JobFailedError, useExport } from './start-export';

export interface CsvExportButtonProps {
  /** The export's name (POST /api/exports/{name}). */
  name: string;
  /** The filters of what is on screen, as the export's query takes them. */
  query: Record<string, unknown>;
  /** The file: CSV (default) or PDF, for an export that makes both. */
  format?: 'csv' | 'pdf';
  disabled?: boolean;
  texts: { label: string; started: string; failed: string };
  testId?: string;
}

/** A list's CSV (or PDF) export: a job with its progress, then the download (docs/jobs.md); a failure says why. */
export function CsvExportButton({ name, query, format = 'csv', disabled, texts, testId }: CsvExportButtonProps) {
  const { start, job, running, error } = useExport(name);
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="outline" onClick={() => start(format, query)} disabled={disabled || running}>
        {running ? <IconLoader2 aria-hidden className="animate-spin" /> : format === 'pdf' ? <IconFileTypePdf aria-hidden /> : <IconFileSpreadsheet aria-hidden />}
        {texts.label}
      </Button>
      {running && (
        <div role="status" className="w-48" data-testid={testId}>
          {job ? <JobProgress job={job} label={texts.label} /> : <p className="text-xs text-muted-foreground">{texts.started}</p>}
        </div>
      )}
      {error && (
        <p role="alert" className="max-w-xs text-end text-xs text-destructive">
          {error instanceof JobFailedError ? jobErrorText(error) : apiErrorText(error, texts.failed)}
        </p>
      )}
    </div>
  );
}
