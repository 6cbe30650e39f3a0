import type { ExportFormat, ImportInfo, ImportUpload, Job, JobDownload } from '@ev/shared/schemas/jobs';
import { api } from '@/lib/api';

/** The jobs API (docs/jobs.md): exports and imports run in the background; the web polls the job. */
export type { ExportFormat, ImportInfo, ImportUpload, Job, JobDownload };

export const jobKey = (id: string) => ['jobs', id] as const;

export const JobsApi = {
  get: (id: string, signal?: AbortSignal) => api<Job>(`/jobs/${id}`, { signal }),
  list: () => api<{ items: Job[] }>('/jobs'),
  download: (id: string) => api<JobDownload>(`/jobs/${id}/download`),
  startExport: (name: string, format: ExportFormat, query: Record<string, unknown>) => api<Job>(`/exports/${name}`, { method: 'POST', body: { format, query } }),
  importInfo: (name: string) => api<ImportInfo>(`/imports/${name}`),
  startImport: (name: string, file: { name: string; size: number }) => api<ImportUpload>(`/imports/${name}`, { method: 'POST', body: { fileName: file.name, size: file.size } }),
  check: (id: string) => api<Job>(`/imports/${id}/check`, { method: 'POST' }),
  run: (id: string) => api<Job>(`/imports/${id}/run`, { method: 'POST' }),
};

/** A job still moving: the web keeps polling it. */
export function isActive(job: Pick<Job, 'status'> | undefined | null): boolean {
  return job?.status === 'queued' || job?.status === 'running';
}

/** The file goes straight to the file store through the signed URL (never through the API). */
export async function uploadFile(upload: ImportUpload, file: Blob): Promise<void> {
  const res = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.uploadHeaders, body: file });
  if (!res.ok) throw new UploadError(res.status);
}

export class UploadError extends Error {
  constructor(readonly status: number) {
    super(`upload failed with ${status}`);
    this.name = 'UploadError';
  }
}

/** How often a running job is polled. */
export const POLL_MS = 1000;

/** Polls a job until it is done or failed (`onUpdate` sees each answer). */
export async function waitForJob(id: string, opts: { onUpdate?(job: Job): void; signal?: AbortSignal; intervalMs?: number } = {}): Promise<Job> {
  for (;;) {
    const job = await JobsApi.get(id, opts.signal);
    opts.onUpdate?.(job);
    if (!isActive(job)) return job;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, opts.intervalMs ?? POLL_MS);
      opts.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(opts.signal!.reason as Error);
      });
    });
  }
}
