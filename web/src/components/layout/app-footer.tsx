import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { BarType } from '@/lib/preferences';

/** The footer: hidden by default (spec section 4), or static or sticky. */
export function AppFooter({ type, boxedClass }: { type: BarType; boxedClass: string }) {
  const { t } = useTranslation('layout');
  if (type === 'hidden') return null;
  return (
    <footer data-testid="app-footer" className={cn('z-10 border-t border-border bg-card/90 backdrop-blur no-print', type === 'sticky' && 'sticky bottom-0')}>
      <div className={cn('flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-xs text-muted-foreground md:px-6', boxedClass)}>
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
        <span>{t('footer.version', { version: import.meta.env.VITE_APP_VERSION })}</span>
      </div>
    </footer>
  );
}
