import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** The app's mark and name, linking home. `compact` keeps the name for screen readers only. */
export function NavBrand({ compact = false, className }: { compact?: boolean; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <Link to="/home" className={cn('flex min-w-0 items-center gap-2.5 rounded-md font-semibold', className)}>
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8 shrink-0" />
      <span className={cn('truncate text-base', compact && 'sr-only')}>{t('appName')}</span>
    </Link>
  );
}
