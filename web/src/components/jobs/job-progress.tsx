import type { Job } from '@ev/shared/schemas/jobs';
import { useTranslation } from 'react-i18next';
import { localeOf } from '@/lib/i18n';
import { cn } from '@/lib/cn';

export interface JobProgressProps {
  job: Pick<Job, 'status' | 'processed' | 'total'>;
  /** What is being counted, for the accessible name ("Exportação", "Importação"). */
  label: string;
  className?: string;
}

/**
 * A job's progress: a bar with processed/total (role progressbar with aria-valuenow, so a screen
 * reader hears it), indeterminate while the total is unknown.
 */
export function JobProgress({ job, label, className }: JobProgressProps) {
  const { t, i18n } = useTranslation('jobs');
  const number = new Intl.NumberFormat(localeOf(i18n.language));
  const total = job.total ?? null;
  const done = job.status === 'done';
  const value = total ? Math.min(job.processed, total) : done ? 1 : 0;
  const max = total || 1;
  const percent = total ? Math.round((value / max) * 100) : done ? 100 : null;
  const text =
    job.status === 'queued'
      ? t('progress.queued')
      : total
        ? t('progress.count', { processed: number.format(value), total: number.format(total), percent })
        : t('progress.processed', { processed: number.format(job.processed) });
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        {...(percent === null ? {} : { 'aria-valuenow': value })}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full bg-primary transition-[width] duration-300', percent === null && 'w-1/3 animate-pulse')}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground tabular-nums" aria-hidden>
        {text}
      </p>
    </div>
  );
}
