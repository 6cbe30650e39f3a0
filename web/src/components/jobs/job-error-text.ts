import { apiErrorText } from '@/lib/api-error-text';
import { i18n } from '@/lib/i18n';
import { JobFailedError, ShareUnsupportedError } from './start-export';
import { UploadError } from './jobs-api';

/**
 * What to tell the user about a failed export, share or import step: the job's own reason, the
 * spec's export messages (fetch error, sharing not supported, file sharing not supported), or the
 * API's message.
 */
export function jobErrorText(error: unknown): string {
  const t = (key: string) => i18n.t(`jobs:${key}`);
  if (error instanceof JobFailedError) return error.job.error ?? t('errors.failed');
  if (error instanceof ShareUnsupportedError) return error.what === 'share' ? t('errors.shareNotSupported') : t('errors.fileShareNotSupported');
  if (error instanceof UploadError) return t('errors.upload');
  if (error instanceof DOMException && error.name === 'AbortError') return t('errors.cancelled');
  return apiErrorText(error, t('errors.fetch'));
}
