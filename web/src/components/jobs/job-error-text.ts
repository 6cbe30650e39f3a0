import type { Job, RejectedLine } from '@ev/shared/schemas/jobs';
import { apiErrorText, textOf } from '@/lib/api-error-text';
import { i18n } from '@/lib/i18n';
import { JobFailedError, ShareUnsupportedError } from './start-export';
import { ShareFailedError } from './share-export';
import { UploadError } from './jobs-api';

const known = (key: string) => i18n.exists(`messages:${key}`);

/**
 * Why a job failed, in the current language: from its key and parameters when keyed (docs/texts.md);
 * otherwise the server's text, or `fallback` when there is none.
 */
export function jobFailureText(job: Pick<Job, 'error' | 'errorText'>, fallback: string): string {
  if (job.errorText && known(job.errorText.key)) return textOf(job.errorText);
  return job.error ?? fallback;
}

/** A rejected import line's reason in the current language: each keyed part rendered, joined by a space. */
export function rejectedReasonText(line: Pick<RejectedLine, 'reason' | 'texts'>): string {
  if (line.texts?.length && line.texts.every((t) => known(t.key))) return line.texts.map((t) => textOf(t)).join(' ');
  return line.reason;
}

/**
 * What to tell the user about a failed export, share or import step: the job's own reason, the
 * spec's export messages (fetch error, sharing not supported, file sharing not supported), or the
 * API's message.
 */
export function jobErrorText(error: unknown): string {
  const t = (key: string) => i18n.t(`jobs:${key}`);
  if (error instanceof JobFailedError) return jobFailureText(error.job, t('errors.failed'));
  if (error instanceof ShareUnsupportedError) return error.what === 'share' ? t('errors.shareNotSupported') : t('errors.fileShareNotSupported');
  if (error instanceof ShareFailedError) return t('errors.shareFailed');
  if (error instanceof UploadError) return t('errors.upload');
  if (error instanceof DOMException && error.name === 'AbortError') return t('errors.cancelled');
  return apiErrorText(error, t('errors.fetch'));
}
