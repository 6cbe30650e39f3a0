import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** "Ativo" / "Inativo". */
export function UserStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('users');
  return (
    <span className={cn('inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium text-foreground', active ? 'bg-primary/15' : 'bg-muted')}>
      {active ? t('status.active') : t('status.inactive')}
    </span>
  );
}
