import { PRESET_KEYS, PRESETS, type PresetKey } from '@ev/shared/permissions';
import type { Profile } from '@ev/shared/schemas/profiles';
import { useTranslation } from 'react-i18next';

/**
 * A profile's name as the screens show it: a preset profile still under its preset's name (the
 * four every company is provisioned with) in the user's language; any other name is the company's
 * own and shows as written.
 */
export function useProfileLabel(): (p: Pick<Profile, 'name' | 'preset'>) => string {
  const { t } = useTranslation('common');
  return (p) => {
    const preset = p.preset as PresetKey | null;
    return preset && PRESET_KEYS.includes(preset) && p.name === PRESETS[preset].name ? t(`presets.${preset}`) : p.name;
  };
}
