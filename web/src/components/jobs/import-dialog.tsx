import { IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Job } from '@ev/shared/schemas/jobs';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CompactTable } from '@/components/ui/compact-table';
import { Dialog, DialogClose, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { localeOf } from '@/lib/i18n';
import { jobErrorText, jobFailureText, rejectedReasonText } from './job-error-text';
import { JobProgress } from './job-progress';
import { isActive, jobKey, JobsApi, uploadFile } from './jobs-api';
import { useJob } from './use-job';

export interface ImportDialogProps {
  /** The declared import (`defineImport({ name })`): POST /api/imports/{name}. */
  name: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The dialog's title (default: the declaration's title). */
  title?: string;
  /** After a run finished: refresh the lists the import changed. */
  onDone?(job: Job): void;
  /** The confirm button's text for `count` accepted lines (default "Importar N linhas"): "Importar 2 parcelas". */
  confirmLabel?(count: number): string;
}

/**
 * A CSV import in steps: choose the file → it goes to the file store through a signed URL → the
 * dry run lists every rejected line by number with its reason, and the counts → confirm → the
 * import runs with progress → done. Reads UTF-8 or Windows-1252, `;` or `,`. Keyboard: Radix
 * Dialog (focus trapped, Escape closes when nothing is running); fits 375 px.
 */
