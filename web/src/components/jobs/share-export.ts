import { useState } from 'react';
import type { Job } from './jobs-api';
import { downloadJob, jobFile, ShareUnsupportedError, useExport } from './start-export';

/** What the share sheet is given beside the file. */
export interface ShareData {
  title: string;
  text?: string;
}

/** The share sheet failed for a reason of its own (not a closed sheet, not a missing one). */
export class ShareFailedError extends Error {
  constructor() {
    super('share failed');
    this.name = 'ShareFailedError';
  }
}

/**
 * An export's PDF shared through the browser's share sheet (docs/jobs.md "In the web"), the one
 * way the price chart and a sale share a file:
 * - a browser without a share sheet: the file is downloaded, and `error` is the spec's "sharing
 *   not supported" (ShareUnsupportedError 'share');
 * - one that cannot share files (`navigator.canShare`): downloaded, and "file sharing not
 *   supported" ('files');
 * - the sheet refused for want of the click (the export took long and the browser's user
 *   activation ran out): `pending` holds the file, and `sharePending()` from a new click shares it;
 * - the user closing the sheet: nothing.
 */
export function useShareExport(name: string) {
  const exporting = useExport(name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState<{ file: File; data: ShareData } | null>(null);

  const share = async (file: File, data: ShareData) => {
    try {
      await navigator.share({ files: [file], ...data });
      setPending(null);
    } catch (e) {
      if (e instanceof DOMException && e.name === 'NotAllowedError') setPending({ file, data });
      else if (!(e instanceof DOMException && e.name === 'AbortError')) setError(new ShareFailedError());
    }
  };

  const start = async (query: Record<string, unknown>, data: ShareData): Promise<void> => {
    setError(null);
    setPending(null);
    const sheet = typeof navigator.share === 'function';
    setBusy(true);
    try {
      // No sheet at all: the file is downloaded as it is made.
      const job: Job = await exporting.startAsync('pdf', query, { download: !sheet });
      if (!sheet) {
        setError(new ShareUnsupportedError('share'));
        return;
      }
      const file = await jobFile(job, 'application/pdf');
      if (typeof navigator.canShare !== 'function' || !navigator.canShare({ files: [file] })) {
        setError(new ShareUnsupportedError('files'));
        await downloadJob(job);
        return;
      }
      await share(file, data);
    } catch (e) {
      if (!(e instanceof DOMException && e.name === 'AbortError')) setError(e);
    } finally {
      setBusy(false);
    }
  };

  return {
    start,
    busy,
    /** The export's job while it runs (for <JobProgress>). */
    job: exporting.job,
    error,
    /** A file whose sharing waits for a new click. */
    pending: pending !== null,
    sharePending: () => (pending ? share(pending.file, pending.data) : Promise.resolve()),
  };
}
