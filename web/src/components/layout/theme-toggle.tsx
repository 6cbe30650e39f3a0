import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { preferences, useResolvedScheme } from '@/lib/preferences';

/** The quick light/dark switch of the navbar (the customizer also offers 'system'). */
export function ThemeToggle() {
  const { t } = useTranslation('layout');
  const scheme = useResolvedScheme();
  const next = scheme === 'dark' ? 'light' : 'dark';
  const label = t(next === 'dark' ? 'theme.toDark' : 'theme.toLight');
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={() => preferences.set({ theme: next })} data-shell-action="theme">
      {scheme === 'dark' ? <IconSun aria-hidden className="!size-5" /> : <IconMoon aria-hidden className="!size-5" />}
    </Button>
  );
}
