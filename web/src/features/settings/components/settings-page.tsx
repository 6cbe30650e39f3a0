import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/use-session';
import { PasswordCard } from './password-card';
import { PreferencesCard } from './preferences-card';
import { ProfileCard } from './profile-card';
import { SessionCard } from './session-card';
import { PageHeader } from '@/components/page-header';

/** /user/settings: the user's data, what it may change of them itself, the password change, its sessions and sign-out. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { data } = useSession();
  if (!data) return null;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-4">
          <ProfileCard fallback={data} />
          <PreferencesCard userId={data.user.id} />
        </div>
        <div className="flex flex-col gap-4">
          <PasswordCard />
          <SessionCard />
        </div>
      </div>
    </div>
  );
}