export function ImportDialog({ name, open, onOpenChange, title, onDone, confirmLabel }: ImportDialogProps) {
  // Not suspending while the texts load: a suspended page would hide the button that opened the
  // dialog (a flash, and the focus lost); the dialog shows once its texts are there.
  const { t, i18n, ready } = useTranslation('jobs', { useSuspense: false });
  const number = new Intl.NumberFormat(localeOf(i18n.language));
  const qc = useQueryClient();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);

  const info = useQuery({ queryKey: ['imports', name], queryFn: () => JobsApi.importInfo(name), enabled: open, staleTime: 5 * 60_000 });
  const { data: job } = useJob(jobId);

  const seed = (j: Job) => qc.setQueryData(jobKey(j.id), j);
  const upload = useMutation({
    mutationFn: async (f: File) => {
      const started = await JobsApi.startImport(name, f);
      await uploadFile(started, f);
      const checking = await JobsApi.check(started.job.id);
      seed(checking);
      return checking;
    },
    onSuccess: (j) => setJobId(j.id),
  });
  const run = useMutation({
    mutationFn: (id: string) => JobsApi.run(id),
    onSuccess: (j) => seed(j),
  });

  const phase = job?.phase ?? null;
  const checking = upload.isPending || (phase === 'check' && isActive(job));
  const running = run.isPending || (phase === 'run' && isActive(job));
  const busy = checking || running;
  const checked = phase === 'check' && job?.status === 'done' ? job.result : null;
  const finished = phase === 'run' && job?.status === 'done' ? job : null;
  const failed = job?.status === 'failed' ? job : null;
  const error = upload.error ?? run.error;

  // Once per finished run: the caller refreshes what the import changed.
  const doneRef = useRef(onDone);
  useEffect(() => {
    doneRef.current = onDone;
  });
  const finishedKey = finished ? `${finished.id}@${finished.finishedAt}` : null;
  useEffect(() => {
    if (finishedKey && finished) doneRef.current?.(finished);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finishedKey]);

  // A step ended while its control was disabled (the focus fell to the dialog itself): the focus goes
  // to the next step's control (confirm, choose another file, or close), never lost.
  const stepKey = finished ? `done:${finishedKey}` : checked ? `checked:${jobId}` : failed || error ? `problem:${jobId}` : null;
  useEffect(() => {
    const content = contentRef.current;
    if (!stepKey || !content) return;
    const active = document.activeElement;
    if (active && active !== content && active !== document.body && content.contains(active)) return;
    content.querySelector<HTMLElement>('[data-focus-next]:not(:disabled)')?.focus();
  }, [stepKey]);

  function reset() {
    setFile(null);
    setFileError(null);
    setJobId(null);
    upload.reset();
    run.reset();
  }
  function close(next: boolean) {
    if (!next) reset();
    onOpenChange(next);
  }
  function choose(f: File | null) {
    reset();
    if (!f) return;
    const maxBytes = info.data?.maxBytes ?? 20 * 1024 * 1024;
    if (f.size === 0) return setFileError(t('import.empty'));
    if (f.size > maxBytes) return setFileError(t('import.tooLarge', { mb: Math.round(maxBytes / 1024 / 1024) }));
    setFile(f);
    upload.mutate(f);
  }

  const result = finished?.result ?? checked;
  const heading = title ?? info.data?.title ?? t('import.title');

  if (!ready) return null;
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && close(next)}>
      <DialogContent
        ref={contentRef}
        aria-busy={busy}
        returnFocus
        className="max-h-[90vh] w-[calc(100%-1.5rem)] max-w-2xl gap-4 overflow-hidden p-4 sm:p-5"
      >
        <DialogHeader title={heading} description={t('import.description')} closeLabel={t('import.close')} closeDisabled={busy} />

        {info.data && (
          <details className="text-xs text-muted-foreground">
            <summary className="cursor-pointer">{t('import.columns')}</summary>
            <p className="mt-1 break-words">{info.data.columns.map((c) => (c.required ? `${c.header}*` : c.header)).join('; ')}</p>
            <p className="mt-1">{t('import.format', { mb: Math.round(info.data.maxBytes / 1024 / 1024), lines: number.format(info.data.maxLines) })}</p>
          </details>
        )}

        {!finished && (
          <div className="flex flex-wrap items-center gap-3">
            {/* A real button opens the hidden file input: focusable and visible to the keyboard. */}
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept=".csv,text/csv,.txt"
              className="hidden"
              tabIndex={-1}
              aria-hidden
              disabled={busy}
              onChange={(e) => {
                choose(e.target.files?.[0] ?? null);
                e.target.value = '';
              }}
            />
            <Button variant="outline" disabled={busy} data-focus-next={checked && checked.accepted > 0 ? undefined : ''} onClick={() => inputRef.current?.click()}>
              <IconFileTypeCsv aria-hidden className="size-4" />
              {file ? t('import.chooseAnother') : t('import.choose')}
            </Button>
            {file && <span className="min-w-0 truncate text-sm">{file.name}</span>}
          </div>
        )}

        {fileError && <Alert variant="error">{fileError}</Alert>}
        {upload.isPending && !jobId && (
          <p role="status" className="text-sm text-muted-foreground">
            {t('import.uploading')}
          </p>
        )}
        {job && isActive(job) && (
          <div role="status" className="flex flex-col gap-1 text-sm">
            <span>{phase === 'run' ? t('import.importing') : t('import.checking')}</span>
            <JobProgress job={job} label={phase === 'run' ? t('import.importing') : t('import.checking')} />
          </div>
        )}
        {error && <Alert variant="error">{jobErrorText(error)}</Alert>}
        {failed && <Alert variant="error">{jobFailureText(failed, t('errors.failed'))}</Alert>}

        {result && (
          <div className="flex min-h-0 flex-col gap-3">
            <Alert variant={finished ? 'success' : result.rejectedCount ? 'warning' : 'success'}>
              {finished
                ? t('import.doneSummary', {
                    created: number.format(result.created ?? 0),
                    updated: number.format(result.updated ?? 0),
                    unchanged: number.format(result.unchanged ?? 0),
                    rejected: t('import.rejectedCount', { count: result.rejectedCount, n: number.format(result.rejectedCount) }),
                  })
                : t('import.summary', {
                    lines: t('import.lines', { count: result.lines, n: number.format(result.lines) }),
                    accepted: t('import.accepted', { count: result.accepted, n: number.format(result.accepted) }),
                    rejected: t('import.rejectedCount', { count: result.rejectedCount, n: number.format(result.rejectedCount) }),
                  })}
            </Alert>
            {result.rejected.length > 0 && (
              <CompactTable
                caption={t('import.rejected')}
                className="max-h-[40vh]"
                rows={result.rejected}
                rowKey={(r) => r.line}
                columns={[
                  { header: t('import.line'), headerClassName: 'w-16', className: 'align-top tabular-nums', cell: (r) => number.format(r.line) },
                  { header: t('import.reason'), className: 'break-words', cell: (r) => rejectedReasonText(r) },
                ]}
              />
            )}
            {result.rejectedCount > result.rejected.length && (
              <p className="text-xs text-muted-foreground">{t('import.moreRejected', { shown: number.format(result.rejected.length), total: number.format(result.rejectedCount) })}</p>
            )}
          </div>
        )}

        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline" disabled={busy} data-focus-next={finished ? '' : undefined}>
              {finished ? t('import.close') : t('import.cancel')}
            </Button>
          </DialogClose>
          {!finished && (
            <Button disabled={!jobId || !checked || checked.accepted === 0 || busy} data-focus-next={checked && checked.accepted > 0 ? '' : undefined} onClick={() => jobId && run.mutate(jobId)}>
              {running
                ? t('import.importing')
                : (confirmLabel?.(checked?.accepted ?? 0) ?? t('import.confirm', { count: checked?.accepted ?? 0, n: number.format(checked?.accepted ?? 0) }))}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
