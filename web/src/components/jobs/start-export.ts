import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { downloadUrl } from '@/lib/save-file';
import { isActive, JobsApi, waitForJob, type ExportFormat, type Job } from './jobs-api';

/** An export that ended without a file: `job.error` says why (in Portuguese, from the server). */
export class JobFailedError extends Error {
  constructor(readonly job: Job) {
    super(job.error ?? 'job failed');
    this.name = 'JobFailedError';
  }
}

/** The browser's share sheet is missing, or cannot take files (spec section 8's export messages). */
export class ShareUnsupportedError extends Error {
  constructor(readonly what: 'share' | 'files') {
    super(what === 'share' ? 'share not supported' : 'file sharing not supported');
    this.name = 'ShareUnsupportedError';
  }
}

/** Saves the file of a finished export: the browser fetches the signed URL itself (an attachment). */
export async function downloadJob(job: Pick<Job, 'id'>): Promise<void> {
  const { url, fileName } = await JobsApi.download(job.id);
  downloadUrl(url, fileName);
}

export interface ExportOptions {
  /** Each poll's answer (progress). */
  onUpdate?(job: Job): void;
  signal?: AbortSignal;
  /** Download when done (default true); false to share or show a link instead. */
  download?: boolean;
}

/**
 * Starts an export, waits for its job (polling) and downloads the file. Resolves with the done job;
 * rejects with JobFailedError (the job's Portuguese reason) or the API error. A few records' CSV or
 * text come back finished (docs/jobs.md "At once"): no polling then.
 */
export async function startExport(name: string, format: ExportFormat, query: Record<string, unknown> = {}, opts: ExportOptions = {}): Promise<Job> {
  const started = await JobsApi.startExport(name, format, query);
  opts.onUpdate?.(started);
  const job = isActive(started) ? await waitForJob(started.id, { onUpdate: opts.onUpdate, signal: opts.signal }) : started;
  if (job.status !== 'done') throw new JobFailedError(job);
  if (opts.download !== false) await downloadJob(job);
  return job;
}

/** A finished export's file, fetched from its signed link (to hand to the share sheet). */
export async function jobFile(job: Pick<Job, 'id'>, type: string): Promise<File> {
  const { url, fileName } = await JobsApi.download(job.id);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`download failed with ${res.status}`);
  const blob = await res.blob();
  return new File([blob], fileName, { type: blob.type || type });
}

/**
 * An export button's state: `start(format, query)` runs startExport; `job` is the latest status
 * (for <JobProgress>), `error` the failure. One export at a time per hook; unmounting cancels it.
 */
export function useExport(name: string) {
  const [job, setJob] = useState<Job | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Leaving the page stops the polling (and the download it would start).
  useEffect(() => () => abort.current?.abort(), []);
  const mutation = useMutation({
    mutationFn: ({ format, query, download }: { format: ExportFormat; query?: Record<string, unknown>; download?: boolean }) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setJob(null);
      return startExport(name, format, query ?? {}, { onUpdate: setJob, signal: controller.signal, download });
    },
  });
  return {
    /** Starts the export; its failure lands in `error` (never thrown). */
    start: (format: ExportFormat, query?: Record<string, unknown>, options: { download?: boolean; onDone?(job: Job): void } = {}) =>
      mutation.mutate({ format, query, download: options.download }, { onSuccess: (done) => options.onDone?.(done) }),
    /** The same, as a promise that rejects on failure (share flows that go on with the file). */
    startAsync: (format: ExportFormat, query?: Record<string, unknown>, options: { download?: boolean } = {}) => mutation.mutateAsync({ format, query, download: options.download }),
    job,
    running: mutation.isPending,
    error: mutation.error,
    reset: () => {
      abort.current?.abort();
      setJob(null);
      mutation.reset();
    },
  };
}
