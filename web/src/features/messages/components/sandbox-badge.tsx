import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Wherever the sandbox provider shows: nothing it sends leaves the product. */
export function SandboxBadge() {
  const { t } = useTranslation('whatsapp');
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-warning/50 bg-warning/15 px-2 py-0.5 text-xs font-medium text-foreground" title={t('sandbox.hint')}>
      <IconFlask aria-hidden className="size-3.5" />
      {t('sandbox.label')}
    </span>
  );
}
