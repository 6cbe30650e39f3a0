import { useEffect } from 'react';
import { APP_PREFIX } from '@/lib/storage-keys';
import { preferences } from '@/lib/preferences';

/**
 * Keeps <html> in step with the display preferences on every page (blank layout included): the
 * OS switching light/dark while the theme is 'system', and choices made in another tab.
 */
export function PreferencesSync() {
  useEffect(() => {
    const mql = window.matchMedia('(prefers-color-scheme: dark)');
    const onScheme = () => {
      if (preferences.get().theme === 'system') preferences.reload();
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key.startsWith(`${APP_PREFIX}-`)) preferences.reload();
    };
    mql.addEventListener('change', onScheme);
    window.addEventListener('storage', onStorage);
    preferences.reload();
    return () => {
      mql.removeEventListener('change', onScheme);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return null;
}
