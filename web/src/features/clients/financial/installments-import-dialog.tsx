import * as DialogPrimitive from '@radix-ui/react-dialog';
import { IconFileTypeCsv, IconX } from '@tabler/icons-react';
import { IMPORT_COLUMNS, MAX_IMPORT_BYTES } from '@ev/shared/schemas/financial';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { localeOf } from '@/lib/i18n';
import { importInstallments, type ImportReport } from './financial-tab';

export interface InstallmentsImportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Import installments from a CSV file (`;`, UTF-8, decimal comma, dates dd/mm/aaaa, Portuguese
 * headers): choose the file, see the dry run's report (each rejected line with its reason), then
 * confirm to write the accepted lines. Importing the same file again changes nothing.
 */
export function InstallmentsImportDialog({ open, onOpenChange }: InstallmentsImportDialogProps) {
  const { t, i18n } = useTranslation('clients-financial');
  const number = new Intl.NumberFormat(localeOf(i18n.language));
  const qc = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);

  const check = useMutation({ mutationFn: (f: File) => importInstallments(f, true), onSuccess: setReport });
  const run = useMutation({
    mutationFn: (f: File) => importInstallments(f, false),
    onSuccess: (r) => {
      toast.success(t('import.done', { count: r.written }));
      void qc.invalidateQueries({ queryKey: ['clients', 'financial'] });
      close(false);
    },
  });

  function reset() {
    setFile(null);
    setFileError(null);
    setReport(null);
    check.reset();
    run.reset();
  }
  function close(next: boolean) {
    if (!next) reset();
    onOpenChange(next);
  }
  function choose(f: File | null) {
    reset();
    if (!f) return;
    if (f.size > MAX_IMPORT_BYTES) {
      setFileError(t('import.tooLarge'));
      return;
    }
    setFile(f);
    check.mutate(f);
  }

  const busy = check.isPending || run.isPending;
  const error = check.error ?? run.error;

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => !busy && close(next)}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content className="fixed start-1/2 top-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-hidden rounded-lg bg-card p-5 text-card-foreground shadow-xl outline-none rtl:translate-x-1/2">
          <div className="flex items-start justify-between gap-2">
            <div>
              <DialogPrimitive.Title className="text-lg font-semibold">{t('import.title')}</DialogPrimitive.Title>
              <DialogPrimitive.Description className="text-sm text-muted-foreground">{t('import.description')}</DialogPrimitive.Description>
            </div>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('import.close')} disabled={busy}>
                <IconX aria-hidden className="size-4" />
              </Button>
            </DialogPrimitive.Close>
          </div>

          <details className="text-xs text-muted-foreground">
            <summary className="cursor-pointer">{t('import.columns')}</summary>
            <p className="mt-1">
              {IMPORT_COLUMNS.map((c) => (c.required ? `${c.header}*` : c.header)).join('; ')}
            </p>
            <p className="mt-1">{t('import.format')}</p>
          </details>

          <div className="flex flex-wrap items-center gap-3">
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              disabled={busy}
              onChange={(e) => {
                choose(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
            />
            <Button asChild variant="outline" disabled={busy}>
              <label htmlFor={inputId} className="cursor-pointer">
                <IconFileTypeCsv aria-hidden className="size-4" />
                {file ? t('import.chooseAnother') : t('import.choose')}
              </label>
            </Button>
            {file && <span className="truncate text-sm">{file.name}</span>}
          </div>

          {fileError && <Alert variant="error">{fileError}</Alert>}
          {check.isPending && (
            <p role="status" className="text-sm text-muted-foreground">
              {t('import.checking')}
            </p>
          )}
          {error && <Alert variant="error">{apiErrorText(error, t('import.error'))}</Alert>}

          {report && (
            <div className="flex min-h-0 flex-col gap-3">
              <Alert variant={report.rejected.length ? 'warning' : 'success'}>
                {/* Each count agrees with its own noun ("1 recusada", "3 linhas lidas"): one plural per count. */}
                {t('import.summary', {
                  lines: t('import.lines', { count: report.lines, n: number.format(report.lines) }),
                  accepted: t('import.accepted', { count: report.accepted, n: number.format(report.accepted) }),
                  rejected: t('import.rejectedCount', { count: report.rejected.length, n: number.format(report.rejected.length) }),
                })}
              </Alert>
              {report.rejected.length > 0 && (
                <div className="min-h-0 overflow-auto rounded-md border" style={{ maxHeight: '40vh' }}>
                  <table className="w-full text-sm">
                    <caption className="sr-only">{t('import.rejected')}</caption>
                    <thead className="sticky top-0 bg-card">
                      <tr className="border-b text-xs text-muted-foreground">
                        <th className="w-20 px-2 py-1.5 text-start font-medium">{t('import.line')}</th>
                        <th className="px-2 py-1.5 text-start font-medium">{t('import.reason')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {report.rejected.map((r) => (
                        <tr key={r.line} className="border-b last:border-0">
                          <td className="px-2 py-1.5 tabular-nums">{number.format(r.line)}</td>
                          <td className="px-2 py-1.5">{r.reason}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </div>
          )}

          <div className="flex justify-end gap-2">
            <DialogPrimitive.Close asChild>
              <Button variant="outline" disabled={busy}>
                {t('import.cancel')}
              </Button>
            </DialogPrimitive.Close>
            <Button disabled={!file || !report || report.accepted === 0 || busy} onClick={() => file && run.mutate(file)}>
              {run.isPending ? t('import.importing') : t('import.confirm', { count: report?.accepted ?? 0 })}
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
