import { createFileRoute } from '@tanstack/react-router';
import { DeliveryPage } from '@/features/sales/delivery/delivery-page';

/** /sales/delivery#<token> (the spec's path, blank layout): public, whoever holds the link, signed in or not. */
export const Route = createFileRoute('/_blank/sales/delivery')({
  staticData: { public: true, namespaces: ['sales-delivery', 'messages'] },
  component: DeliveryPage,
});
