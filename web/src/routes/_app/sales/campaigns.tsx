import { createFileRoute } from '@tanstack/react-router';
import { CampaignResultsPage } from '@/features/sales-dashboard/campaign-results-page';

/** /sales/campaigns (docs/campaigns.md "Results"): what each campaign sold. Company-wide figures: dashboard on vendas. */
export const Route = createFileRoute('/_app/sales/campaigns')({
  staticData: { action: 'dashboard', subject: 'vendas' },
  component: CampaignResultsPage,
});
