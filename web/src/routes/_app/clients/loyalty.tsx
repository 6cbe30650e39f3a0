import { createFileRoute } from '@tanstack/react-router';
import { LoyaltyOwedPage } from '@/features/clients/financial/loyalty-owed-page';

/**
 * /clients/loyalty (docs/loyalty.md "Balances owed"): the cashback and points the company owes its
 * clients. Read on clientes; the API answers only who sees every client of the company (403 otherwise).
 */
export const Route = createFileRoute('/_app/clients/loyalty')({
  staticData: { action: 'read', subject: 'clientes', namespaces: ['clients-financial'] },
  component: LoyaltyOwedPage,
});
