import { createFileRoute } from '@tanstack/react-router';
import { CreateBatchPage } from '@/features/messages/components/create-page';

/** /messages/create (create mensagens; spec section 2): send an approved template to clients. */
export const Route = createFileRoute('/_app/messages/create')({
  staticData: { action: 'create', subject: 'mensagens' },
  component: CreateBatchPage,
});
