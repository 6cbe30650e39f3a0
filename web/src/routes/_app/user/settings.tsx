import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '@/features/settings/components/settings-page';

/** /user/settings: the user's account (read auth: every logged-in user). */
export const Route = createFileRoute('/_app/user/settings')({
  staticData: { action: 'read', subject: 'auth' },
  component: SettingsPage,
});
