import { createFileRoute } from '@tanstack/react-router';
import { OfflinePage } from '@/features/offline/offline-page';

/** /offline: the device's offline work (read auth: every signed-in user; it shows this device's data of the user only). */
export const Route = createFileRoute('/_app/offline')({
  staticData: { action: 'read', subject: 'auth', namespaces: ['offline'] },
  component: OfflinePage,
});
