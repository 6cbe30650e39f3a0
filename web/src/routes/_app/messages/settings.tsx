import { createFileRoute } from '@tanstack/react-router';
import { MessagingAccountPage } from '@/features/messages/components/account-page';

/** /messages/settings (read admin; issue 16 item 1): the company's WhatsApp account, its webhook and the connection test. */
export const Route = createFileRoute('/_app/messages/settings')({
  staticData: { action: 'read', subject: 'admin' },
  component: MessagingAccountPage,
});
